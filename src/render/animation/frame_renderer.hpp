#pragma once
// Drawing frames of a board as libgd palette images in the theme's fixed palette. Tiles and
// wells are drawn once in true colour and mapped onto the palette as sprites; text on the flat
// background (captions, title) is painted straight onto the palette through coverage lookups.
// A frame is then assembled by copying sprites (copy_sprite), and the palette never grows.
//
//   const auto& theme = slidegif::detail::find_theme("dark");
//   slidegif::detail::Palette palette = slidegif::detail::make_palette(theme);
//   slidegif::detail::FrameRenderer r(shape, theme, palette, {font, title, captions}, tile_px);
//   auto frame = r.new_frame();
//   r.draw_board(*frame, board);
//   r.draw_caption(*frame, captions[0]);

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/look/frame_layout.hpp"
#include "render/look/theme.hpp"
#include "render/look/tile_sprites.hpp"
#include "render/picture/picture_art.hpp"
#include "render/pixels/image.hpp"
#include "render/pixels/palette.hpp"
#include "render/pixels/quantizer.hpp"
#include "render/pixels/rect.hpp"
#include "render/text/text.hpp"
#include "slidegif/board.hpp"
#include "slidegif/render.hpp"

namespace slidegif::detail {

class FrameRenderer {
 public:
  // Throws Error(Render) when the font cannot be loaded.
  FrameRenderer(Shape shape, const Theme& theme, const Palette& palette, const FrameText& text,
                int tile_px);
  // With the layout (and the glyphs measured for it) already computed by the caller, and
  // optionally the look's tile sprites made earlier (drawing_cache.hpp; null: drawn now).
  FrameRenderer(Shape shape, const Theme& theme, const Palette& palette, const FrameText& text,
                const FrameLayout& layout, std::shared_ptr<GlyphCache> glyphs,
                std::shared_ptr<TileSprites> sprites = nullptr);

  const FrameLayout& layout() const { return layout_; }
  // Canvas, tray and title; no cells, empty caption band.
  GdImage new_frame() const;
  void draw_board(gdImage& frame, const Board& board) const;
  void draw_cell(gdImage& frame, int cell, int tile) const;  // tile 0 = blank
  // Tile `tile` in `cell` with the moving tile's outline (use_mark() first).
  void draw_marked_cell(gdImage& frame, int cell, int tile) const;
  // Tile `tile` on its way from `from` to the blank cell `to`, `t` in [0, 1] of the distance;
  // outlined after use_mark().
  void draw_slide(gdImage& frame, int from, int to, int tile, double t);
  // A line of tiles moving together (a multi-tile move), each as draw_slide() draws one: the
  // cells all cleared first, so that no tile's cell erases its neighbour.
  struct Sliding {
    int from, to, tile;
  };
  void draw_slides(gdImage& frame, std::span<const Sliding> tiles, double t);
  // The moving tile gets an outline: in the digits' colour inside a numbered tile's face, dark
  // and light around a picture's (after use_picture()). Its pixels count in piece_fingerprint().
  void use_mark();
  // Replaces the caption band's contents with `text`, centred.
  void draw_caption(gdImage& frame, const std::string& text);
  // The same, with the text's pen starting at `pen_x`. Captions drawn from one pen position
  // keep a common prefix in place, so the GIF codes only the glyphs that differ.
  void draw_caption(gdImage& frame, const std::string& text, int pen_x);
  // The pen position that centres the widest of `texts` in the caption band.
  int caption_pen_x(const std::vector<std::string>& texts);
  Rect cell_rect(int cell) const { return layout_.cell(cell / cols_, cell % cols_); }
  // What a move's coded frames depend on besides the move (move_pieces.hpp): the pixels of every
  // tile sprite, fixed and sliding (made now if they were not), the frame's width, where the
  // board and the caption band are, the palette's code size and transparent index, the coder's
  // version, and `more` (the caller's: tween count, ...). (frame_renderer_fingerprint.cpp)
  std::uint64_t piece_fingerprint(std::initializer_list<long long> more);

  // Every tile drawn from now on (at rest or sliding) shows `note` towards `goal` in its top
  // right corner (TileNote); a sliding tile, the note of the cell it leaves.
  void use_notes(TileNote note, const Board& goal);

  // Picture puzzles (frame_renderer_picture.cpp): tiles become the pieces of `art` (drawn on
  // this renderer's palette, which must be art.palette), each the piece of the cell it has in
  // `goal`; `numbers` adds small tile numbers in a corner. Not with shared sprites.
  void use_picture(const PictureArt& art, const Board& goal, bool numbers);
  // The blank's piece in `cell`: what the last frame shows to complete the picture.
  void draw_missing_tile(gdImage& frame, int cell) const;

 private:
  using Shades = std::array<std::uint8_t, 256>;  // palette index by text coverage 0..255

  // What both constructors do once the layout is known: the background (canvas, tray, title)
  // and the tiles (`sprites`, or drawn now when null).
  void init(Shape shape, const FrameText& text, std::shared_ptr<TileSprites> sprites);
  void draw_tray(gdImage& background);
  // Text colour `fg` over `bg` at each coverage.
  Shades shades(Rgb bg, Rgb fg);
  // Text from `mask` onto palette image `im` at (x, y).
  static void paint(gdImage& im, const CoverageMask& mask, int x, int y, const Shades& lut);
  // `text` centred in the mask (horizontally on its ink, vertically on the cap height).
  void draw_centered(CoverageMask& mask, double pt, const std::string& text);
  // The pen position that centres `text` horizontally in `width` pixels.
  int centred_pen_x(int width, double pt, const std::string& text);
  // `text` from pen position x on the baseline that centres the cap height in the mask.
  void draw_line(CoverageMask& mask, double pt, int x, const std::string& text);

  int cols_;
  const Theme& theme_;
  const Palette& palette_;
  Quantizer quantizer_;
  std::shared_ptr<GlyphCache> glyphs_;  // perhaps shared with other animations
  FrameLayout layout_;
  int canvas_index_ = 0;
  GdImage background_;
  std::shared_ptr<TileSprites> sprites_;
  bool shared_sprites_ = false;  // sprites_ came from the caller (a DrawingCache's)
  std::optional<Shades> caption_shades_;
  GdImage missing_tile_;  // picture puzzles: the blank's piece
  GdImage mark_;          // the moving tile's outline, transparent elsewhere; null: unmarked
  // use_notes(): each tile's note in each cell, by tile * cells + cell; the text of each note
  // value; their shades over the face.
  void draw_note(gdImage& frame, int tile, int cell, int x, int y) const;
  std::vector<int> notes_;
  int note_cells_ = 0;
  std::vector<CoverageMask> note_masks_;
  Shades note_shades_{};
  bool picture_ = false;  // use_picture() was called
};

}  // namespace slidegif::detail
