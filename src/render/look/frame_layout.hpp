#pragma once
// Where everything goes in a frame: the board's tray and cells, the title above it, the caption
// band below, and the text sizes, all from the board's shape, the tile size and the text to fit.
// The frame is at least as wide as the board; text shrinks to fit it, down to a readable size
// (kMinTextPx); past that a title wraps onto more lines, captions are too wide (the caller may
// try shorter ones), and only then does the frame grow wider.
//
//   slidegif::detail::FrameLayout l = slidegif::detail::compute_layout(shape, 48, {font, title,
//   captions}); slidegif::detail::Rect centre = l.cell(1, 1);

#include <string>
#include <vector>

#include "render/pixels/rect.hpp"
#include "render/text/text.hpp"
#include "slidegif/board.hpp"
#include "slidegif/font.hpp"

namespace slidegif::detail {

struct FrameLayout {
  int width = 0, height = 0;
  int tile_px = 0;
  int board_x = 0, board_y = 0;          // top-left of cell (0, 0)
  int inset = 0;                         // gap between a cell's edge and its tile
  int radius = 0;                        // tile corner radius
  Rect tray;                             // the rounded board behind the cells
  Rect title;                            // empty without a title
  std::vector<std::string> title_lines;  // the title wrapped to fit, a line each
  int title_line_h = 0;                  // rows of each line after the first
  Rect caption;                          // no rows without captions
  bool captions_too_wide = false;        // at kMinTextPx the widest caption is wider than the board
  double digit_pt = 0, caption_pt = 0, title_pt = 0;

  Rect cell(int row, int col) const {
    return {board_x + col * tile_px, board_y + row * tile_px, tile_px, tile_px};
  }
};

// Text is never drawn smaller than this (in pixels), unless the tiles are so small that the
// board's digits are.
inline constexpr double kMinTextPx = 12.0;

struct FrameText {
  Font font;
  std::string title;
  std::vector<std::string> captions;  // every caption that will be drawn: sizes the font
                                      // (none, or all empty: no caption band)
};

// `text` broken into lines of at most `width` pixels at `pt`: at spaces, and between Han (CJK)
// characters. A word wider than `width` gets a line of its own.
std::vector<std::string> wrap_text(GlyphCache& glyphs, double pt, const std::string& text,
                                   int width);

// Where everything goes; measures the captions with the font (Error(Render) if it won't load).
FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text);
// The same, measuring through (and filling) `glyphs`.
FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text, GlyphCache& glyphs);

}  // namespace slidegif::detail
