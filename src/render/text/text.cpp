#include "render/text/text.hpp"

#include <fmt/format.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "render/pixels/image.hpp"
#include "render/text/utf8.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

// FT_Error_String is compiled out of Debian's FreeType; name the errors a bad font gives.
std::string describe(FT_Error e) {
  if (const char* s = FT_Error_String(e)) return s;
  switch (e) {
    case FT_Err_Cannot_Open_Resource:
      return "cannot open the file";
    case FT_Err_Unknown_File_Format:
      return "not a font file";
    case FT_Err_Invalid_File_Format:
      return "broken font file";
    default:
      return fmt::format("FreeType error {}", e);
  }
}

void check(FT_Error e, const std::string& font, std::string_view what) {
  if (e != 0) {
    throw Error(Error::Kind::Render, fmt::format("{} '{}': {}", what, font, describe(e)));
  }
}

// A character size in 26.6 points; FreeType rejects what it cannot scale to.
FT_F26Dot6 char_size(double pt, const std::string& font) {
  if (!(pt >= 1.0 / 64 && pt <= 1e4)) {
    throw Error(Error::Kind::Render, fmt::format("cannot scale font '{}' to {} pt", font, pt));
  }
  return static_cast<FT_F26Dot6>(std::lround(pt * 64));
}

int floor_px(FT_Pos v) {
  return static_cast<int>(v >> 6);  // C++20: >> on negative values is an arithmetic shift
}

int ceil_px(FT_Pos v) {
  return floor_px(v + 63);
}

int round_px(FT_Pos v) {
  return floor_px(v + 32);
}

// Row `y` (from the top) of a FreeType bitmap, whichever way its rows run in memory.
const unsigned char* bitmap_row(const FT_Bitmap& bm, unsigned y) {
  const long pitch = bm.pitch;
  const unsigned long row = pitch >= 0 ? y : bm.rows - 1 - y;
  return bm.buffer + static_cast<long>(row) * std::abs(pitch);
}

// Coverage `a` (0..255) of `fg` over the opaque `bg`, rounded to nearest.
Rgb over(Rgb fg, Rgb bg, int a) {
  auto ch = [a](int f, int b) {
    return static_cast<std::uint8_t>((f * a + b * (255 - a) + 127) / 255);
  };
  return {ch(fg.r, bg.r), ch(fg.g, bg.g), ch(fg.b, bg.b)};
}

TextBox unite(const TextBox& a, const TextBox& b) {
  return {std::min(a.left, b.left), std::max(a.right, b.right), std::min(a.top, b.top),
          std::max(a.bottom, b.bottom)};
}

Rgb get(const gdImage& im, int x, int y) {
  const int p = im.tpixels[y][x];
  return {static_cast<std::uint8_t>(gdTrueColorGetRed(p)),
          static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
          static_cast<std::uint8_t>(gdTrueColorGetBlue(p))};
}

// Blends a w x h coverage mask onto `im` with its top-left corner at (ox, oy), clipped.
void blend_mask(gdImage& im, const std::uint8_t* mask, int w, int h, int ox, int oy, Rgb color) {
  const int x0 = std::max(0, -ox), x1 = std::min(w, im.sx - ox);
  const int y0 = std::max(0, -oy), y1 = std::min(h, im.sy - oy);
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = mask + static_cast<std::ptrdiff_t>(y) * w;
    for (int x = x0; x < x1; ++x) {
      if (row[x] != 0) put_pixel(im, ox + x, oy + y, over(color, get(im, ox + x, oy + y), row[x]));
    }
  }
}

