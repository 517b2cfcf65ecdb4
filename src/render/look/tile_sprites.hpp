#pragma once
// The tiles of a themed board as palette sprites: each numbered tile and the blank well, fixed
// in its cell and floating (sliding over the wells, transparent outside the tile). They depend
// only on the look (theme and its palette, the font's digits, the tile geometry and how many
// tiles), not on the puzzle, so a process drawing many animations makes them once
// (drawing_cache.hpp); a picture puzzle replaces them with its tiles.
//
//   slidegif::detail::TileSprites sprites(theme, palette, layout, shape.cells(), glyphs);
//   copy_sprite(*frame, sprites.fixed(5), x, y);
//   copy_sprite(*frame, sprites.floating(5, glyphs), x + 3, y);

#include <cstdint>
#include <map>
#include <vector>

#include "render/look/frame_layout.hpp"
#include "render/look/theme.hpp"
#include "render/pixels/image.hpp"
#include "render/pixels/palette.hpp"
#include "render/pixels/quantizer.hpp"
#include "render/text/text.hpp"

namespace slidegif::detail {

// Signed distance from a pixel centre to a rounded rectangle (negative inside), and the
// antialiased coverage of a pixel at that distance: the tiles', wells' and tray's edges.
double rounded_rect_distance(double px, double py, double x0, double y0, double x1, double y1,
                             double r);
double edge_coverage(double distance);

class TileSprites {
 public:
  // Draws every fixed sprite now (floating ones on first use), digits with `glyphs`. Keeps a
  // reference to `theme` (themes are static) and its own copy of `palette`.
  TileSprites(const Theme& theme, const Palette& palette, const FrameLayout& layout, int cells,
              GlyphCache& glyphs);
  // Sprites made earlier (a file's: drawing_cache_io.cpp): `fixed` for tiles 0..cells-1,
  // `floating` for 1..cells-1 (index 0 unused), on `palette`, hashing to `pixel_hash`.
  TileSprites(const Theme& theme, const Palette& palette, const FrameLayout& layout,
              std::vector<GdImage> fixed, std::vector<GdImage> floating, std::uint64_t pixel_hash);
  TileSprites(const TileSprites&) = delete;
  TileSprites& operator=(const TileSprites&) = delete;

  const gdImage& fixed(int tile) const { return *tiles_.at(static_cast<std::size_t>(tile)); }
  // Made on first use (most animations move only some tiles), with `glyphs` if its digits
  // cannot be copied from the fixed tile.
  const gdImage& floating(int tile, GlyphCache& glyphs);
  // A picture's tile instead of tile `tile` (tile > 0), fixed and floating.
  void replace(int tile, GdImage fixed, GdImage floating);
  // The XXH3 of every sprite's pixels, fixed and floating (made now if they were not):
  // what coded moves depend on (move_pieces.hpp). Computed once.
  std::uint64_t pixel_hash(GlyphCache& glyphs);
  // Bytes of pixels held once every floating sprite is made (a cache's bound).
  std::size_t bytes() const;

 private:
  // The look alone, no sprites yet (what both constructors start from).
  TileSprites(const Theme& theme, const Palette& palette, const FrameLayout& layout);

  struct TileBody {
    GdImage color;   // true colour, for drawing digits on
    GdImage sprite;  // the same on the palette; transparent around a floating body
  };
  // Where a tile's number goes: the pen position and the ink box inside the tile.
  struct DigitBox {
    std::string label;
    int pen_x = 0, pen_y = 0;
    Rect ink;
  };
  DigitBox digit_box(int tile, GlyphCache& glyphs) const;
  GdImage render_tile(int tile, bool floating, GlyphCache& glyphs);
  // A moving tile, reusing the fixed tile's digits (tiles_ must be filled).
  GdImage render_floating(int tile, GlyphCache& glyphs);
  GdImage render_well(bool floating);
  // The shaded tile without its number (identical for every tile), built once.
  const TileBody& tile_body(bool floating);
  void draw_tile_bodies();

  const Theme& theme_;
  Palette palette_;
  Quantizer quantizer_;
  int tile_px_, inset_, radius_;
  double digit_pt_;
  TileBody body_[2];                 // tile_body(false), tile_body(true)
  GdImage digit_scratch_;            // true colour, where render_tile() draws each tile's digits
  std::vector<GdImage> tiles_;       // index = tile number, 0 = blank well
  std::map<int, GdImage> floating_;  // moving tiles: transparent outside the tile
  std::uint64_t pixel_hash_ = 0;
  bool hashed_ = false;
};

}  // namespace slidegif::detail
