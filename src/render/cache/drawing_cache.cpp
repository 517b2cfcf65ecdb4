#include <algorithm>

#include "render/cache/drawing_cache_impl.hpp"

namespace slidegif::detail {

DrawingCache::DrawingCache() : DrawingCache(Limits{}) {}
DrawingCache::DrawingCache(const Limits& limits) : impl_(std::make_unique<Impl>(limits)) {}
DrawingCache::~DrawingCache() = default;

DrawingCache::Stats DrawingCache::stats() const {
  return impl_->stats();
}

std::vector<std::uint8_t> DrawingCache::save_drawings() {
  return impl_->save_drawings();
}

void DrawingCache::use_stored_drawings(std::function<std::span<const std::uint8_t>()> stored) {
  impl_->use_stored(std::move(stored));
}

DrawingCache::Impl::FontKey DrawingCache::Impl::font_key(const Font& font) {
  FontKey key{{font.bytes().data(), font.bytes().size(), font.face_index()}};
  for (const Font& f : font.fallbacks())
    key.emplace_back(f.bytes().data(), f.bytes().size(), f.face_index());
  return key;
}

std::shared_ptr<GlyphCache> DrawingCache::Impl::glyphs(const Font& font) {
  FontKey key = font_key(font);
  if (auto it = fonts_.find(key); it != fonts_.end()) {
    // Titles in every language at fitted sizes could grow one without end: start it afresh.
    if (it->second.glyphs->size() <= limits_.glyphs) return it->second.glyphs;
    fonts_.erase(it);
    ++drops_;
  }
  if (fonts_.size() >= limits_.fonts) {
    fonts_.clear();
    ++drops_;
  }
  auto glyphs = std::make_shared<GlyphCache>(font);
  restore_glyphs(font, *glyphs);
  fonts_.emplace(std::move(key), FontEntry{font, glyphs});
  return glyphs;
}

const Palette& DrawingCache::Impl::palette(const Theme& theme) {
  // Themes are the static table's (find_theme), so there are only ever a few.
  auto it = palettes_.find(&theme);
  if (it == palettes_.end()) it = palettes_.emplace(&theme, make_palette(theme)).first;
  return it->second;
}

std::shared_ptr<TileSprites> DrawingCache::Impl::sprites(const Theme& theme,
                                                         const FrameLayout& layout, int cells,
                                                         const Font& font, GlyphCache& glyphs) {
  SpriteKey key{&theme,        font_key(font),  layout.tile_px, layout.inset,
                layout.radius, layout.digit_pt, cells};
  if (auto it = sprites_.find(key); it != sprites_.end()) {
    it->second.used = ++uses_;
    return it->second.sprites;
  }
  auto made = stored_sprites(theme, layout, cells, font);
  if (!made) made = std::make_shared<TileSprites>(theme, palette(theme), layout, cells, glyphs);
  // Counted as made: the floating sprites made later stay within TileSprites::bytes()'s
  // estimate, which counts every one.
  const std::size_t bytes = made->bytes();
  if (bytes > limits_.sprite_bytes) return made;  // drawn for this animation only
  // The least recently used sets make room (a look's set is drawn in about a millisecond; a
  // scan of the few dozen sets that fit is nothing beside it).
  while (sprite_bytes_ + bytes > limits_.sprite_bytes) {
    const auto oldest = std::min_element(sprites_.begin(), sprites_.end(), [](auto& a, auto& b) {
      return a.second.used < b.second.used;
    });
    sprite_bytes_ -= oldest->second.bytes;
    sprites_.erase(oldest);
    ++drops_;
  }
  sprite_bytes_ += bytes;
  sprites_.emplace(std::move(key), SpriteEntry{font, made, bytes, ++uses_});
  return made;
}

DrawingCache::Stats DrawingCache::Impl::stats() const {
  Stats s;
  s.fonts = fonts_.size();
  for (const auto& [key, entry] : fonts_) s.glyphs += entry.glyphs->size();
  s.palettes = palettes_.size();
  s.sprite_sets = sprites_.size();
  s.sprite_bytes = sprite_bytes_;
  s.drops = drops_;
  s.stored_used = stored_used_;
  s.stored_fonts = stored_fonts_;
  return s;
}

}  // namespace slidegif::detail
