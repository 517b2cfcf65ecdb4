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
#include <memory>
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

// Ink box of a string in whole pixels, relative to the pen on the baseline (y grows downwards):
// every pixel draw() may touch lies inside it. Text without ink measures as an empty box.
struct TextBox {
  int left = 0, right = 0, top = 0, bottom = 0;
  int width() const { return right - left; }
  int height() const { return bottom - top; }
};

// Text through FreeType, unhinted, with a glyph cache. Hinting runs each glyph's TrueType
// bytecode at every size and was about 40% of a CGI request's instructions; at our sizes (bold,
// about 7 px and up, blended onto the theme's palette) unhinted antialiased text reads just as
// well, and its metrics scale linearly with size, which makes fitting text to a width predictable.
// Each distinct character is loaded once per size for its metrics, and rasterised on first draw
// to an 8-bit coverage mask. Layout keeps the pen in 26.6 fixed point (unhinted advances plus the
// font's pair kerning) and puts each mask at the pen rounded to whole pixels. Sizes are points at
// 96 dpi.
//
// Owns its FreeType library and face, loaded at first use (so construction never fails and a bad
// font is reported when text is first measured). Movable, not copyable; one thread at a time.
class GlyphCache {
 public:
  explicit GlyphCache(std::string font_path);
  GlyphCache(GlyphCache&&) noexcept;
  GlyphCache& operator=(GlyphCache&&) noexcept;
  ~GlyphCache();

  const std::string& font() const { return font_; }
  // Throws Error(Render) naming the font when it cannot be loaded.
  TextBox measure(double pt, std::string_view utf8);
  // Draws on a truecolour image, pen at (x, y) on the baseline.
  void draw(gdImage& im, double pt, int x, int y, Rgb color, std::string_view utf8);

 private:
  struct FreeType;  // library and face, defined in render.cpp
  struct Glyph {
    bool skip = false;                             // line breaks: laid out as nothing
    unsigned index = 0;                            // in the face, for kerning
    long advance = 0;                              // unhinted, 26.6 pixels
    int left = 0, right = 0, top = 0, bottom = 0;  // ink box at a whole-pixel pen, as TextBox
    bool rendered = false;
    int dx = 0, dy = 0, w = 0, h = 0;    // coverage mask relative to the pen, in pixels
    std::vector<std::uint8_t> coverage;  // 0..255, w * h
  };
  FreeType& freetype();
  Glyph& metrics(double pt, char32_t c);
  Glyph& rendered(double pt, char32_t c);
  Glyph load_metrics(double pt, char32_t c);
  void load_coverage(double pt, Glyph& g);
  long kerning(double pt, unsigned left, unsigned right);
  // Calls f(glyph, pen_x) for each drawn glyph, pen_x in whole pixels from the start.
  template <class F>
  void lay_out(double pt, std::string_view utf8, bool render, F&& f);

  std::string font_;
  std::unique_ptr<FreeType> ft_;
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
