#include "render/animation/animation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>

#include "render/animation/animation_layout.hpp"
#include "render/animation/frame_sequence.hpp"
#include "render/gif/colour_census.hpp"
#include "render/look/theme.hpp"
#include "render/picture/picture_art.hpp"
#include "render/text/language.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

[[noreturn]] void bad(const std::string& what, Error::Hint hint = Error::Hint::None,
                      int suggestion = 0) {
  throw Error(Error::Kind::BadInput, what, hint, suggestion);
}

long long board_pixels(Shape shape, int tile_px) {
  return static_cast<long long>(shape.cols) * tile_px * shape.rows * tile_px;
}

void check_range(const char* what, long long value, long long lo, long long hi,
                 const char* unit = "") {
  if (value < lo || value > hi)
    bad(fmt::format("{} {}{} is outside {}..{}", what, value, unit, lo, hi));
}

void check_options(const AnimationOptions& o, const RenderLimits& limits) {
  find_theme(o.theme);  // throws with the list of names
  if (find_language(o.lang) == nullptr) {
    bad(fmt::format("unknown language \"{}\"; known: {}", o.lang,
                    fmt::join(language_codes(), ", ")));
  }
  check_range("tile size", o.tile_px, limits.min_tile_px, limits.max_tile_px, " px");
  check_range("tween", o.tween, 0, limits.max_tween);
  check_range("delay", o.delay_ms, limits.min_delay_ms, limits.max_delay_ms, " ms");
  check_range("first hold", o.first_hold_ms, 0, limits.max_delay_ms, " ms");
  check_range("last hold", o.last_hold_ms, 0, limits.max_delay_ms, " ms");
  check_range("loop", o.loop, 0, limits.max_loop);
  check_range("moves per frame", o.moves_per_frame, 0, kMaxMovesPerFrame);
  if (o.max_duration_ms != 0)
    check_range("maximum duration", o.max_duration_ms, 1000, limits.max_duration_ms, " ms");
  if (!(o.speed >= limits.min_speed && o.speed <= limits.max_speed)) {
    bad(fmt::format("speed {} is outside {}..{} (times as fast)", o.speed, limits.min_speed,
                    limits.max_speed));
  }
  if (o.title.size() > limits.max_title_bytes) {
    bad(fmt::format("title too long ({} bytes; limit {})", o.title.size(), limits.max_title_bytes));
  }
}

// What would bring an animation's pixels within the limit: a smaller tile when one fits,
// fewer sliding frames when there are any (none to take away at tween 0).
Error::Hint total_pixels_hint(int tween, int fitting_tile) {
  if (tween == 0) return fitting_tile > 0 ? Error::Hint::Tile : Error::Hint::None;
  return fitting_tile > 0 ? Error::Hint::TileOrTween : Error::Hint::Tween;
}

}  // namespace

std::vector<LineMove> line_moves(const std::vector<Move>& moves, Metric metric) {
  std::vector<LineMove> steps;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (metric == Metric::MultiTile && i > 0 && moves[i] == moves[i - 1])
      ++steps.back().count;
    else
      steps.push_back({moves[i]});
  }
  return steps;
}

std::size_t frame_steps(std::size_t moves, int moves_per_frame) {
  const auto per = static_cast<std::size_t>(std::max(1, moves_per_frame));
  return (moves + per - 1) / per;
}

long long animation_frames(std::size_t moves, int tween, int moves_per_frame) {
  const auto steps = static_cast<long long>(frame_steps(moves, moves_per_frame));
  return 1 + steps * (static_cast<long long>(tween) + 1);
}

int largest_fitting_tile(int tile_px, Shape shape, std::size_t moves, int tween,
                         const RenderLimits& limits, int moves_per_frame) {
  const long long frames = animation_frames(moves, tween, moves_per_frame);
  for (int tile = tile_px; tile >= limits.min_tile_px; --tile) {
    const long long px = board_pixels(shape, tile);
    if (px <= limits.max_frame_pixels && px * frames <= limits.max_total_pixels) return tile;
  }
  return 0;
}

