#pragma once
// DrawingCache's inside (slidegif/drawing_cache.hpp): what the renderer asks it for. Everything
// handed out is shared with the cache, so emptying a part for room never pulls anything from
// under an animation being drawn.

#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "frame_layout.hpp"
#include "slidegif/drawing_cache.hpp"
#include "slidegif/font.hpp"
#include "slidegif/palette.hpp"
#include "slidegif/theme.hpp"
#include "text.hpp"
#include "tile_sprites.hpp"

namespace slidegif {

struct DrawingCache::Impl {
  explicit Impl(Limits limits) : limits_(limits) {}
  // The glyph cache of `font` (the same bytes, face and fallbacks: copies of one Font agree).
  std::shared_ptr<GlyphCache> glyphs(const Font& font);
  // The theme's palette (make_palette).
  const Palette& palette(const Theme& theme);
  // The tile sprites of `theme` (on palette(theme)) at `layout`'s tile geometry, for `cells`
  // cells, digits in `font` drawn through `glyphs`.
  std::shared_ptr<TileSprites> sprites(const Theme& theme, const FrameLayout& layout, int cells,
                                       const Font& font, GlyphCache& glyphs);
  DrawingCache::Stats stats() const;

 private:
  // A font by the bytes it reads, and its fallbacks': the entry keeps a copy of the Font, so
  // those bytes stay alive and their addresses cannot be reused by another font.
  using FontKey = std::vector<std::tuple<const void*, std::size_t, int>>;
  static FontKey font_key(const Font& font);
  struct FontEntry {
    Font font;
    std::shared_ptr<GlyphCache> glyphs;
  };
  using SpriteKey = std::tuple<const Theme*, FontKey, int, int, int, double, int>;

  Limits limits_;
  std::map<FontKey, FontEntry> fonts_;
  std::map<const Theme*, Palette> palettes_;
  std::map<SpriteKey, std::shared_ptr<TileSprites>> sprites_;
  std::size_t sprite_bytes_ = 0;
  int drops_ = 0;
};

}  // namespace slidegif
