#include "cgi/request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string_view>

#include "app/files/picture_files.hpp"
#include "cgi/limits.hpp"
#include "render/text/language.hpp"
#include "slidegif/error.hpp"
#include "solve/table_solve.hpp"

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

double parse_decimal(std::string_view name, std::string_view text, double lo, double hi) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
    bad(fmt::format("{} must be a number, not \"{}\"", name, text));
  if (value < lo || value > hi) bad(fmt::format("{} must be between {} and {}", name, lo, hi));
  return value;
}

bool parse_flag(std::string_view name, std::string_view text) {
  if (text == "1" || text == "true" || text == "yes" || text == "on") return true;
  if (text == "0" || text == "false" || text == "no" || text == "off") return false;
  bad(fmt::format("{} must be 0 or 1", name));
}

void check_title(std::string_view title, const RenderLimits& limits) {
  if (title.size() > limits.max_title_bytes) {
    bad(fmt::format("title too long ({} bytes; limit {})", title.size(), limits.max_title_bytes));
  }
  // Control characters would not draw; refusing them also keeps messages on one line.
  if (std::any_of(title.begin(), title.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
    bad("title must not contain control characters");
  }
}

// The value of a parameter the handler reads; an empty one counts as absent (an HTML form sends
// its empty fields). Refuses one given twice: every parameter read is checked, so no list of
// names can fall behind the parameters.
class Params {
 public:
  explicit Params(const QueryParams& query) : query_(query) {}
  std::optional<std::string_view> get(std::string_view name) const {
    std::optional<std::string_view> value;
    bool seen = false;
    for (const auto& [k, v] : query_) {
      if (k != name) continue;
      if (seen) bad(fmt::format("parameter {} given more than once", name));
      seen = true;
      if (!v.empty()) value = v;
    }
    return value;
  }

 private:
  const QueryParams& query_;
};

// Past any God's number this program knows (2x7: 108); the draw names the real range.
constexpr int kMaxMovesParam = 1000;

void parse_puzzle(const Params& q, PuzzleSpec& p) {
  if (auto v = q.get("size")) p.shape = parse_shape(*v);
  if (p.shape) validate_shape(*p.shape);
  if (auto v = q.get("start")) {
    p.start = parse_board(*v, p.shape);
    if (p.shape && p.start->shape() != *p.shape) {
      bad(fmt::format("start is {} but size is {}", format_shape(p.start->shape()),
                      format_shape(*p.shape)));
    }
  }
  if (auto v = q.get("goal")) {
    if (*v == "random") {
      p.random_goal = true;
    } else {
      const std::optional<Shape> hint = p.start ? std::optional(p.start->shape()) : p.shape;
      p.goal = parse_board(*v, hint);
      if (hint && p.goal->shape() != *hint) {
        bad(fmt::format("goal is {} but the start (or size) is {}", format_shape(p.goal->shape()),
                        format_shape(*hint)));
      }
    }
  }
  std::optional<bool> random;
  if (auto v = q.get("random")) random = parse_flag("random", *v);
  if (random.value_or(false) && p.start) bad("give either start or random=1, not both");
  if (random && !*random && !p.start) bad("random=0 needs a start board");
  if (auto v = q.get("seed")) p.seed = parse_int<std::uint64_t>("seed", *v, 0, UINT64_MAX);
  if (auto v = q.get("moves")) {
    if (p.start) bad("give either start or moves, not both");
    p.moves = *v == "max" ? kHardestMoves : parse_int("moves", *v, 0, kMaxMovesParam);
  }
}

void parse_animation(const Params& q, const RenderLimits& l, AnimationOptions& r) {
  if (auto v = q.get("tile")) {
    r.tile_px = parse_int("tile", *v, l.min_tile_px, l.max_tile_px);
    r.fit_tile = false;
  }
  if (auto v = q.get("speed")) r.speed = parse_decimal("speed", *v, l.min_speed, l.max_speed);
  if (auto v = q.get("max_duration")) {
    const double seconds = parse_decimal("max_duration", *v, 0.0, l.max_duration_ms / 1000.0);
    if (seconds != 0 && seconds < 1) bad("max_duration must be 0 (no limit) or at least 1 second");
    r.max_duration_ms = static_cast<int>(std::lround(seconds * 1000));
  }
  if (auto v = q.get("captions")) r.captions = parse_flag("captions", *v);
  if (auto v = q.get("mark")) r.mark_moving = parse_flag("mark", *v);
  if (auto v = q.get("delay")) r.delay_ms = parse_int("delay", *v, l.min_delay_ms, l.max_delay_ms);
  if (auto v = q.get("tween")) {
    r.tween = parse_int("tween", *v, 0, l.max_tween);
    r.fit_tween = false;
  }
  if (auto v = q.get("loop")) r.loop = parse_int("loop", *v, 0, l.max_loop);
  if (auto v = q.get("moves_per_frame"))
    r.moves_per_frame = parse_int("moves_per_frame", *v, 1, kMaxMovesPerFrame);
  if (auto v = q.get("theme")) {
    const auto names = theme_names();
    if (std::find(names.begin(), names.end(), *v) == names.end()) {
      bad(fmt::format("unknown theme \"{}\"; known: {}", *v, fmt::join(names, ", ")));
    }
    r.theme = std::string(*v);
  }
  if (auto v = q.get("show_heuristic")) {
    const auto note = tile_note_from_name(*v);
    if (!note)
      bad(fmt::format("show_heuristic must be manhattan, misplaced or none, not \"{}\"", *v));
    r.tile_note = *note;
  }
  if (auto v = q.get("numbers")) r.numbers = parse_flag("numbers", *v);
  if (auto v = q.get("dither")) r.dither = parse_flag("dither", *v);
  if (auto v = q.get("lang")) {
    if (detail::find_language(*v) == nullptr) {
      bad(fmt::format("unknown lang \"{}\"; known: {}", *v,
                      fmt::join(detail::language_codes(), ", ")));
    }
    r.lang = std::string(*v);
  }
  if (auto v = q.get("title")) {
    check_title(*v, l);
    r.title = std::string(*v);
  }
}

// format= (by name, as --format) and frame= (a still's, only with format=png).
void parse_encoding(const Params& q, const RenderLimits& l, Encoding& e) {
  if (auto v = q.get("format")) e.format = format_named(*v);
  if (!can_write(e.format)) {
    // slidegif.cgi is linked statically, and Debian's FFmpeg is shared only.
    bad(
        fmt::format("format={} is video, which slidegif.cgi does not write: ask slidegif.fcgi "
                    "for it (see SERVING.md)",
                    format_info(e.format).name));
  }
  if (auto v = q.get("frame")) {
    if (e.format != OutputFormat::Png) bad("frame= is a still's frame: it needs format=png");
    e.frame = parse_int("frame", *v, -1, l.max_frames);
  }
}

}  // namespace

