#pragma once
// Where everything goes in a frame: the board's tray and cells, the title above it, the caption
// band below, and the text sizes, all from the board's shape, the tile size and the text to fit.
// The frame is at least as wide as the board; text shrinks to fit it, down to a minimum size,
// and only past that does the frame grow wider.
//
//   slidegif::FrameLayout l = slidegif::compute_layout(shape, 48, {font, title, captions});
//   slidegif::Rect centre = l.cell(1, 1);

#include <string>
#include <vector>

#include "render/frame/rect.hpp"
#include "render/text/text.hpp"
#include "slidegif/board.hpp"
#include "slidegif/font.hpp"

namespace slidegif {

struct FrameLayout {
  int width = 0, height = 0;
  int tile_px = 0;
  int board_x = 0, board_y = 0;  // top-left of cell (0, 0)
  int inset = 0;                 // gap between a cell's edge and its tile
  int radius = 0;                // tile corner radius
  Rect tray;                     // the rounded board behind the cells
  Rect title;                    // empty without a title
  Rect caption;
  double digit_pt = 0, caption_pt = 0, title_pt = 0;

  Rect cell(int row, int col) const {
    return {board_x + col * tile_px, board_y + row * tile_px, tile_px, tile_px};
  }
};

struct FrameText {
  Font font;
  std::string title;
  std::vector<std::string> captions;  // every caption that will be drawn: sizes the font
};

// Where everything goes; measures the captions with the font (Error(Render) if it won't load).
FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text);
// The same, measuring through (and filling) `glyphs`.
FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text, GlyphCache& glyphs);

}  // namespace slidegif
