#include "render/look/frame_layout.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include "render/text/utf8.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

constexpr int kMaxTitleLines = 3;  // wrapped wider, a title shrinks before it takes more

int widest(GlyphCache& glyphs, double pt, const std::vector<std::string>& texts) {
  int w = 0;
  for (const auto& t : texts) w = std::max(w, glyphs.measure(pt, t).width());
  return w;
}

// The largest size up to `px` (pixels) at which every text fits in `avail` pixels, never below
// `min_px`. Returns {points, widest text at that size}.
std::pair<double, int> fit_text(GlyphCache& glyphs, double px,
                                const std::vector<std::string>& texts, int avail, double min_px) {
  // Unhinted widths are linear in size except for rounding each end to whole pixels (under
  // kSlackPx together), so one proportional step that allows for it fits. The loop is only a
  // guard for whatever breaks that (a size FreeType rounds oddly, a pathological font).
  constexpr int kSlackPx = 3;
  double pt = px * kPointsPerPixel;
  int w = widest(glyphs, pt, texts);
  const double min_pt = std::min(px, min_px) * kPointsPerPixel;
  for (int i = 0; i < 4 && w > avail && pt > min_pt; ++i) {
    pt = std::max(min_pt, pt * (avail - kSlackPx) / (w + kSlackPx));
    w = widest(glyphs, pt, texts);
  }
  // The caller widens the image to the true widest text, so nothing is ever clipped.
  return {pt, w};
}

bool is_han(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}

// Pieces a line may break after: a word with the spaces after it, or a Han character.
std::vector<std::string> break_points(const std::string& text) {
  std::vector<std::string> pieces;
  std::string piece;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t at = i;
    const char32_t c = next_code_point(text, i);
    const std::string ch = text.substr(at, i - at);
    const bool space = c == ' ';
    if (!piece.empty() && !space && (piece.back() == ' ' || is_han(c))) {
      pieces.push_back(std::move(piece));
      piece.clear();
    }
    piece += ch;
    if (is_han(c) && i < text.size()) {
      // A Han character ends its piece, unless punctuation follows (kept on its line).
      std::size_t j = i;
      const char32_t next = next_code_point(text, j);
      if (!(next == 0xFF0C || next == 0x3002 || next == 0xFF01 || next == 0xFF1A || next == ' ')) {
        pieces.push_back(std::move(piece));
        piece.clear();
      }
    }
  }
  if (!piece.empty()) pieces.push_back(std::move(piece));
  return pieces;
}

std::string trim_end(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// The title's size and lines: the largest size from `px` down to kMinTextPx at which it fits
// `avail` in one line, else in kMaxTitleLines at most, else as many lines as it takes at
// kMinTextPx. Returns {points, lines, widest line}.
std::tuple<double, std::vector<std::string>, int> fit_title(GlyphCache& glyphs, double px,
                                                            const std::string& title, int avail) {
  const auto [one_pt, one_w] = fit_text(glyphs, px, {title}, avail, kMinTextPx);
  if (one_w <= avail) return {one_pt, {title}, one_w};
  // Whole pixels down from px; the last try is kMinTextPx itself, taking as many lines as needed.
  const int steps = std::max(0, static_cast<int>(std::floor(px - kMinTextPx)));
  for (int step = 0;; ++step) {
    const double pt = std::max(px - step, kMinTextPx) * kPointsPerPixel;
    auto lines = wrap_text(glyphs, pt, title, avail);
    const int w = widest(glyphs, pt, lines);
    if (static_cast<int>(lines.size()) <= kMaxTitleLines || step > steps)
      return {pt, std::move(lines), w};
  }
}

}  // namespace

std::vector<std::string> wrap_text(GlyphCache& glyphs, double pt, const std::string& text,
                                   int width) {
  std::vector<std::string> lines;
  std::string line;
  for (const std::string& piece : break_points(text)) {
    const std::string longer = line + piece;
    if (!line.empty() && glyphs.measure(pt, trim_end(longer)).width() > width) {
      lines.push_back(trim_end(line));
      line = piece;
    } else {
      line = longer;
    }
  }
  if (!trim_end(line).empty() || lines.empty()) lines.push_back(trim_end(line));
  return lines;
}

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

  // Captions scale with the tiles and shrink to fit the board, down to a readable size; only
  // when that does not fit (the caller tries shorter captions first) does the image grow wider
  // than the board. Without captions there is no band.
  int width = tray_w + 2 * margin;
  const double caption_px = std::clamp(s * 0.22, kMinTextPx, 30.0);
  const bool captioned =
      std::any_of(text.captions.begin(), text.captions.end(), [](auto& c) { return !c.empty(); });
  if (captioned) {
    auto [cap_pt, cap_w] =
        fit_text(glyphs, caption_px, text.captions, width - 2 * side, kMinTextPx);
    L.caption_pt = cap_pt;
    L.captions_too_wide = cap_w > width - 2 * side;
    width = std::max(width, cap_w + 2 * side);
  }
  if (!text.title.empty()) {
    auto [title_pt, lines, title_w] =
        fit_title(glyphs, caption_px * 1.2, text.title, width - 2 * side);
    L.title_pt = title_pt;
    L.title_lines = std::move(lines);
    width = std::max(width, title_w + 2 * side);
  }
  const int cap_px = static_cast<int>(std::lround(L.caption_pt / kPointsPerPixel));
  int y = margin;
  if (!text.title.empty()) {
    const int title_px = static_cast<int>(std::lround(L.title_pt / kPointsPerPixel));
    const int line_h = static_cast<int>(std::lround(title_px * 1.35));
    const int lines = static_cast<int>(L.title_lines.size());
    L.title_line_h = line_h;
    L.title = {0, margin / 2, width,
               static_cast<int>(std::lround(title_px * 1.7)) + (lines - 1) * line_h};
    y = L.title.y + L.title.h + margin / 3;
  }
  L.tray = {(width - tray_w) / 2, y, tray_w, tray_h};
  L.board_x = L.tray.x + pad;
  L.board_y = L.tray.y + pad;
  L.caption = {0, L.tray.y + tray_h + (captioned ? margin / 3 : 0), width,
               captioned ? static_cast<int>(std::lround(cap_px * 2.0)) : 0};
  L.width = width;
  L.height = L.caption.y + L.caption.h + (captioned ? margin / 2 : margin);

  // Digits: one size for every tile, as large as the widest label allows.
  const int face_w = s - 2 * L.inset;
  L.digit_pt = std::max(5.0, s * 0.42) * kPointsPerPixel;
  const int label_w = widest(glyphs, L.digit_pt, {std::to_string(shape.cells() - 1)});
  if (label_w > face_w * 0.7) L.digit_pt *= face_w * 0.7 / label_w;
  return L;
}

}  // namespace slidegif::detail
