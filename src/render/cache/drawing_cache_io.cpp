// DrawingCache's sprite sets and glyphs as bytes, for a process that cannot keep them (the CGI
// reads them from the move-pieces file). Little-endian:
//   "SPR2", u32 number of sets, then per set:
//   char[16] theme name, u64 font hash (font_hash), u16 tile px, inset, corner radius, cells,
//   f64 digit size, u64 pixel hash (TileSprites::pixel_hash), u32 bytes of images, the images:
//   the fixed sprites of tiles 0..cells-1 then the floating ones of 1..cells-1, each an i16
//   transparent index (-1: none) and tile px * tile px palette indices, row by row;
//   then u32 number of fonts, and per font: u64 font hash, u32 bytes, GlyphCache::snapshot().
// The indices are the theme's palette's (make_palette), which the reading program makes again:
// the file's GIF coder version (move_pieces.hpp) stands for the drawing code being the same.
#include <xxhash.h>

#include <bit>
#include <cstring>
#include <map>

#include "render/cache/drawing_cache_impl.hpp"
#include "render/pixels/little_endian.hpp"

namespace slidegif::detail {

namespace {

constexpr char kMagic[4] = {'S', 'P', 'R', '2'};
constexpr std::size_t kThemeName = 16;

void put_bytes(std::vector<std::uint8_t>& out, const void* bytes, std::size_t n) {
  const std::size_t at = out.size();
  out.resize(at + n);  // (insert of a short array trips GCC 12's -Wstringop-overflow)
  std::memcpy(out.data() + at, bytes, n);
}

std::size_t image_bytes(int tile_px, int cells) {
  const auto area = static_cast<std::size_t>(tile_px) * static_cast<std::size_t>(tile_px);
  return static_cast<std::size_t>(2 * cells - 1) * (2 + area);
}

void put_image(std::vector<std::uint8_t>& out, const gdImage& im) {
  write_le(out, static_cast<std::uint16_t>(im.transparent));  // -1 (none) as 0xFFFF
  for (int y = 0; y < im.sy; ++y) put_bytes(out, im.pixels[y], static_cast<std::size_t>(im.sx));
}

// The next image of a stored set, whose size read_stored() checked.
GdImage get_image(LittleEndianReader& in, int tile_px, const Palette& palette) {
  const auto transparent = static_cast<std::int16_t>(in.get<std::uint16_t>());
  GdImage im = make_palette_image(tile_px, tile_px, palette, 0);
  // The rows are one block (make_palette_image), as they are stored.
  const auto area = static_cast<std::size_t>(tile_px) * static_cast<std::size_t>(tile_px);
  std::memcpy(im->pixels[0], in.bytes(area), area);
  if (transparent >= 0) gdImageColorTransparent(im.get(), transparent);
  return im;
}

// The theme a stored set names (kThemeName bytes, zero-padded), or null.
const Theme* theme_named(const std::uint8_t* name) {
  if (name == nullptr) return nullptr;
  for (const Theme& t : themes())
    if (std::strncmp(t.name, reinterpret_cast<const char*>(name), kThemeName) == 0) return &t;
  return nullptr;
}

}  // namespace

std::uint64_t DrawingCache::Impl::font_hash(const Font& font) {
  // The digits are the font's own (save_drawings() saves no set whose digits are not), so its
  // fallbacks do not matter. Its table directory holds every table's checksum and length, so
  // any change to the font shows there: hashing it rather than the whole file (hundreds of
  // kilobytes) is what a CGI request can afford.
  const std::span<const std::uint8_t> b = font.bytes();
  const auto be32 = [&](std::size_t at) {
    return std::uint32_t{b[at]} << 24 | std::uint32_t{b[at + 1]} << 16 |
           std::uint32_t{b[at + 2]} << 8 | b[at + 3];
  };
  const auto seed =
      static_cast<std::uint64_t>(b.size()) << 8 ^ static_cast<std::uint64_t>(font.face_index());
  std::size_t dir = 0;  // the face's table directory: at 0, or where a collection says
  if (b.size() >= 12 && std::memcmp(b.data(), "ttcf", 4) == 0) {
    const std::size_t slot = 12 + 4 * static_cast<std::size_t>(font.face_index());
    dir = slot + 4 <= b.size() ? be32(slot) : b.size();
  }
  if (dir + 12 <= b.size()) {
    const std::size_t tables = b[dir + 4] << 8 | b[dir + 5];
    const std::size_t bytes = 12 + 16 * tables;
    if (bytes <= b.size() - dir) return XXH3_64bits_withSeed(b.data() + dir, bytes, seed);
  }
  return XXH3_64bits_withSeed(b.data(), b.size(), seed);  // not a font file FreeType reads
}

std::vector<std::uint8_t> DrawingCache::Impl::save_drawings() {
  std::vector<std::uint8_t> sets;
  std::uint32_t count = 0;
  for (auto& [key, entry] : sprites_) {
    const auto& [theme, font_key, tile_px, inset, radius, digit_pt, cells] = key;
    const auto glyph_cache = glyphs(entry.font);
    // Digits from a fallback: font_hash() would not tell the fallback apart.
    bool own = true;
    for (const char32_t c : U"0123456789") own = own && (c == 0 || glyph_cache->has_own_glyph(c));
    if (!own) continue;
    ++count;
    TileSprites& sprites = *entry.sprites;
    const std::uint64_t pixel_hash = sprites.pixel_hash(*glyph_cache);  // every floating one made
    char name[kThemeName] = {};
    std::strncpy(name, theme->name, kThemeName - 1);
    put_bytes(sets, name, kThemeName);
    write_le(sets, font_hash(entry.font));
    for (const int v : {tile_px, inset, radius, cells})
      write_le(sets, static_cast<std::uint16_t>(v));
    write_le(sets, std::bit_cast<std::uint64_t>(digit_pt));
    write_le(sets, pixel_hash);
    write_le(sets, static_cast<std::uint32_t>(image_bytes(tile_px, cells)));
    for (int tile = 0; tile < cells; ++tile) put_image(sets, sprites.fixed(tile));
    for (int tile = 1; tile < cells; ++tile) put_image(sets, sprites.floating(tile, *glyph_cache));
  }
  std::vector<std::uint8_t> out;
  put_bytes(out, kMagic, sizeof kMagic);
  write_le(out, count);
  out.insert(out.end(), sets.begin(), sets.end());
  // Each font once, whatever its fallbacks (a snapshot holds only the font's own glyphs).
  std::map<std::uint64_t, std::vector<std::uint8_t>> fonts;
  for (const auto& [key, entry] : fonts_)
    fonts.try_emplace(font_hash(entry.font), entry.glyphs->snapshot());
  write_le(out, static_cast<std::uint32_t>(fonts.size()));
  for (const auto& [hash, snapshot] : fonts) {
    write_le(out, hash);
    write_le(out, static_cast<std::uint32_t>(snapshot.size()));
    out.insert(out.end(), snapshot.begin(), snapshot.end());
  }
  return out;
}

void DrawingCache::Impl::read_stored() {
  stored_.emplace();
  LittleEndianReader in(stored_source_ ? stored_source_() : std::span<const std::uint8_t>{});
  const std::uint8_t* magic = in.bytes(sizeof kMagic);
  if (magic == nullptr || std::memcmp(magic, kMagic, sizeof kMagic) != 0) return;
  Stored stored;  // kept only if every part reads: malformed, none is used
  for (auto count = in.get<std::uint32_t>(); in.ok() && count > 0; --count) {
    const std::uint8_t* name = in.bytes(kThemeName);
    StoredSet s{};
    s.font_hash = in.get<std::uint64_t>();
    s.tile_px = in.get<std::uint16_t>(), s.inset = in.get<std::uint16_t>();
    s.radius = in.get<std::uint16_t>(), s.cells = in.get<std::uint16_t>();
    s.digit_pt = std::bit_cast<double>(in.get<std::uint64_t>());
    s.pixel_hash = in.get<std::uint64_t>();
    const auto n = in.get<std::uint32_t>();
    if (!in.ok() || s.cells < 2 || s.tile_px < 1 || n != image_bytes(s.tile_px, s.cells)) return;
    const std::uint8_t* images = in.bytes(n);
    if (images == nullptr) return;
    s.images = {images, n};
    s.theme = theme_named(name);
    if (s.theme != nullptr)
      stored.sets.push_back(s);  // a theme this program lacks: never asked for
  }
  for (auto fonts = in.get<std::uint32_t>(); in.ok() && fonts > 0; --fonts) {
    StoredGlyphs g{};
    g.font_hash = in.get<std::uint64_t>();
    const auto n = in.get<std::uint32_t>();
    const std::uint8_t* snapshot = in.bytes(n);
    if (snapshot == nullptr) return;
    g.snapshot = {snapshot, n};
    stored.glyphs.push_back(g);
  }
  if (in.at_end()) *stored_ = std::move(stored);
}

void DrawingCache::Impl::restore_glyphs(const Font& font, GlyphCache& glyphs) {
  if (!stored_source_) return;
  if (!stored_) read_stored();
  if (stored_->glyphs.empty()) return;
  const std::uint64_t hash = font_hash(font);
  for (const StoredGlyphs& g : stored_->glyphs) {
    if (g.font_hash == hash) {
      if (glyphs.restore(g.snapshot)) ++stored_fonts_;
      return;
    }
  }
}

std::shared_ptr<TileSprites> DrawingCache::Impl::stored_sprites(const Theme& theme,
                                                                const FrameLayout& layout,
                                                                int cells, const Font& font) {
  if (!stored_source_) return nullptr;
  if (!stored_) read_stored();
  if (stored_->sets.empty()) return nullptr;
  const std::uint64_t hash = font_hash(font);
  const StoredSet* found = nullptr;
  for (const StoredSet& s : stored_->sets) {
    if (s.theme == &theme && s.font_hash == hash && s.tile_px == layout.tile_px &&
        s.inset == layout.inset && s.radius == layout.radius && s.cells == cells &&
        s.digit_pt == layout.digit_pt) {
      found = &s;
      break;
    }
  }
  if (found == nullptr) return nullptr;
  const Palette& on = palette(theme);
  LittleEndianReader in(found->images);
  std::vector<GdImage> fixed, floating(1);
  for (int tile = 0; tile < cells; ++tile) fixed.push_back(get_image(in, layout.tile_px, on));
  for (int tile = 1; tile < cells; ++tile) floating.push_back(get_image(in, layout.tile_px, on));
  ++stored_used_;
  return std::make_shared<TileSprites>(theme, on, layout, std::move(fixed), std::move(floating),
                                       found->pixel_hash);
}

}  // namespace slidegif::detail