app::Job default_job(const RequestLimits& limits) {
  app::Job job;
  job.solve = limits.solve;
  job.limits = {.render = limits.render, .max_cells = kMaxRequestCells};
  // The animation's defaults are everyone's (AnimationOptions): the same picture as the
  // command line's for the same options. As there, a tile size not asked for fits the board.
  job.animation.fit_tile = true;
  job.animation.fit_tween = true;
  return job;
}

std::optional<std::string> picture_name(const QueryParams& query) {
  const Params params(query);
  const auto name = params.get("picture");
  if (!name) return std::nullopt;
  if (!app::valid_picture_name(*name)) {
    bad("picture must be a picture's name: 1 to 64 letters, digits, '-' or '_'");
  }
  return std::string(*name);
}

bool wants_health(const QueryParams& query) {
  const auto v = Params(query).get("health");
  return v && parse_flag("health", *v);
}

bool wants_picture_list(const QueryParams& query) {
  const auto v = Params(query).get("pictures");
  return v && parse_flag("pictures", *v);
}

bool names_format(const QueryParams& query) {
  return Params(query).get("format").has_value();
}

app::Job parse_job(const QueryParams& query, const RequestLimits& limits) {
  const Params params(query);
  app::Job job = default_job(limits);
  parse_puzzle(params, job.puzzle);
  parse_animation(params, job.limits.render, job.animation);
  parse_encoding(params, job.limits.render, job.encoding);
  if (auto v = params.get("metric")) {
    const auto metric = metric_from_name(*v);
    if (!metric) bad(fmt::format("metric must be stm or mtm, not \"{}\"", *v));
    job.solve.metric = *metric;
  }
  return job;
}

}  // namespace slidegif::cgi
