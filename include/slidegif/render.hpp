#pragma once
// Drawing frames of a board with libgd. Everything antialiased (tiles, digits, captions) is
// drawn once in true colour and mapped onto the theme's fixed palette; frames are then
// assembled by copying those pre-drawn palette sprites, so a frame costs a few gdImageCopy
// calls and the palette never grows.
//
//   const auto& theme = slidegif::find_theme("dark");
//   slidegif::Palette palette = slidegif::make_palette(theme);
//   slidegif::FrameRenderer r(shape, theme, palette, {font, title, captions, tile_px});
//   auto frame = r.new_frame();
//   r.draw_board(*frame, board);
//   r.draw_caption(*frame, captions[0]);

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/gif.hpp"

namespace slidegif {

struct Theme {
  const char* name;
  Rgb canvas;       // around the board and behind the captions
  Rgb board;        // the tray the tiles sit in
  Rgb blank;        // the empty cell (a recessed well); its centre is exactly this colour
  Rgb blank_shade;  // inner shadow at the top of the well
  Rgb face_top;     // tile face, vertical gradient
  Rgb face_bottom;
  Rgb lip;     // darker band under the face that makes tiles look raised
  Rgb shadow;  // drop shadow under tiles
  Rgb digit;
  Rgb caption;
  Rgb title;
};

// All themes; the first is the default. The table is constant.
const std::vector<Theme>& themes();
// Throws Error(BadInput) naming the valid themes.
const Theme& find_theme(std::string_view name);
// The theme's colours plus the blends antialiasing produces between colours that touch
// (text over its background, tile edges over the tray...). Same theme, same palette.
Palette make_palette(const Theme& theme);

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
  std::string font_path;
  std::string title;
  std::vector<std::string> captions;  // every caption that will be drawn: sizes the font
};

// Ink box of a string, relative to the pen on the baseline (as gdImageStringFT reports it).
struct TextBox {
  int left = 0, right = 0, top = 0, bottom = 0;
  int width() const { return right - left; }
  int height() const { return bottom - top; }
};

// Text through a glyph cache. FreeType (via gdImageStringFT) hints and rasterises each distinct
// character once per size; strings are then measured by summing the cached metrics and drawn by
// blending the cached coverage masks, exactly as gd would place and blend them (gd lays text out
// at 300 dpi in 26.6 units and truncates each glyph's position to whole pixels). Hinting every
// glyph of every caption on every call used to be most of the render time. Pair kerning is not
// applied; DejaVu Sans Bold needs none for our captions and digits.
class GlyphCache {
 public:
  explicit GlyphCache(std::string font_path) : font_(std::move(font_path)) {}
  const std::string& font() const { return font_; }
  // Throws Error(Render) naming the font when it cannot be loaded.
  TextBox measure(double pt, std::string_view utf8);
  // Draws on a truecolour image, pen at (x, y) on the baseline.
  void draw(gdImage& im, double pt, int x, int y, Rgb color, std::string_view utf8);

 private:
  struct Glyph {
    bool skip = false;  // characters gd lays out but never draws (line breaks)
    long advance = 0, bearing_x = 0, top = 0, bottom = 0;  // gd's 300-dpi 26.6 units
    bool rendered = false;
    int dx = 0, dy = 0, w = 0, h = 0;  // coverage box relative to the pen, in pixels
    std::vector<std::uint8_t> level;   // gd's alpha levels 0..127, w * h
  };
  Glyph& metrics(double pt, char32_t c);
  Glyph& rendered(double pt, char32_t c);

  std::string font_;
  std::map<std::pair<double, char32_t>, Glyph> glyphs_;
};

// Where everything goes; measures the captions with the font (Error(Render) if it won't load).
FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text);
// The same, measuring through (and filling) `glyphs`.
FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text, GlyphCache& glyphs);

// The layout render_animation() uses for these arguments (tests sample pixels with it).
// Defined in animation.cpp, which owns the captions.
FrameLayout animation_layout(const Board& start, const std::vector<Move>& moves,
                             const AnimationOptions& options);

class FrameRenderer {
 public:
  // Throws Error(Render) when the font cannot be loaded.
  FrameRenderer(Shape shape, const Theme& theme, const Palette& palette, const FrameText& text,
                int tile_px);
  // With the layout (and the glyphs measured for it) already computed by the caller.
  FrameRenderer(Shape shape, const Theme& theme, const Palette& palette, const FrameText& text,
                const FrameLayout& layout, GlyphCache glyphs);

  const FrameLayout& layout() const { return layout_; }
  // Canvas, tray and title; no cells, empty caption band.
  GdImage new_frame() const;
  void draw_board(gdImage& frame, const Board& board) const;
  void draw_cell(gdImage& frame, int cell, int tile) const;  // tile 0 = blank
  // Tile `tile` on its way from `from` to the blank cell `to`, `t` in [0, 1] of the distance.
  void draw_slide(gdImage& frame, int from, int to, int tile, double t);
  void draw_caption(gdImage& frame, const std::string& text);
  Rect cell_rect(int cell) const { return layout_.cell(cell / cols_, cell % cols_); }

 private:
  void init(const FrameText& text);
  GdImage render_tile(int tile, bool floating);
  // The shaded tile without its number (identical for every tile), built once per background.
  const gdImage& tile_body(bool floating);
  void draw_centered(gdImage& im, const Rect& band, double pt, Rgb color, const std::string& text);

  int cols_;
  const Theme& theme_;
  const Palette& palette_;
  Quantizer quantizer_;
  GlyphCache glyphs_;
  FrameLayout layout_;
  GdImage background_;
  GdImage body_[2];                          // tile_body(false), tile_body(true)
  std::vector<bool> body_outside_;           // pixels the floating body leaves transparent
  std::vector<GdImage> tiles_;               // index = tile number, 0 = blank well
  std::map<int, GdImage> floating_;          // moving tiles: transparent outside the tile
  std::map<std::string, GdImage> captions_;  // tweens reuse their step's caption
};

}  // namespace slidegif
