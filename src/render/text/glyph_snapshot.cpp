// GlyphCache::snapshot() and restore(): a font's glyphs as bytes, for a process that cannot keep
// them (the CGI: loading and rasterising a default GIF's glyphs is about a seventh of its
// instructions). Little-endian:
//   "GLY1", u16 FreeType major, minor, patch, u16 0, u32 units per EM, u32 number of glyphs,
//   then per glyph: f64 size, u32 character, u32 glyph index, i64 advance (26.6), i32 ink box
//   left, right, top, bottom, u8 rasterised, and when rasterised i32 mask x and y, u16 mask
//   width and height and its coverage, row by row;
//   u32 number of kerning pairs, then per pair: u64 (left << 32 | right) and i64 kerning in
//   font units.
// FreeType's version is part of it: another version may rasterise the same outline otherwise.
#include <ft2build.h>
#include FT_FREETYPE_H

#include <bit>
#include <cstring>
#include <map>
#include <utility>

#include "render/pixels/little_endian.hpp"
#include "render/text/text.hpp"

namespace slidegif::detail {

namespace {

constexpr char kMagic[4] = {'G', 'L', 'Y', '1'};
constexpr std::uint16_t kFreeType[3] = {FREETYPE_MAJOR, FREETYPE_MINOR, FREETYPE_PATCH};
// Far past any glyph we draw: bigger ones are damage, or a file made to overflow the layout's
// pen and offsets (the checksum around a pieces file catches damage only).
constexpr int kMaxMaskSide = 4096;
constexpr std::int64_t kMaxAdvance = std::int64_t{kMaxMaskSide} * 64;  // 26.6
constexpr std::int64_t kMaxKerning = 1 << 20;                          // font units
constexpr double kMaxSize = 1e4;                                       // as FreeType scales

bool within(std::int64_t v, std::int64_t limit) {
  return v >= -limit && v <= limit;
}

void put_i32(std::vector<std::uint8_t>& out, int v) {
  write_le(out, static_cast<std::uint32_t>(v));
}

}  // namespace

std::vector<std::uint8_t> GlyphCache::snapshot() const {
  std::vector<std::uint8_t> glyphs;
  std::uint32_t count = 0;
  for (const auto& [key, g] : glyphs_) {
    if (g.skip || g.face != 0 || g.index == 0) continue;
    ++count;
    write_le(glyphs, std::bit_cast<std::uint64_t>(key.first));
    write_le(glyphs, static_cast<std::uint32_t>(key.second));
    write_le(glyphs, static_cast<std::uint32_t>(g.index));
    write_le(glyphs, static_cast<std::uint64_t>(g.advance));
    for (const int v : {g.left, g.right, g.top, g.bottom}) put_i32(glyphs, v);
    glyphs.push_back(g.rendered ? 1 : 0);
    if (!g.rendered) continue;
    put_i32(glyphs, g.dx);
    put_i32(glyphs, g.dy);
    write_le(glyphs, static_cast<std::uint16_t>(g.w));
    write_le(glyphs, static_cast<std::uint16_t>(g.h));
    glyphs.insert(glyphs.end(), g.coverage.begin(), g.coverage.end());
  }
  std::vector<std::uint8_t> out(std::begin(kMagic), std::end(kMagic));
  for (const std::uint16_t v : kFreeType) write_le(out, v);
  write_le(out, std::uint16_t{0});
  write_le(out, static_cast<std::uint32_t>(units_per_em_));
  write_le(out, count);
  out.insert(out.end(), glyphs.begin(), glyphs.end());
  // In order of pair, so that the same glyphs give the same bytes however they were looked up.
  const std::map<std::uint64_t, long> kerning(kerning_.begin(), kerning_.end());
  write_le(out, static_cast<std::uint32_t>(kerning.size()));
  for (const auto& [pair, value] : kerning) {
    write_le(out, pair);
    write_le(out, static_cast<std::uint64_t>(value));
  }
  return out;
}

bool GlyphCache::restore(std::span<const std::uint8_t> bytes) {
  LittleEndianReader in(bytes);
  const std::uint8_t* magic = in.bytes(sizeof kMagic);
  if (magic == nullptr || std::memcmp(magic, kMagic, sizeof kMagic) != 0) return false;
  for (const std::uint16_t v : kFreeType)
    if (in.get<std::uint16_t>() != v) return false;
  in.get<std::uint16_t>();
  const auto units_per_em = in.get<std::uint32_t>();
  if (units_per_em == 0 || (units_per_em_ != 0 && units_per_em != units_per_em_)) return false;
  // Read whole before anything is added: damaged bytes add nothing.
  std::vector<std::pair<std::pair<double, char32_t>, Glyph>> glyphs;
  for (auto n = in.get<std::uint32_t>(); in.ok() && n > 0; --n) {
    const double pt = std::bit_cast<double>(in.get<std::uint64_t>());
    const auto c = static_cast<char32_t>(in.get<std::uint32_t>());
    Glyph g;
    g.index = in.get<std::uint32_t>();
    const std::int64_t advance = in.get_i64();
    if (!within(advance, kMaxAdvance)) return false;
    g.advance = static_cast<long>(advance);
    g.left = in.get_i32(), g.right = in.get_i32(), g.top = in.get_i32(), g.bottom = in.get_i32();
    for (const int v : {g.left, g.right, g.top, g.bottom})
      if (!within(v, kMaxMaskSide)) return false;
    g.rendered = in.get<std::uint8_t>() != 0;
    if (g.rendered) {
      g.dx = in.get_i32(), g.dy = in.get_i32();
      if (!within(g.dx, kMaxMaskSide) || !within(g.dy, kMaxMaskSide)) return false;
      g.w = in.get<std::uint16_t>(), g.h = in.get<std::uint16_t>();
      if (g.w > kMaxMaskSide || g.h > kMaxMaskSide) return false;
      const auto area = static_cast<std::size_t>(g.w) * static_cast<std::size_t>(g.h);
      const std::uint8_t* coverage = in.bytes(area);
      if (coverage != nullptr) g.coverage.assign(coverage, coverage + area);
    }
    if (g.index == 0 || !(pt > 0 && pt <= kMaxSize)) return false;
    glyphs.emplace_back(std::pair(pt, c), std::move(g));
  }
  std::vector<std::pair<std::uint64_t, long>> kerning;
  for (auto n = in.get<std::uint32_t>(); in.ok() && n > 0; --n) {
    const auto pair = in.get<std::uint64_t>();
    const std::int64_t value = in.get_i64();
    if (!within(value, kMaxKerning)) return false;
    kerning.emplace_back(pair, static_cast<long>(value));
  }
  if (!in.at_end()) return false;
  units_per_em_ = units_per_em;
  // What this cache already holds was made here: it stays.
  for (auto& [key, g] : glyphs) glyphs_.emplace(key, std::move(g));
  for (const auto& [pair, value] : kerning) kerning_.emplace(pair, value);
  return true;
}

}  // namespace slidegif::detail