AnimationOptions paced_options(const AnimationOptions& options, std::size_t steps, bool goal) {
  AnimationOptions out = options;
  // No division by a speed check_animation refuses (zero, negative, not a number).
  if (!(options.speed > 0 && std::isfinite(options.speed))) return out;
  auto faster = [&](int ms) { return static_cast<int>(std::lround(ms / options.speed)); };
  out.delay_ms = std::max(2 * kMinTweenMs, faster(options.delay_ms));
  out.first_hold_ms = faster(options.first_hold_ms);
  out.last_hold_ms = faster(options.last_hold_ms);
  out.speed = 1.0;  // applied: pacing twice changes nothing
  if (options.max_duration_ms > 0 && steps > 0) {
    const long long holds = out.first_hold_ms * (goal ? 2LL : 1LL) + out.last_hold_ms;
    const long long per_move = (options.max_duration_ms - holds) / static_cast<long long>(steps);
    if (per_move < out.delay_ms)
      out.delay_ms = static_cast<int>(std::max<long long>(kMinPacedDelayMs, per_move));
  }
  // The slide takes half a move (timeline.hpp): each tween frame at least kMinTweenMs.
  out.tween = std::min(out.tween, out.delay_ms / 2 / kMinTweenMs);
  out.tween = std::max(out.tween, 0);
  return out;
}

// The moves a frame shows: as asked, else one unless a frame a move would pass the frame limit,
// or max_duration_ms with each frame kMinPacedDelayMs (a 10x10 answer of ~1,900 moves would
// play for two minutes), then the fewest that keep within both - but one where tweens were
// asked for (fit_tween false), which several moves a frame would drop.
int fitted_moves_per_frame(const AnimationOptions& options, std::size_t moves,
                           const RenderLimits& limits, bool goal) {
  if (options.moves_per_frame > 0) return options.moves_per_frame;
  if (!options.fit_tween && options.tween > 0) return 1;  // the slides were asked for
  const auto n = static_cast<long long>(moves);
  auto at_least = [n](long long steps) { return steps < 1 ? n : (n + steps - 1) / steps; };
  long long per = at_least(limits.max_frames - 1 - (goal ? 1 : 0));
  const AnimationOptions paced = paced_options(options, 0, goal);  // the holds, sped up
  if (options.max_duration_ms > 0) {
    const long long holds = paced.first_hold_ms * (goal ? 2LL : 1LL) + paced.last_hold_ms;
    per = std::max(per, at_least((options.max_duration_ms - holds) / kMinPacedDelayMs));
  }
  return static_cast<int>(std::clamp<long long>(per, 1, std::max(1LL, n)));
}

AnimationOptions fitted_options(const AnimationOptions& options, Shape shape, std::size_t moves,
                                const RenderLimits& limits, bool goal) {
  AnimationOptions decided = options;
  decided.moves_per_frame = fitted_moves_per_frame(options, moves, limits, goal);
  if (decided.moves_per_frame > 1) decided.tween = 0;
  const int per = decided.moves_per_frame;
  AnimationOptions out = paced_options(decided, frame_steps(moves, per), goal);
  while (out.fit_tween && out.tween > 0 &&
         animation_frames(moves, out.tween, per) + (goal ? 1 : 0) > limits.max_frames)
    --out.tween;
  if (!out.fit_tile) return out;
  const int sensible = std::max(limits.min_tile_px, kFitBoardPx / std::max(shape.rows, shape.cols));
  const int wanted = std::clamp(out.tile_px, limits.min_tile_px, sensible);
  if (const int tile = largest_fitting_tile(wanted, shape, moves, out.tween, limits, per))
    out.tile_px = tile;
  else
    out.tile_px = wanted;
  return out;
}

RenderLimits limits_for(const RenderLimits& limits, const Encoding& encoding) {
  RenderLimits out = limits;
  if (format_info(encoding.format).video)
    out.max_total_pixels = std::min(limits.max_total_pixels, limits.max_video_pixels);
  return out;
}

void check_animation(const AnimationOptions& options, Shape shape, std::size_t moves,
                     const RenderLimits& given, bool goal, const Encoding& encoding) {
  check_options(options, given);  // as given: messages name the user's values
  const RenderLimits limits = limits_for(given, encoding);
  const bool video_bound = limits.max_total_pixels < given.max_total_pixels;
  const AnimationOptions o = fitted_options(options, shape, moves, limits, goal);
  // Cheap first: a huge move list must fail before anything is measured or drawn.
  const long long frames = animation_frames(moves, o.tween, o.moves_per_frame) + (goal ? 1 : 0);
  if (frames > limits.max_frames) {
    bad(fmt::format("the animation would have {} frames ({} moves, {} a frame, {} sliding frames "
                    "per move); the limit is {}",
                    frames, moves, o.moves_per_frame, o.tween, limits.max_frames),
        o.tween > 0 ? Error::Hint::Tween : Error::Hint::None);
  }
  const long long frame_px = board_pixels(shape, o.tile_px);
  const int fits =
      largest_fitting_tile(o.tile_px, shape, moves, o.tween, limits, o.moves_per_frame);
  if (frame_px > limits.max_frame_pixels) {
    bad(fmt::format("the board would be {} pixels per frame; the limit is {}", frame_px,
                    limits.max_frame_pixels),
        Error::Hint::Tile, fits);
  }
  if (frame_px * frames > limits.max_total_pixels) {
    bad(fmt::format("the {} would draw {} board pixels in all ({} frames); the limit is {}{}",
                    video_bound ? "video" : "animation", frame_px * frames, frames,
                    limits.max_total_pixels,
                    video_bound ? " for video (an image format has more)" : ""),
        total_pixels_hint(o.tween, fits), fits);
  }
}

}  // namespace slidegif::detail

