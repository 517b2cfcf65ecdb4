// A frame of an explanation is the solution animations' frame (FrameRenderer: title, board,
// caption band) with a panel under it: the notes, then the histogram and its label. The panel
// is drawn in true colour and mapped onto the theme's palette (the text's antialiasing finds
// the caption blends make_palette() holds), so every format gets palette frames as the
// solution animations do.
#include "render/explain/explain_animation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>

#include "render/animation/animation.hpp"
#include "render/animation/frame_renderer.hpp"
#include "render/encode/frame_writer.hpp"
#include "render/gif/gif.hpp"
#include "render/look/theme.hpp"
#include "render/pixels/quantizer.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

[[noreturn]] void bad_explain(const std::string& message, Error::Hint hint = Error::Hint::None) {
  throw Error(Error::Kind::BadInput, message, hint);
}

// Where the panel's parts go, the same for every frame.
struct Panel {
  int width = 0;  // the whole frame's
  int top = 0;    // the panel's first row (the board frame's height)
  int height = 0;
  double pt = 0;                 // the notes' and the label's size
  int line_h = 0;                // rows a line of text takes
  int notes = 0;                 // lines of notes (the most any frame has)
  int bars_top = 0, bars_h = 0;  // the histogram's rows (bars_h 0: none)
  std::size_t bar_count = 0;
  std::uint64_t bar_max = 1;  // the histogram's scale: the tallest bar of any frame
};

constexpr int kMargin = 10;
constexpr int kMinPanelWidth = 320;

Panel lay_out_panel(const ExplainScript& script, const FrameLayout& frame, GlyphCache& glyphs) {
  Panel p;
  p.top = frame.height;
  p.pt = frame.caption_pt > 0 ? frame.caption_pt * 0.85 : kMinTextPx * kPointsPerPixel;
  p.pt = std::max(p.pt, kMinTextPx * kPointsPerPixel);
  p.line_h = static_cast<int>(std::ceil(p.pt / kPointsPerPixel * 1.6));
  int widest = 0;
  for (const ExplainFrame& f : script.frames) {
    p.notes = std::max(p.notes, static_cast<int>(f.notes.size()));
    for (const std::string& note : f.notes) {
      const TextBox box = glyphs.measure(p.pt, note);
      widest = std::max(widest, box.right - box.left);
    }
    p.bar_count = std::max(p.bar_count, f.bars.size());
    for (const std::uint64_t b : f.bars) p.bar_max = std::max(p.bar_max, b);
  }
  if (!script.bars_label.empty()) {
    const TextBox box = glyphs.measure(p.pt, script.bars_label);
    widest = std::max(widest, box.right - box.left);
  }
  p.width = std::max({frame.width, widest + 2 * kMargin, kMinPanelWidth});
  p.bars_top = p.top + kMargin / 2 + p.notes * p.line_h + kMargin / 2;
  p.bars_h = p.bar_count > 0 ? std::max(60, frame.tile_px) : 0;
  p.height = kMargin / 2 + p.notes * p.line_h + kMargin / 2 +
             (p.bars_h > 0 ? p.bars_h + p.line_h : 0) + kMargin / 2;
  return p;
}

void draw_centred(gdImage& im, GlyphCache& glyphs, double pt, int centre, int baseline, Rgb colour,
                  const std::string& text) {
  const TextBox box = glyphs.measure(pt, text);
  glyphs.draw(im, pt, centre - (box.left + box.right) / 2, baseline, colour, text);
}

// The panel of `f` on true-colour `im` (the whole frame's size; only the panel is drawn).
void draw_panel(gdImage& im, const Panel& p, const ExplainFrame& f, const std::string& label,
                const Theme& theme, GlyphCache& glyphs) {
  const auto rgb = [](Rgb c) { return gdTrueColor(c.r, c.g, c.b); };
  gdImageFilledRectangle(&im, 0, p.top, p.width - 1, p.top + p.height - 1, rgb(theme.canvas));
  const int cap = static_cast<int>(std::lround(p.pt / kPointsPerPixel * 0.72));  // cap height
  int y = p.top + kMargin / 2;
  for (const std::string& note : f.notes) {
    draw_centred(im, glyphs, p.pt, p.width / 2, y + (p.line_h + cap) / 2, theme.caption, note);
    y += p.line_h;
  }
  if (p.bars_h == 0) return;
  const int left = kMargin, right = p.width - kMargin;
  const int base = p.bars_top + p.bars_h;
  gdImageLine(&im, left, base, right, base, rgb(theme.caption));
  const double step = static_cast<double>(right - left) / static_cast<double>(p.bar_count);
  for (std::size_t i = 0; i < f.bars.size(); ++i) {
    if (f.bars[i] == 0) continue;
    // At least a pixel for any count: a layer begun shows at once.
    const int h =
        std::max(1, static_cast<int>(std::lround(static_cast<double>(f.bars[i]) /
                                                 static_cast<double>(p.bar_max) * (p.bars_h - 1))));
    const int x0 = left + static_cast<int>(std::lround(step * static_cast<double>(i))) + 1;
    const int x1 = std::max(x0, left + static_cast<int>(std::lround(step * (i + 1.0))) - 1);
    const Rgb fill = static_cast<int>(i) == f.marked_bar ? theme.title : theme.board;
    gdImageFilledRectangle(&im, x0, base - h, x1, base - 1, rgb(fill));
  }
  if (!label.empty()) {
    draw_centred(im, glyphs, p.pt, p.width / 2, base + (p.line_h + cap) / 2, theme.caption, label);
  }
}