void max_mask(CoverageMask& dst, const std::uint8_t* mask, int w, int h, int ox, int oy) {
  const int x0 = std::max(0, -ox), x1 = std::min(w, dst.width - ox);
  const int y0 = std::max(0, -oy), y1 = std::min(h, dst.height - oy);
  if (x0 >= x1 || y0 >= y1) return;
  const bool first = dst.ink_top >= dst.ink_bottom;
  dst.ink_top = first ? oy + y0 : std::min(dst.ink_top, oy + y0);
  dst.ink_bottom = first ? oy + y1 : std::max(dst.ink_bottom, oy + y1);
  dst.ink_left = first ? ox + x0 : std::min(dst.ink_left, ox + x0);
  dst.ink_right = first ? ox + x1 : std::max(dst.ink_right, ox + x1);
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = mask + static_cast<std::ptrdiff_t>(y) * w;
    std::uint8_t* out =
        &dst.alpha[static_cast<std::size_t>(oy + y) * static_cast<std::size_t>(dst.width) +
                   static_cast<std::size_t>(ox)];
    for (int x = x0; x < x1; ++x) out[x] = std::max(out[x], row[x]);
  }
}

}  // namespace

// The FreeType objects of one GlyphCache: a library of its own rather than a shared one, since
// FreeType objects are not thread-safe and we keep no global state. Face 0 is the font, faces
// 1.. its fallbacks, opened when a character the font lacks is first looked up. Members are
// destroyed in reverse order: the faces before the library that made them.
struct GlyphCache::FreeType {
  struct Face {
    std::unique_ptr<FT_FaceRec_, decltype(&FT_Done_Face)> face{nullptr, &FT_Done_Face};
    FT_F26Dot6 size = 0;  // the character size last set on the face
    std::string name;
    bool synthetic_bold = false;  // a regular fallback behind a bold font
  };
  std::unique_ptr<FT_LibraryRec_, decltype(&FT_Done_FreeType)> library{nullptr, &FT_Done_FreeType};
  std::vector<Face> faces;  // [0] the font, then the fallbacks opened so far
  bool fallbacks_open = false;

  // Loads glyph `index` of face `f` at `pt` without hinting, so no TrueType bytecode runs.
  // Outlines only: a font's embedded bitmaps would not match the unhinted metrics.
  // A fallback lighter than a bold font is emboldened (as FreeType's FT_GlyphSlot_Embolden
  // does, by a 24th of the size), so Han characters from a regular CJK face stand beside the
  // bold font's digits at one weight.
  FT_GlyphSlot load(std::size_t f, double pt, FT_UInt index, FT_Int32 flags) {
    Face& face = faces[f];
    const FT_F26Dot6 want = char_size(pt, face.name);
    if (want != face.size) {
      check(FT_Set_Char_Size(face.face.get(), 0, want, kTextDpi, kTextDpi), face.name,
            "cannot scale font");
      face.size = want;
    }
    const bool render = (flags & FT_LOAD_RENDER) != 0;
    if (face.synthetic_bold) flags &= ~FT_LOAD_RENDER;
    check(FT_Load_Glyph(face.face.get(), index, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | flags),
          face.name, "cannot load a glyph of font");
    const FT_GlyphSlot slot = face.face->glyph;
    if (face.synthetic_bold && slot->format == FT_GLYPH_FORMAT_OUTLINE) {
      const FT_Pos strength =
          FT_MulFix(face.face->units_per_EM, face.face->size->metrics.y_scale) / 24;
      check(FT_Outline_Embolden(&slot->outline, strength), face.name, "cannot embolden font");
      slot->advance.x += strength;
      if (render)
        check(FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), face.name,
              "cannot draw a glyph of font");
    }
    return slot;
  }

  // Opens `font` as the next face. Throws Error(Render) for bytes that are no outline font.
  void open(const Font& font) {
    if (font.empty()) {
      throw Error(Error::Kind::Render, font.name().empty()
                                           ? std::string("no font given for the text")
                                           : fmt::format("font '{}' is empty", font.name()));
    }
    FT_Face face = nullptr;
    const auto bytes = font.bytes();
    check(FT_New_Memory_Face(library.get(), bytes.data(), static_cast<FT_Long>(bytes.size()),
                             font.face_index(), &face),
          font.name(), "cannot load font");
    Face& added = faces.emplace_back();
    added.face.reset(face);
    added.name = font.name();
    added.synthetic_bold = faces.size() > 1 &&
                           (faces[0].face->style_flags & FT_STYLE_FLAG_BOLD) != 0 &&
                           (face->style_flags & FT_STYLE_FLAG_BOLD) == 0;
    if (!FT_IS_SCALABLE(face) || face->units_per_EM == 0) {
      throw Error(Error::Kind::Render,
                  fmt::format("font '{}' is not an outline font", font.name()));
    }
  }
};

