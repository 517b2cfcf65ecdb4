#include "slidegif/animation.hpp"

#include <fmt/format.h>

#include <cmath>

#include "animation_layout.hpp"
#include "frame_renderer.hpp"
#include "slidegif/error.hpp"
#include "slidegif/gif.hpp"

namespace slidegif {

namespace {

[[noreturn]] void bad(const std::string& what, Error::Hint hint = Error::Hint::None) {
  throw Error(Error::Kind::BadInput, what, hint);
}

void check_range(const char* what, long long value, long long lo, long long hi,
                 const char* unit = "") {
  if (value < lo || value > hi)
    bad(fmt::format("{} {}{} is outside {}..{}", what, value, unit, lo, hi));
}

void check_options(const AnimationOptions& o, const RenderLimits& limits) {
  find_theme(o.theme);  // throws with the list of names
  check_range("tile size", o.tile_px, limits.min_tile_px, limits.max_tile_px, " px");
  check_range("tween", o.tween, 0, limits.max_tween);
  check_range("delay", o.delay_ms, limits.min_delay_ms, limits.max_delay_ms, " ms");
  check_range("first hold", o.first_hold_ms, 0, limits.max_delay_ms, " ms");
  check_range("last hold", o.last_hold_ms, 0, limits.max_delay_ms, " ms");
  check_range("loop", o.loop, 0, limits.max_loop);
  if (o.title.size() > limits.max_title_bytes) {
    bad(fmt::format("title too long ({} bytes; limit {})", o.title.size(), limits.max_title_bytes));
  }
}

// Smooth start and stop, so the sliding tile does not jerk.
double ease_in_out(double t) {
  return t < 0.5 ? 4 * t * t * t : 1 - std::pow(-2 * t + 2, 3) / 2;
}

// Frame delays come from a running timeline rounded to centiseconds, so rounding errors do not
// add up over many short tween frames.
class Timeline {
 public:
  int next_cs(double ms) {
    const auto start = std::lround(ms_ / 10);
    ms_ += ms;
    return static_cast<int>(std::lround(ms_ / 10) - start);
  }

 private:
  double ms_ = 0;
};

}  // namespace

long long animation_frames(std::size_t moves, int tween) {
  return 1 + static_cast<long long>(moves) * (static_cast<long long>(tween) + 1);
}

void check_animation(const AnimationOptions& o, Shape shape, std::size_t moves,
                     const RenderLimits& limits) {
  check_options(o, limits);
  // Cheap first: a huge move list must fail before anything is measured or drawn.
  const long long frames = animation_frames(moves, o.tween);
  if (frames > limits.max_frames) {
    bad(fmt::format("the animation would have {} frames ({} moves, {} sliding frames per move); "
                    "the limit is {}",
                    frames, moves, o.tween, limits.max_frames),
        Error::Hint::Tween);
  }
  const long long frame_px =
      static_cast<long long>(shape.cols) * o.tile_px * shape.rows * o.tile_px;
  if (frame_px > limits.max_frame_pixels) {
    bad(fmt::format("the board would be {} pixels per frame; the limit is {}", frame_px,
                    limits.max_frame_pixels),
        Error::Hint::Tile);
  }
  if (frame_px * frames > limits.max_total_pixels) {
    bad(fmt::format("the animation would draw {} board pixels in all ({} frames); the limit is {}",
                    frame_px * frames, frames, limits.max_total_pixels),
        Error::Hint::TileOrTween);
  }
}

std::vector<std::string> theme_names() {
  std::vector<std::string> names;
  for (const auto& t : themes()) names.emplace_back(t.name);
  return names;
}

Animation render_animation(const Board& start, const std::vector<Move>& moves,
                           const AnimationOptions& options, const RenderLimits& limits) {
  check_animation(options, start.shape(), moves.size(), limits);
  const std::size_t n = moves.size();

  AnimationLayout laid = lay_out_animation(start, moves, options);
  const auto& step_captions = laid.captions.steps;
  const auto& first_caption = laid.captions.first;
  const auto& last_caption = laid.captions.last;

  const Theme& theme = find_theme(options.theme);
  const Palette palette = make_palette(theme);
  FrameRenderer renderer(start.shape(), theme, palette, laid.text, laid.frame,
                         std::move(laid.glyphs));
  const FrameLayout& layout = renderer.layout();
  GifEncoder gif(palette, layout.width, layout.height, options.loop);
  Timeline timeline;

  auto frame = renderer.new_frame();
  Board board = start;
  renderer.draw_board(*frame, board);
  renderer.draw_caption(*frame, first_caption);
  gif.add_frame(view(*frame), timeline.next_cs(options.first_hold_ms));

  // Each move takes delay_ms: with tweens, the slide uses the first half and the key frame
  // holds for the second; the last key frame holds for last_hold_ms instead.
  const int k_tween = options.tween;
  const double slide_ms = k_tween > 0 ? options.delay_ms / 2.0 : 0.0;
  const std::string* shown_caption = &first_caption;
  // Step captions share one left edge, not each its own centre: from one step to the next
  // only the glyphs that differ change, and the text does not shift about as it is read.
  const int step_pen_x = renderer.caption_pen_x(step_captions);
  // The caption band joins the area the encoder compares only when the caption changes.
  auto show_caption = [&](const std::string& caption, Rect cells) {
    if (caption == *shown_caption) return cells;
    if (&caption == &last_caption) {
      renderer.draw_caption(*frame, caption);
    } else {
      renderer.draw_caption(*frame, caption, step_pen_x);
    }
    shown_caption = &caption;
    return unite(cells, layout.caption);
  };
  for (std::size_t k = 0; k < n; ++k) {
    const int from = board.target(moves[k]);
    const int to = board.blank();
    const int tile = board.at(from);
    const Rect cells = unite(renderer.cell_rect(from), renderer.cell_rect(to));
    for (int i = 1; i <= k_tween; ++i) {
      renderer.draw_slide(*frame, from, to, tile, ease_in_out(double(i) / (k_tween + 1)));
      const Rect dirty = show_caption(step_captions[k], cells);
      gif.add_frame(view(*frame), timeline.next_cs(slide_ms / k_tween), &dirty);
    }
    board.apply(moves[k]);
    renderer.draw_cell(*frame, from, 0);
    renderer.draw_cell(*frame, to, tile);
    const bool last = k + 1 == n;
    const Rect dirty = show_caption(last ? last_caption : step_captions[k], cells);
    const double hold = last ? options.last_hold_ms : options.delay_ms - slide_ms;
    gif.add_frame(view(*frame), timeline.next_cs(hold), &dirty);
  }

  Animation out;
  out.frames = gif.frames();
  out.width = layout.width;
  out.height = layout.height;
  out.bytes = std::move(gif).finish();
  return out;
}

}  // namespace slidegif