void check_script(const ExplainScript& script, const AnimationOptions& look,
                  const RenderLimits& limits) {
  if (script.frames.empty()) bad_explain("an explanation needs at least one frame");
  if (static_cast<long long>(script.frames.size()) > limits.max_frames) {
    bad_explain(fmt::format("the explanation would have {} frames; the limit is {}",
                            script.frames.size(), limits.max_frames));
  }
  if (look.tile_px < limits.min_tile_px || look.tile_px > limits.max_tile_px) {
    bad_explain(fmt::format("tile size {} is outside {} to {} pixels", look.tile_px,
                            limits.min_tile_px, limits.max_tile_px));
  }
  const Shape shape = script.frames.front().board.shape();
  for (const ExplainFrame& f : script.frames) {
    if (!(f.board.shape() == shape))
      bad_explain("every frame of an explanation has the same board shape");
  }
}

}  // namespace

Animation render_explanation(const ExplainScript& script, const AnimationOptions& look,
                             const Encoding& encoding, const RenderLimits& given) {
  const RenderLimits limits = limits_for(given, encoding);
  check_script(script, look, limits);
  const Theme& theme = find_theme(look.theme);
  const Palette palette = make_palette(theme);
  std::vector<std::string> captions;
  for (const ExplainFrame& f : script.frames) captions.push_back(f.caption);
  const Shape shape = script.frames.front().board.shape();
  FrameRenderer renderer(shape, theme, palette, FrameText{look.font, script.title, captions},
                         look.tile_px);
  if (look.tile_note != TileNote::None)
    renderer.use_notes(look.tile_note, script.goal.value_or(Board::standard_goal(shape)));
  const FrameLayout& L = renderer.layout();
  GlyphCache glyphs(look.font);
  const Panel panel = lay_out_panel(script, L, glyphs);
  const int width = panel.width, height = panel.top + panel.height;
  const auto frames = static_cast<long long>(script.frames.size());
  if (static_cast<long long>(width) * height > limits.max_frame_pixels ||
      static_cast<long long>(width) * height * frames > limits.max_total_pixels) {
    bad_explain(
        fmt::format("the explanation would draw {} pixels a frame, {} in all ({} frames); the "
                    "limits are {} and {}",
                    static_cast<long long>(width) * height,
                    static_cast<long long>(width) * height * frames, frames,
                    limits.max_frame_pixels, limits.max_total_pixels),
        Error::Hint::TileOrFrames);
  }
  Encoding resolved = encoding;
  if (encoding.format == OutputFormat::Png)
    resolved.frame = still_frame_index(encoding.frame, static_cast<int>(frames));

  const int canvas_index = palette.nearest(theme.canvas);
  GdImage canvas = make_palette_image(width, height, palette, canvas_index);
  GdImage panel_art = make_truecolor_image(width, height);
  Quantizer quantizer(palette);
  std::optional<GifEncoder> gif;
  std::unique_ptr<FrameWriter> writer;
  if (resolved.format == OutputFormat::Gif) {
    gif.emplace(palette, width, height, look.loop);
  } else {
    writer = make_frame_writer(resolved, palette, width, height, look.loop);
  }
  const int board_x = (width - L.width) / 2;
  for (const ExplainFrame& f : script.frames) {
    GdImage board = renderer.new_frame();
    renderer.draw_board(*board, f.board);
    renderer.draw_caption(*board, f.caption);
    for (int y = 0; y < L.height; ++y)
      std::memcpy(canvas->pixels[y] + board_x, board->pixels[y], static_cast<std::size_t>(L.width));
    draw_panel(*panel_art, panel, f, script.bars_label, theme, glyphs);
    quantizer.map(*panel_art, Rect{0, panel.top, width, panel.height}, *canvas);
    const int delay_cs = std::max(kMinExplainDelayMs, f.delay_ms) / 10;
    if (gif) {
      gif->add_frame(view(*canvas), delay_cs);
    } else {
      writer->add_frame(view(*canvas), delay_cs, Rect{0, 0, width, height});
      if (writer->complete()) break;
    }
  }
  Animation out;
  out.frames = gif ? gif->frames() : writer->frames();
  out.bytes = gif ? std::move(*gif).finish() : std::move(*writer).finish();
  out.width = width;
  out.height = height;
  return out;
}

}  // namespace slidegif::detail