GlyphCache::GlyphCache(Font font) : font_(std::move(font)) {}
GlyphCache::GlyphCache(GlyphCache&&) noexcept = default;
GlyphCache& GlyphCache::operator=(GlyphCache&&) noexcept = default;
GlyphCache::~GlyphCache() = default;

GlyphCache::FreeType& GlyphCache::freetype() {
  if (ft_) return *ft_;
  auto ft = std::make_unique<FreeType>();
  FT_Library library = nullptr;
  check(FT_Init_FreeType(&library), font_.name(), "cannot start FreeType for font");
  ft->library.reset(library);
  ft->open(font_);
  units_per_em_ = ft->faces[0].face->units_per_EM;
  ft_ = std::move(ft);
  return *ft_;
}

bool GlyphCache::has_own_glyph(char32_t c) {
  return FT_Get_Char_Index(freetype().faces[0].face.get(), c) != 0;
}

std::string GlyphCache::family_name() {
  const char* family = freetype().faces[0].face->family_name;
  return family != nullptr ? family : "";
}

std::pair<std::size_t, FT_UInt> GlyphCache::find_glyph(char32_t c) {
  FreeType& ft = freetype();
  const FT_UInt index = FT_Get_Char_Index(ft.faces[0].face.get(), c);
  if (index != 0 || font_.fallbacks().empty() || c < 0x20) return {0, index};
  if (!ft.fallbacks_open) {
    ft.fallbacks_open = true;  // a broken fallback is reported once, then left out
    for (const Font& fallback : font_.fallbacks()) ft.open(fallback);
  }
  for (std::size_t f = 1; f < ft.faces.size(); ++f) {
    if (const FT_UInt i = FT_Get_Char_Index(ft.faces[f].face.get(), c); i != 0) return {f, i};
  }
  return {0, 0};  // the font's own "missing" box
}

GlyphCache::AsciiGlyphs& GlyphCache::ascii(double pt) {
  for (AsciiGlyphs& a : ascii_) {
    if (a.pt == pt) return a;
  }
  char_size(pt, font_.name());  // a size FreeType cannot scale to (NaN) gets no entry
  return ascii_.emplace_back(AsciiGlyphs{.pt = pt});
}

GlyphCache::Glyph& GlyphCache::metrics(double pt, char32_t c) {
  Glyph** known = c < 128 ? &ascii(pt).glyph[c] : nullptr;
  if (known != nullptr && *known != nullptr) return **known;
  const auto key = std::pair(pt, c);
  auto it = glyphs_.find(key);
  if (it == glyphs_.end()) it = glyphs_.emplace(key, load_metrics(pt, c)).first;
  if (known != nullptr) *known = &it->second;
  return it->second;
}

void GlyphCache::rasterise(double pt, Glyph& g) {
  if (!g.rendered && !g.skip) {
    load_coverage(pt, g);
    g.rendered = true;
  }
}

GlyphCache::Glyph GlyphCache::load_metrics(double pt, char32_t c) {
  Glyph g;
  if (c == '\n' || c == '\r') {
    g.skip = true;
    return g;
  }
  const auto [face, index] = find_glyph(c);  // index 0: the font's "missing" box
  g.face = static_cast<std::uint8_t>(face);
  g.index = index;
  const FT_GlyphSlot slot = freetype().load(face, pt, g.index, FT_LOAD_DEFAULT);
  g.advance = slot->advance.x;                // unhinted: not rounded to whole pixels
  if (slot->outline.n_points == 0) return g;  // a space: no ink
  // The rasteriser makes its bitmap the control box rounded outwards to whole pixels, so this
  // is the box load_coverage() will get, without rasterising.
  FT_BBox box;
  FT_Outline_Get_CBox(&slot->outline, &box);
  g.left = floor_px(box.xMin);
  g.right = ceil_px(box.xMax);
  g.top = -ceil_px(box.yMax);
  g.bottom = -floor_px(box.yMin);
  return g;
}

