#pragma once
// DrawingCache's inside (render/cache/drawing_cache.hpp): what the renderer asks it for. Everything
// handed out is shared with the cache, so emptying a part for room never pulls anything from
// under an animation being drawn.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "render/cache/drawing_cache.hpp"
#include "render/look/frame_layout.hpp"
#include "render/look/theme.hpp"
#include "render/look/tile_sprites.hpp"
#include "render/pixels/palette.hpp"
#include "render/text/text.hpp"
#include "slidegif/font.hpp"

namespace slidegif::detail {

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

  // Stored sets and glyphs (drawing_cache_io.cpp; DrawingCache::save_drawings,
  // use_stored_drawings).
  std::vector<std::uint8_t> save_drawings();
  void use_stored(std::function<std::span<const std::uint8_t>()> stored) {
    stored_source_ = std::move(stored);
  }

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
  struct SpriteEntry {
    Font font;  // what the digits were drawn in (saving hashes its bytes)
    std::shared_ptr<TileSprites> sprites;
    std::size_t bytes = 0;   // as counted when kept (TileSprites::bytes())
    std::uint64_t used = 0;  // uses_ at its last use: the least recently used goes first
  };
  // A set saved earlier: where it is, and what it was drawn for.
  struct StoredSet {
    const Theme* theme;
    std::uint64_t font_hash;
    int tile_px, inset, radius, cells;
    double digit_pt;
    std::uint64_t pixel_hash;
    std::span<const std::uint8_t> images;
  };
  // A font's glyphs saved earlier (GlyphCache::snapshot).
  struct StoredGlyphs {
    std::uint64_t font_hash;
    std::span<const std::uint8_t> snapshot;
  };
  struct Stored {
    std::vector<StoredSet> sets;
    std::vector<StoredGlyphs> glyphs;
  };
  // What identifies a font across processes: a hash of its table directory, which holds every
  // table's checksum (drawing_cache_io.cpp). Fallbacks are left out: only sets whose digits are
  // the font's own are saved.
  static std::uint64_t font_hash(const Font& font);
  // Begins `glyphs` with the font's stored glyphs, if any.
  void restore_glyphs(const Font& font, GlyphCache& glyphs);
  // The stored set for this look, drawn into TileSprites, or null.
  std::shared_ptr<TileSprites> stored_sprites(const Theme& theme, const FrameLayout& layout,
                                              int cells, const Font& font);
  void read_stored();

  Limits limits_;
  std::map<FontKey, FontEntry> fonts_;
  std::map<const Theme*, Palette> palettes_;
  std::map<SpriteKey, SpriteEntry> sprites_;
  std::function<std::span<const std::uint8_t>()> stored_source_;
  std::optional<Stored> stored_;  // read at the first need
  std::size_t stored_used_ = 0, stored_fonts_ = 0;
  std::size_t sprite_bytes_ = 0;
  std::uint64_t uses_ = 0;
  int drops_ = 0;
};

}  // namespace slidegif::detail