namespace slidegif {

std::string_view tile_note_name(TileNote note) {
  switch (note) {
    case TileNote::Manhattan:
      return "manhattan";
    case TileNote::Misplaced:
      return "misplaced";
    case TileNote::None:
      break;
  }
  return "none";
}

std::optional<TileNote> tile_note_from_name(std::string_view name) {
  for (const TileNote n : {TileNote::None, TileNote::Manhattan, TileNote::Misplaced})
    if (tile_note_name(n) == name) return n;
  return std::nullopt;
}

std::vector<std::string> theme_names() {
  std::vector<std::string> names;
  for (const auto& t : detail::themes()) names.emplace_back(t.name);
  return names;
}

}  // namespace slidegif

namespace slidegif::detail {

bool shows_goal(const Board& start, const std::vector<Move>& moves,
                const AnimationOptions& options) {
  if (!options.captions || !options.picture.empty()) return false;
  Board goal = start;
  for (const Move m : moves) {
    if (goal.target(m) < 0) return false;  // the captions refuse it
    goal.apply(m);
  }
  return goal != Board::standard_goal(start.shape());
}

namespace {

// A picture's art with its colours ordered for the GIF's code sizes (colour_census.hpp): a first
// pass draws the frames for the census. It costs the drawing again (half as much time again)
// and saves 0.7-0.8% of the GIF (measured on render_bench's pictures: docs/BENCHMARKS.md).
PictureArt picture_art_for_gif(const Board& start, const std::vector<Move>& moves,
                               const AnimationOptions& options, const AnimationLayout& layout,
                               DrawingCache* drawing) {
  PictureArt art = make_picture_art(options.picture, start.shape(), options.tile_px,
                                    find_theme(options.theme), options.dither);
  auto census = std::make_unique<ColourCensus>(layout.frame.width, layout.frame.height);
  ColourCensus& counted = *census;
  FrameSequence pass(start, options, layout, nullptr, drawing, {}, art, std::move(census));
  const std::vector<LineMove> steps = line_moves(moves, options.metric);
  for (std::size_t k = 0; k < steps.size(); ++k) pass.add_step(k, steps[k]);
  reorder_colours(art, counted.order(art.palette));
  return art;
}

}  // namespace

Animation render_animation(const Board& start, const std::vector<Move>& moves,
                           const AnimationOptions& options, const RenderLimits& limits,
                           MovePieces* pieces, DrawingCache* drawing, const Encoding& encoding) {
  const bool goal = shows_goal(start, moves, options);
  const std::size_t steps = line_moves(moves, options.metric).size();
  check_animation(options, start.shape(), steps, limits, goal, encoding);
  return render_fitted_animation(
      start, moves,
      fitted_options(options, start.shape(), steps, limits_for(limits, encoding), goal), pieces,
      drawing, encoding);
}

Animation render_fitted_animation(const Board& start, const std::vector<Move>& moves,
                                  const AnimationOptions& fitted, MovePieces* pieces,
                                  DrawingCache* drawing, const Encoding& encoding) {
  const bool goal = shows_goal(start, moves, fitted);
  const std::vector<LineMove> steps = line_moves(moves, fitted.metric);
  // A still's frame is checked, and -1 made the last one's index, before anything is drawn.
  Encoding resolved = encoding;
  if (encoding.format == OutputFormat::Png) {
    const auto frames =
        animation_frames(steps.size(), fitted.tween, fitted.moves_per_frame) + (goal ? 1 : 0);
    resolved.frame = still_frame_index(encoding.frame, static_cast<int>(frames));
  }
  AnimationLayout layout = lay_out_animation(start, moves, fitted, drawing);
  std::optional<PictureArt> art;
  if (!fitted.picture.empty() && resolved.format == OutputFormat::Gif) {
    art = picture_art_for_gif(start, moves, fitted, layout, drawing);
  }
  FrameSequence sequence(start, fitted, std::move(layout), pieces, drawing, resolved,
                         std::move(art));
  for (std::size_t k = 0; k < steps.size() && !sequence.complete(); ++k) {
    sequence.add_step(k, steps[k]);
  }
  return std::move(sequence).finish();
}

}  // namespace slidegif::detail
