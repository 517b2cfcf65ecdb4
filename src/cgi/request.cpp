#include "cgi/request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string_view>

#include "cgi/limits.hpp"
#include "slidegif/error.hpp"
#include "slidegif/puzzle.hpp"
#include "slidegif/solvability.hpp"

namespace slidegif::cgi {
namespace {

[[noreturn]] void bad(const std::string& message) {
  throw Error(Error::Kind::BadInput, message);
}

template <class Int>
Int parse_int(std::string_view name, std::string_view text, Int lo, Int hi) {
  Int value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range ||
      (ec == std::errc{} && end == text.data() + text.size() && (value < lo || value > hi))) {
    bad(fmt::format("{} must be between {} and {}", name, lo, hi));
  }
  if (ec != std::errc{} || end != text.data() + text.size()) {
    bad(fmt::format("{} must be a whole number, not \"{}\"", name, text));
  }
  return value;
}

bool parse_flag(std::string_view name, std::string_view text) {
  if (text == "1" || text == "true" || text == "yes" || text == "on") return true;
  if (text == "0" || text == "false" || text == "no" || text == "off") return false;
  bad(fmt::format("{} must be 0 or 1", name));
}

void check_title(std::string_view title) {
  if (title.size() > kRenderLimits.max_title_bytes) {
    bad(fmt::format("title too long ({} bytes; limit {})", title.size(),
                    kRenderLimits.max_title_bytes));
  }
  // Control characters would not draw; refusing them also keeps the canonical text one line.
  if (std::any_of(title.begin(), title.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    bad("title must not contain control characters");
  }
}

}  // namespace

AnimationOptions RequestParams::defaults() {
  AnimationOptions o;
  o.tile_px = 72;
  o.delay_ms = 400;
  o.tween = 3;
  o.first_hold_ms = 1200;
  o.last_hold_ms = 2500;
  return o;
}

RequestParams parse_params(const QueryParams& query) {
  static constexpr std::string_view kKnown[] = {"start", "goal",  "random", "seed", "size", "tile",
                                                "delay", "tween", "theme",  "loop", "title"};
  for (const auto& name : kKnown) {
    const auto count =
        std::count_if(query.begin(), query.end(), [&](const auto& kv) { return kv.first == name; });
    if (count > 1) bad(fmt::format("parameter {} given more than once", name));
  }
  // An empty value counts as absent: an HTML form sends its empty fields.
  const auto get = [&](std::string_view name) -> std::optional<std::string_view> {
    for (const auto& [k, v] : query) {
      if (k == name && !v.empty()) return std::string_view(v);
    }
    return std::nullopt;
  };

  RequestParams p;
  if (auto v = get("size")) p.size = parse_shape(*v);
  if (p.size) validate_shape(*p.size);
  if (auto v = get("start")) {
    p.start = parse_board(*v, p.size);
    if (p.size && p.start->shape() != *p.size) {
      bad(fmt::format("start is {} but size is {}", format_shape(p.start->shape()),
                      format_shape(*p.size)));
    }
  }
  if (auto v = get("goal")) {
    if (*v == "random") {
      p.random_goal = true;
    } else {
      const std::optional<Shape> hint = p.start ? std::optional(p.start->shape()) : p.size;
      p.goal = parse_board(*v, hint);
      if (hint && p.goal->shape() != *hint) {
        bad(fmt::format("goal is {} but the start (or size) is {}", format_shape(p.goal->shape()),
                        format_shape(*hint)));
      }
    }
  }
  if (auto v = get("random")) p.random = parse_flag("random", *v);
  if (p.random.value_or(false) && p.start) bad("give either start or random=1, not both");
  if (p.random && !*p.random && !p.start) bad("random=0 needs a start board");
  if (auto v = get("seed")) {
    p.seed = parse_int<std::uint64_t>("seed", *v, 0, UINT64_MAX);
  }
  AnimationOptions& r = p.render;
  const RenderLimits& l = kRenderLimits;
  if (auto v = get("tile")) r.tile_px = parse_int("tile", *v, l.min_tile_px, l.max_tile_px);
  if (auto v = get("delay")) r.delay_ms = parse_int("delay", *v, l.min_delay_ms, l.max_delay_ms);
  if (auto v = get("tween")) r.tween = parse_int("tween", *v, 0, l.max_tween);
  if (auto v = get("loop")) r.loop = parse_int("loop", *v, 0, l.max_loop);
  if (auto v = get("theme")) {
    const auto names = theme_names();
    if (std::find(names.begin(), names.end(), *v) == names.end()) {
      bad(fmt::format("unknown theme \"{}\"; known: {}", *v, fmt::join(names, ", ")));
    }
    r.theme = std::string(*v);
  }
  if (auto v = get("title")) {
    check_title(*v);
    r.title = std::string(*v);
  }
  return p;
}

Board random_partner(const Board& from, Random& rng) {
  // Uniform whatever the size: a hard draw is still answered within the budget, by the
  // near-optimal fallback if need be (see kFallbackSeconds).
  return random_solvable_board(from, rng);
}

ImageRequest resolve(const RequestParams& params, std::uint64_t entropy) {
  const PuzzleSpec spec{params.start, params.goal, params.random_goal, params.size, params.seed};
  const Shape shape = puzzle_shape(spec);
  if (shape.cells() > kMaxCells) {
    bad(fmt::format("board is {} ({} cells); this server solves at most {} cells",
                    format_shape(shape), shape.cells(), kMaxCells));
  }
  const Puzzle puzzle = resolve_puzzle(spec, [entropy] { return entropy; });

  ImageRequest out{puzzle.start, puzzle.goal, params.render, puzzle.deterministic, {}};
  const AnimationOptions& r = out.render;
  // Every input of the rendered bytes, and nothing else (so "seed=5" on a fixed puzzle, or a
  // cache-busting parameter, shares the cache entry). The program version covers the code.
  out.canonical = fmt::format(
      "slidegif {}\nstart={}\ngoal={}\ntile={}\ndelay={}\ntween={}\ntheme={}\nloop={}\n"
      "first={}\nlast={}\ntitle={}",
      SLIDEGIF_VERSION, format_board(out.start), format_board(out.goal), r.tile_px, r.delay_ms,
      r.tween, r.theme, r.loop, r.first_hold_ms, r.last_hold_ms, r.title);
  return out;
}

}  // namespace slidegif::cgi
