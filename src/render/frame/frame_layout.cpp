#include "render/frame/frame_layout.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "slidegif/error.hpp"

namespace slidegif {

namespace {

constexpr double kMinTextPx = 9.0;  // below this, widen the image rather than shrink the text

int widest(GlyphCache& glyphs, double pt, const std::vector<std::string>& texts) {
  int w = 0;
  for (const auto& t : texts) w = std::max(w, glyphs.measure(pt, t).width());
  return w;
}

// The largest size up to `px` (pixels) at which every text fits in `avail` pixels, never below
// kMinTextPx. Returns {points, widest text at that size}.
std::pair<double, int> fit_text(GlyphCache& glyphs, double px,
                                const std::vector<std::string>& texts, int avail) {
  // Unhinted widths are linear in size except for rounding each end to whole pixels (under
  // kSlackPx together), so one proportional step that allows for it fits. The loop is only a
  // guard for whatever breaks that (a size FreeType rounds oddly, a pathological font).
  constexpr int kSlackPx = 3;
  double pt = px * kPointsPerPixel;
  int w = widest(glyphs, pt, texts);
  const double min_pt = kMinTextPx * kPointsPerPixel;
  for (int i = 0; i < 4 && w > avail && pt > min_pt; ++i) {
    pt = std::max(min_pt, pt * (avail - kSlackPx) / (w + kSlackPx));
    w = widest(glyphs, pt, texts);
  }
  // The caller widens the image to the true widest text, so nothing is ever clipped.
  return {pt, w};
}

}  // namespace

FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text) {
  GlyphCache glyphs(text.font);
  return compute_layout(shape, tile_px, text, glyphs);
}

FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text, GlyphCache& glyphs) {
  if (text.font.empty()) throw Error(Error::Kind::Render, "no font given for the animation");
  FrameLayout L;
  const int s = tile_px;
  L.tile_px = s;
  L.inset = std::max(1, static_cast<int>(std::lround(s * 0.045)));
  L.radius = std::max(2, static_cast<int>(std::lround(s * 0.14)));
  const int pad = std::max(2, static_cast<int>(std::lround(s * 0.09)));
  const int margin = std::max(6, static_cast<int>(std::lround(s * 0.22)));
  const int side = std::max(4, margin / 2);  // text may use part of the margin
  const int tray_w = shape.cols * s + 2 * pad, tray_h = shape.rows * s + 2 * pad;

  // Captions scale with the tiles, shrink to fit the board, and only when even the minimum
  // size does not fit does the image grow wider than the board.
  int width = tray_w + 2 * margin;
  const double caption_px = std::clamp(s * 0.22, 12.0, 30.0);
  auto [cap_pt, cap_w] = fit_text(glyphs, caption_px, text.captions, width - 2 * side);
  L.caption_pt = cap_pt;
  width = std::max(width, cap_w + 2 * side);
  if (!text.title.empty()) {
    auto [title_pt, title_w] = fit_text(glyphs, caption_px * 1.2, {text.title}, width - 2 * side);
    L.title_pt = title_pt;
    width = std::max(width, title_w + 2 * side);
  }
  const int cap_px = static_cast<int>(std::lround(L.caption_pt / kPointsPerPixel));
  int y = margin;
  if (!text.title.empty()) {
    const int title_px = static_cast<int>(std::lround(L.title_pt / kPointsPerPixel));
    L.title = {0, margin / 2, width, static_cast<int>(std::lround(title_px * 1.7))};
    y = L.title.y + L.title.h + margin / 3;
  }
  L.tray = {(width - tray_w) / 2, y, tray_w, tray_h};
  L.board_x = L.tray.x + pad;
  L.board_y = L.tray.y + pad;
  L.caption = {0, L.tray.y + tray_h + margin / 3, width,
               static_cast<int>(std::lround(cap_px * 2.0))};
  L.width = width;
  L.height = L.caption.y + L.caption.h + margin / 2;

  // Digits: one size for every tile, as large as the widest label allows.
  const int face_w = s - 2 * L.inset;
  L.digit_pt = std::max(5.0, s * 0.42) * kPointsPerPixel;
  const int label_w = widest(glyphs, L.digit_pt, {std::to_string(shape.cells() - 1)});
  if (label_w > face_w * 0.7) L.digit_pt *= face_w * 0.7 / label_w;
  return L;
}

}  // namespace slidegif