void GlyphCache::load_coverage(double pt, Glyph& g) {
  const FT_GlyphSlot slot =
      freetype().load(g.face, pt, g.index, FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL);
  const FT_Bitmap& bm = slot->bitmap;
  if (bm.width == 0 || bm.rows == 0) return;  // no ink
  if (bm.pixel_mode != FT_PIXEL_MODE_GRAY || bm.num_grays != 256) {
    throw Error(Error::Kind::Render,
                fmt::format("font '{}': unexpected glyph bitmap", font_.name()));
  }
  g.dx = slot->bitmap_left;
  g.dy = -slot->bitmap_top;
  g.w = static_cast<int>(bm.width);
  g.h = static_cast<int>(bm.rows);
  g.coverage.resize(std::size_t{bm.width} * bm.rows);
  for (unsigned y = 0; y < bm.rows; ++y) {
    std::memcpy(&g.coverage[std::size_t{y} * bm.width], bitmap_row(bm, y), bm.width);
  }
}

long GlyphCache::kerning(double pt, unsigned left, unsigned right) {
  // FT_Get_Kerning reads the legacy 'kern' table only (DejaVu has one, and the lookup is a binary
  // search); fonts that kern only through GPOS come out unkerned, as reading GPOS needs a shaper.
  const auto pair = (std::uint64_t{left} << 32) | right;
  auto it = kerning_.find(pair);
  if (it == kerning_.end()) {
    const FT_Face face = freetype().faces[0].face.get();
    FT_Vector k{};
    const bool found =
        FT_HAS_KERNING(face) && FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED, &k) == 0;
    it = kerning_.emplace(pair, found ? k.x : 0).first;
  }
  if (it->second == 0) return 0;
  // Scaled here rather than by FreeType, whose scale is that of the size last loaded.
  return std::lround(static_cast<double>(it->second) * (pt / kPointsPerPixel) * 64 /
                     static_cast<double>(units_per_em_));
}

template <class F>
void GlyphCache::lay_out(double pt, std::string_view utf8, bool render, F&& f) {
  FT_Pos pen = 0;     // 26.6 pixels: rounding only where a glyph is put keeps spacing even
  unsigned prev = 0;  // the previous glyph of the font itself (fallbacks are not kerned)
  if (utf8.empty()) return;
  // The size's ASCII table, read here without a call a character; metrics() fills it, and it
  // stays valid: metrics() finds this same entry, so ascii_ does not grow.
  const AsciiGlyphs& known = ascii(pt);
  for (std::size_t i = 0; i < utf8.size();) {
    const char32_t c = next_code_point(utf8, i);
    Glyph* const seen = c < 128 ? known.glyph[c] : nullptr;
    Glyph& g = seen != nullptr ? *seen : metrics(pt, c);
    if (render) rasterise(pt, g);
    if (g.skip) continue;
    if (prev != 0 && g.index != 0 && g.face == 0) pen += kerning(pt, prev, g.index);
    f(g, round_px(pen));
    pen += g.advance;
    prev = g.face == 0 ? g.index : 0;
  }
}

TextBox GlyphCache::measure(double pt, std::string_view utf8) {
  std::optional<TextBox> box;
  lay_out(pt, utf8, false, [&box](const Glyph& g, int pen_x) {
    if (g.right <= g.left || g.bottom <= g.top) return;  // no ink
    const TextBox ink{pen_x + g.left, pen_x + g.right, g.top, g.bottom};
    box = box ? unite(*box, ink) : ink;
  });
  return box.value_or(TextBox{});
}

void GlyphCache::draw(gdImage& im, double pt, int x, int y, Rgb color, std::string_view utf8) {
  lay_out(pt, utf8, true, [&](const Glyph& g, int pen_x) {
    blend_mask(im, g.coverage.data(), g.w, g.h, x + pen_x + g.dx, y + g.dy, color);
  });
}

void GlyphCache::draw(CoverageMask& mask, double pt, int x, int y, std::string_view utf8) {
  lay_out(pt, utf8, true, [&](const Glyph& g, int pen_x) {
    max_mask(mask, g.coverage.data(), g.w, g.h, x + pen_x + g.dx, y + g.dy);
  });
}

}  // namespace slidegif::detail
