#include "slidegif/render.hpp"

#include <fmt/format.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "slidegif/error.hpp"

namespace slidegif {

namespace {

// Text sizes are points at 96 dpi (the units gd used to take), so a point is 4/3 pixel.
constexpr int kDpi = 96;
constexpr double kPointsPerPixel = 72.0 / kDpi;
constexpr double kMinTextPx = 9.0;  // below this, widen the image rather than shrink the text

Rgb mix(Rgb a, Rgb b, double t) {
  t = std::clamp(t, 0.0, 1.0);
  // +0.5 and truncate rounds like lround for these non-negative values, without the libm call
  // (this runs for every pixel of every tile sprite).
  auto lerp = [t](int x, int y) { return static_cast<std::uint8_t>(x + (y - x) * t + 0.5); };
  return {lerp(a.r, b.r), lerp(a.g, b.g), lerp(a.b, b.b)};
}

int gd_color(Rgb c) {
  return gdTrueColor(c.r, c.g, c.b);
}

Rgb get(const gdImage& im, int x, int y) {
  const int p = im.tpixels[y][x];
  return {static_cast<std::uint8_t>(gdTrueColorGetRed(p)),
          static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
          static_cast<std::uint8_t>(gdTrueColorGetBlue(p))};
}

void put(gdImage& im, int x, int y, Rgb c) {
  im.tpixels[y][x] = gd_color(c);
}

void fill(gdImage& im, Rgb c) {
  for (int y = 0; y < im.sy; ++y) std::fill_n(im.tpixels[y], im.sx, gd_color(c));
}

GdImage copy_truecolor(const gdImage& src) {
  auto im = make_truecolor_image(src.sx, src.sy);
  for (int y = 0; y < src.sy; ++y) {
    std::memcpy(im->tpixels[y], src.tpixels[y], static_cast<std::size_t>(src.sx) * sizeof(int));
  }
  return im;
}

// Signed distance from a pixel centre to a rounded rectangle (negative inside).
double rounded_rect_distance(double px, double py, double x0, double y0, double x1, double y1,
                             double r) {
  const double qx = std::abs(px - (x0 + x1) / 2) - ((x1 - x0) / 2 - r);
  const double qy = std::abs(py - (y0 + y1) / 2) - ((y1 - y0) / 2 - r);
  if (qx <= 0 && qy <= 0) return std::max(qx, qy) - r;  // away from the corners: no sqrt
  const double ox = std::max(qx, 0.0), oy = std::max(qy, 0.0);
  // sqrt rather than hypot: no overflow is possible at pixel scale and hypot is much slower.
  return std::sqrt(ox * ox + oy * oy) + std::min(std::max(qx, qy), 0.0) - r;
}

double coverage(double distance) {
  return std::clamp(0.5 - distance, 0.0, 1.0);
}

// One code point from UTF-8; a malformed byte stands for itself (as gd used to read it), so user
// text can never make us loop or read past the end.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  int len = b0 < 0x80 ? 1 : (b0 >> 5) == 0x6 ? 2 : (b0 >> 4) == 0xE ? 3 : (b0 >> 3) == 0x1E ? 4 : 0;
  if (len <= 1 || i + static_cast<std::size_t>(len) > s.size()) {
    ++i;
    return b0;
  }
  char32_t c = b0 & (0x7F >> len);
  for (int k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
    if ((b & 0xC0) != 0x80) {
      ++i;
      return b0;
    }
    c = (c << 6) | (b & 0x3F);
  }
  i += static_cast<std::size_t>(len);
  return c;
}

// FT_Error_String is compiled out of Debian's FreeType; name the errors a bad --font gives.
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

// Blends a w x h coverage mask onto `im` with its top-left corner at (ox, oy), clipped.
void blend_mask(gdImage& im, const std::uint8_t* mask, int w, int h, int ox, int oy, Rgb color) {
  const int x0 = std::max(0, -ox), x1 = std::min(w, im.sx - ox);
  const int y0 = std::max(0, -oy), y1 = std::min(h, im.sy - oy);
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = mask + static_cast<std::ptrdiff_t>(y) * w;
    for (int x = x0; x < x1; ++x) {
      if (row[x] != 0) put(im, ox + x, oy + y, over(color, get(im, ox + x, oy + y), row[x]));
    }
  }
}

int widest(GlyphCache& glyphs, double pt, const std::vector<std::string>& texts) {
  int w = 0;
  for (const auto& t : texts) w = std::max(w, glyphs.measure(pt, t).width());
  return w;
}

// The largest size up to `px` (pixels) at which every text fits in `avail` pixels, never below
// kMinTextPx. Returns {points, widest text at that size}.
std::pair<double, int> fit_text(GlyphCache& glyphs, double px,
                                const std::vector<std::string>& texts, int avail) {
  // Unhinted widths are linear in size except for rounding each end to whole pixels (under
  // kSlackPx together), so one proportional step that allows for it fits. The loop is only a
  // guard for whatever breaks that (a size FreeType rounds oddly, a pathological font).
  constexpr int kSlackPx = 3;
  double pt = px * kPointsPerPixel;
  int w = widest(glyphs, pt, texts);
  const double min_pt = kMinTextPx * kPointsPerPixel;
  for (int i = 0; i < 4 && w > avail && pt > min_pt; ++i) {
    pt = std::max(min_pt, pt * (avail - kSlackPx) / (w + kSlackPx));
    w = widest(glyphs, pt, texts);
  }
  // The caller widens the image to the true widest text, so nothing is ever clipped.
  return {pt, w};
}

// Pairs that meet at antialiased edges; each gets `steps` evenly spaced blends.
struct Blend {
  Rgb Theme::*a;
  Rgb Theme::*b;
  int steps;
};

}  // namespace

const std::vector<Theme>& themes() {
  static const std::vector<Theme> kThemes = {
      {"classic",
       /*canvas*/ {250, 248, 243}, /*board*/ {187, 173, 160}, /*blank*/ {205, 193, 180},
       /*blank_shade*/ {176, 162, 148}, /*face_top*/ {255, 251, 244},
       /*face_bottom*/ {244, 234, 219}, /*lip*/ {212, 192, 168}, /*shadow*/ {118, 102, 88},
       /*digit*/ {92, 72, 56}, /*caption*/ {96, 84, 74}, /*title*/ {62, 52, 44}},
      {"dark",
       /*canvas*/ {24, 26, 33}, /*board*/ {40, 44, 56}, /*blank*/ {30, 33, 42},
       /*blank_shade*/ {18, 20, 26}, /*face_top*/ {92, 108, 150},
       /*face_bottom*/ {76, 90, 128}, /*lip*/ {50, 58, 84}, /*shadow*/ {8, 9, 12},
       /*digit*/ {242, 245, 250}, /*caption*/ {186, 194, 210}, /*title*/ {236, 240, 248}},
      {"mint",
       /*canvas*/ {237, 245, 243}, /*board*/ {54, 112, 112}, /*blank*/ {44, 94, 95},
       /*blank_shade*/ {30, 72, 73}, /*face_top*/ {255, 255, 255},
       /*face_bottom*/ {234, 245, 243}, /*lip*/ {170, 204, 200}, /*shadow*/ {14, 48, 50},
       /*digit*/ {30, 88, 90}, /*caption*/ {44, 86, 86}, /*title*/ {24, 62, 62}},
  };
  return kThemes;
}

const Theme& find_theme(std::string_view name) {
  std::string valid;
  for (const auto& t : themes()) {
    if (name == t.name) return t;
    valid += valid.empty() ? "" : ", ";
    valid += t.name;
  }
  throw Error(Error::Kind::BadInput, fmt::format("unknown theme '{}' (valid: {})", name, valid));
}

Palette make_palette(const Theme& t) {
  static constexpr Blend kBlends[] = {
      {&Theme::canvas, &Theme::board, 8},      {&Theme::canvas, &Theme::caption, 16},
      {&Theme::canvas, &Theme::title, 16},     {&Theme::board, &Theme::blank, 8},
      {&Theme::blank, &Theme::blank_shade, 8}, {&Theme::board, &Theme::blank_shade, 6},
      {&Theme::board, &Theme::lip, 8},         {&Theme::board, &Theme::face_top, 8},
      {&Theme::board, &Theme::shadow, 8},      {&Theme::shadow, &Theme::lip, 6},
      {&Theme::blank, &Theme::shadow, 6},      {&Theme::blank, &Theme::lip, 8},
      {&Theme::blank, &Theme::face_top, 6},    {&Theme::face_top, &Theme::face_bottom, 10},
      {&Theme::lip, &Theme::face_bottom, 6},   {&Theme::digit, &Theme::face_top, 8},
      {&Theme::digit, &Theme::face_bottom, 8},
  };
  std::vector<Rgb> colors = {t.canvas, t.board,  t.blank, t.blank_shade, t.face_top, t.face_bottom,
                             t.lip,    t.shadow, t.digit, t.caption,     t.title};
  // Text sits on the middle of the face gradient: give it the full 16 shades there.
  const Rgb face_mid = mix(t.face_top, t.face_bottom, 0.5);
  colors.push_back(face_mid);
  for (int i = 1; i < 16; ++i) colors.push_back(mix(t.digit, face_mid, i / 16.0));
  for (const auto& b : kBlends) {
    for (int i = 1; i < b.steps; ++i) colors.push_back(mix(t.*b.a, t.*b.b, double(i) / b.steps));
  }
  // Duplicates would make gdImageCopy's exact-match colour lookup ambiguous.
  std::vector<Rgb> unique;
  for (const auto& c : colors) {
    if (std::find(unique.begin(), unique.end(), c) == unique.end()) unique.push_back(c);
  }
  return Palette(std::move(unique));
}

// The FreeType objects of one GlyphCache: a library of its own rather than a shared one, since
// FreeType objects are not thread-safe and we keep no global state. Members are destroyed in
// reverse order: the face before the library that made it.
struct GlyphCache::FreeType {
  std::unique_ptr<FT_LibraryRec_, decltype(&FT_Done_FreeType)> library{nullptr, &FT_Done_FreeType};
  std::unique_ptr<FT_FaceRec_, decltype(&FT_Done_Face)> face{nullptr, &FT_Done_Face};
  FT_F26Dot6 size = 0;  // the character size last set on the face

  // Loads glyph `index` at `pt` without hinting, so no TrueType bytecode runs. Outlines only:
  // a font's embedded bitmaps would not match the unhinted metrics.
  FT_GlyphSlot load(const std::string& font, double pt, FT_UInt index, FT_Int32 flags) {
    const FT_F26Dot6 want = char_size(pt, font);
    if (want != size) {
      check(FT_Set_Char_Size(face.get(), 0, want, kDpi, kDpi), font, "cannot scale font");
      size = want;
    }
    check(FT_Load_Glyph(face.get(), index, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | flags), font,
          "cannot load a glyph of font");
    return face->glyph;
  }
};

GlyphCache::GlyphCache(std::string font_path) : font_(std::move(font_path)) {}
GlyphCache::GlyphCache(GlyphCache&&) noexcept = default;
GlyphCache& GlyphCache::operator=(GlyphCache&&) noexcept = default;
GlyphCache::~GlyphCache() = default;

GlyphCache::FreeType& GlyphCache::freetype() {
  if (ft_) return *ft_;
  auto ft = std::make_unique<FreeType>();
  FT_Library library = nullptr;
  check(FT_Init_FreeType(&library), font_, "cannot start FreeType for font");
  ft->library.reset(library);
  FT_Face face = nullptr;
  check(FT_New_Face(library, font_.c_str(), 0, &face), font_, "cannot load font");
  ft->face.reset(face);
  if (!FT_IS_SCALABLE(face) || face->units_per_EM == 0) {
    throw Error(Error::Kind::Render, fmt::format("font '{}' is not an outline font", font_));
  }
  ft_ = std::move(ft);
  return *ft_;
}

GlyphCache::Glyph& GlyphCache::metrics(double pt, char32_t c) {
  const auto key = std::pair(pt, c);
  if (auto it = glyphs_.find(key); it != glyphs_.end()) return it->second;
  return glyphs_.emplace(key, load_metrics(pt, c)).first->second;
}

GlyphCache::Glyph& GlyphCache::rendered(double pt, char32_t c) {
  Glyph& g = metrics(pt, c);
  if (!g.rendered && !g.skip) {
    load_coverage(pt, g);
    g.rendered = true;
  }
  return g;
}

GlyphCache::Glyph GlyphCache::load_metrics(double pt, char32_t c) {
  Glyph g;
  if (c == '\n' || c == '\r') {
    g.skip = true;
    return g;
  }
  FreeType& ft = freetype();
  g.index = FT_Get_Char_Index(ft.face.get(), c);  // 0 (the font's "missing" box) if absent
  const FT_GlyphSlot slot = ft.load(font_, pt, g.index, FT_LOAD_DEFAULT);
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
      freetype().load(font_, pt, g.index, FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL);
  const FT_Bitmap& bm = slot->bitmap;
  if (bm.width == 0 || bm.rows == 0) return;  // no ink
  if (bm.pixel_mode != FT_PIXEL_MODE_GRAY || bm.num_grays != 256) {
    throw Error(Error::Kind::Render, fmt::format("font '{}': unexpected glyph bitmap", font_));
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
  const FT_Face face = freetype().face.get();
  FT_Vector k{};
  if (!FT_HAS_KERNING(face) || FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED, &k) != 0) {
    return 0;
  }
  // Scaled here rather than by FreeType, whose scale is that of the size last loaded.
  return std::lround(static_cast<double>(k.x) * (pt / kPointsPerPixel) * 64 / face->units_per_EM);
}

template <class F>
void GlyphCache::lay_out(double pt, std::string_view utf8, bool render, F&& f) {
  FT_Pos pen = 0;  // 26.6 pixels: rounding only where a glyph is put keeps spacing even
  unsigned prev = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const char32_t c = next_code_point(utf8, i);
    const Glyph& g = render ? rendered(pt, c) : metrics(pt, c);
    if (g.skip) continue;
    if (prev != 0 && g.index != 0) pen += kerning(pt, prev, g.index);
    f(g, round_px(pen));
    pen += g.advance;
    prev = g.index;
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

FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text) {
  GlyphCache glyphs(text.font_path);
  return compute_layout(shape, tile_px, text, glyphs);
}

FrameLayout compute_layout(Shape shape, int tile_px, const FrameText& text, GlyphCache& glyphs) {
  if (text.font_path.empty()) throw Error(Error::Kind::Render, "no font given for the animation");
  FrameLayout L;
  const int s = tile_px;
  L.tile_px = s;
  L.inset = std::max(1, static_cast<int>(std::lround(s * 0.045)));
  L.radius = std::max(2, static_cast<int>(std::lround(s * 0.14)));
  const int pad = std::max(2, static_cast<int>(std::lround(s * 0.09)));
  const int margin = std::max(6, static_cast<int>(std::lround(s * 0.22)));
  const int side = std::max(4, margin / 2);  // text may use part of the margin
  const int tray_w = shape.cols * s + 2 * pad, tray_h = shape.rows * s + 2 * pad;

  // Captions scale with the tiles, shrink to fit the board, and only when even the minimum
  // size does not fit does the image grow wider than the board.
  int width = tray_w + 2 * margin;
  const double caption_px = std::clamp(s * 0.22, 12.0, 30.0);
  auto [cap_pt, cap_w] = fit_text(glyphs, caption_px, text.captions, width - 2 * side);
  L.caption_pt = cap_pt;
  width = std::max(width, cap_w + 2 * side);
  if (!text.title.empty()) {
    auto [title_pt, title_w] = fit_text(glyphs, caption_px * 1.2, {text.title}, width - 2 * side);
    L.title_pt = title_pt;
    width = std::max(width, title_w + 2 * side);
  }
  const int cap_px = static_cast<int>(std::lround(L.caption_pt / kPointsPerPixel));
  int y = margin;
  if (!text.title.empty()) {
    const int title_px = static_cast<int>(std::lround(L.title_pt / kPointsPerPixel));
    L.title = {0, margin / 2, width, static_cast<int>(std::lround(title_px * 1.7))};
    y = L.title.y + L.title.h + margin / 3;
  }
  L.tray = {(width - tray_w) / 2, y, tray_w, tray_h};
  L.board_x = L.tray.x + pad;
  L.board_y = L.tray.y + pad;
  L.caption = {0, L.tray.y + tray_h + margin / 3, width,
               static_cast<int>(std::lround(cap_px * 2.0))};
  L.width = width;
  L.height = L.caption.y + L.caption.h + margin / 2;

  // Digits: one size for every tile, as large as the widest label allows.
  const int face_w = s - 2 * L.inset;
  L.digit_pt = std::max(5.0, s * 0.42) * kPointsPerPixel;
  const int label_w = widest(glyphs, L.digit_pt, {std::to_string(shape.cells() - 1)});
  if (label_w > face_w * 0.7) L.digit_pt *= face_w * 0.7 / label_w;
  return L;
}

FrameRenderer::FrameRenderer(Shape shape, const Theme& theme, const Palette& palette,
                             const FrameText& text, int tile_px)
    : cols_(shape.cols),
      theme_(theme),
      palette_(palette),
      quantizer_(palette),
      glyphs_(text.font_path),
      layout_(compute_layout(shape, tile_px, text, glyphs_)) {
  init(text);
  tiles_.reserve(static_cast<std::size_t>(shape.cells()));
  for (int tile = 0; tile < shape.cells(); ++tile) tiles_.push_back(render_tile(tile, false));
}

FrameRenderer::FrameRenderer(Shape shape, const Theme& theme, const Palette& palette,
                             const FrameText& text, const FrameLayout& layout, GlyphCache glyphs)
    : cols_(shape.cols),
      theme_(theme),
      palette_(palette),
      quantizer_(palette),
      glyphs_(std::move(glyphs)),
      layout_(layout) {
  init(text);
  tiles_.reserve(static_cast<std::size_t>(shape.cells()));
  for (int tile = 0; tile < shape.cells(); ++tile) tiles_.push_back(render_tile(tile, false));
}

void FrameRenderer::init(const FrameText& text) {
  const auto& L = layout_;
  const double pad = L.board_x - L.tray.x;
  auto bg = make_truecolor_image(L.width, L.height);
  fill(*bg, theme_.canvas);
  const double tr = L.radius + pad;
  for (int py = L.tray.y; py < L.tray.y + L.tray.h; ++py) {
    for (int px = L.tray.x; px < L.tray.x + L.tray.w; ++px) {
      const double d = rounded_rect_distance(px + 0.5, py + 0.5, L.tray.x, L.tray.y,
                                             L.tray.x + L.tray.w, L.tray.y + L.tray.h, tr);
      put(*bg, px, py, mix(get(*bg, px, py), theme_.board, coverage(d)));
    }
  }
  if (!text.title.empty()) {
    draw_centered(*bg, L.title, L.title_pt, theme_.title, text.title);
  }
  background_ = quantizer_.to_palette_image(*bg);
}

void FrameRenderer::draw_centered(gdImage& im, const Rect& band, double pt, Rgb color,
                                  const std::string& text) {
  // Centre on the cap height, not on this string's ink, so captions do not jump vertically.
  const TextBox cap = glyphs_.measure(pt, "H");
  const TextBox box = glyphs_.measure(pt, text);
  const int x = band.x + (band.w - box.width()) / 2 - box.left;
  const int baseline = band.y + (band.h + cap.height()) / 2 - cap.bottom;
  glyphs_.draw(im, pt, x, baseline, color, text);
}

const gdImage& FrameRenderer::tile_body(bool floating) {
  GdImage& body = body_[floating ? 1 : 0];
  if (body) return *body;
  const auto& L = layout_;
  const int s = L.tile_px;
  body = make_truecolor_image(s, s);
  const Rgb bg = floating ? theme_.blank : theme_.board;
  const double x0 = L.inset, y0 = L.inset, x1 = s - L.inset, y1 = s - L.inset, r = L.radius;
  const double lip = std::max(1.0, std::round(s * 0.06));
  const double drop = std::max(1.0, s * 0.03), blur = std::max(1.0, s * 0.035);
  std::vector<bool> outside(static_cast<std::size_t>(s) * static_cast<std::size_t>(s), false);
  for (int py = 0; py < s; ++py) {
    const double cy = py + 0.5;
    // The face gradient depends on the row only.
    const Rgb face = mix(theme_.face_top, theme_.face_bottom, (cy - y0) / (y1 - lip - y0));
    for (int px = 0; px < s; ++px) {
      const double cx = px + 0.5;
      const double d_shadow = rounded_rect_distance(cx, cy - drop, x0, y0, x1, y1, r);
      const double a_shadow = 0.35 * std::clamp((blur - d_shadow) / (2 * blur), 0.0, 1.0);
      const double a_tile = coverage(rounded_rect_distance(cx, cy, x0, y0, x1, y1, r));
      const double a_face = coverage(rounded_rect_distance(cx, cy, x0, y0, x1, y1 - lip, r));
      Rgb c = mix(bg, theme_.shadow, a_shadow);
      c = mix(c, theme_.lip, a_tile);
      c = mix(c, face, a_face);
      put(*body, px, py, c);
      outside[static_cast<std::size_t>(py) * s + px] = a_shadow <= 0.0 && a_tile <= 0.0;
    }
  }
  if (floating) body_outside_ = std::move(outside);
  return *body;
}

GdImage FrameRenderer::render_tile(int tile, bool floating) {
  const auto& L = layout_;
  const int s = L.tile_px;
  if (tile == 0) {
    // The blank: a recessed well, shaded at the top, flat (exactly `blank`) in the middle.
    auto im = make_truecolor_image(s, s);
    const Rgb bg = floating ? theme_.blank : theme_.board;
    const double x0 = L.inset, y0 = L.inset, x1 = s - L.inset, y1 = s - L.inset, r = L.radius;
    const double shade_h = std::max(2.0, s * 0.12);
    for (int py = 0; py < s; ++py) {
      const double shade = std::clamp(1.0 - (py + 0.5 - y0) / shade_h, 0.0, 1.0);
      const Rgb well = mix(theme_.blank, theme_.blank_shade, shade * 0.8);
      for (int px = 0; px < s; ++px) {
        const double cov = coverage(rounded_rect_distance(px + 0.5, py + 0.5, x0, y0, x1, y1, r));
        put(*im, px, py, mix(bg, well, cov));
      }
    }
    return quantizer_.to_palette_image(*im);
  }

  // Every tile is the same body with its number stamped on.
  auto im = copy_truecolor(tile_body(floating));
  const double lip = std::max(1.0, std::round(s * 0.06));
  const double y0 = L.inset, y1 = s - L.inset;
  const std::string label = std::to_string(tile);
  const TextBox box = glyphs_.measure(L.digit_pt, label);
  const double face_cy = (y0 + y1 - lip) / 2;
  const int x = static_cast<int>(std::lround(s / 2.0 - (box.left + box.right) / 2.0));
  const int y = static_cast<int>(std::lround(face_cy - (box.top + box.bottom) / 2.0));
  glyphs_.draw(*im, L.digit_pt, x, y, theme_.digit, label);

  auto sprite = quantizer_.to_palette_image(*im);
  if (floating) {
    // Outside the tile the sprite is transparent, so copying it leaves the wells it slides
    // over untouched.
    for (int py = 0; py < s; ++py) {
      for (int px = 0; px < s; ++px) {
        if (body_outside_[static_cast<std::size_t>(py) * s + px]) {
          sprite->pixels[py][px] = static_cast<unsigned char>(palette_.transparent());
        }
      }
    }
    gdImageColorTransparent(sprite.get(), palette_.transparent());
  }
  return sprite;
}

GdImage FrameRenderer::new_frame() const {
  auto frame = make_palette_image(layout_.width, layout_.height, palette_, 0);
  for (int y = 0; y < layout_.height; ++y) {
    std::memcpy(frame->pixels[y], background_->pixels[y], static_cast<std::size_t>(layout_.width));
  }
  return frame;
}

void FrameRenderer::draw_board(gdImage& frame, const Board& board) const {
  for (int cell = 0; cell < board.cells(); ++cell) draw_cell(frame, cell, board.at(cell));
}

void FrameRenderer::draw_cell(gdImage& frame, int cell, int tile) const {
  const Rect r = cell_rect(cell);
  copy_sprite(frame, *tiles_.at(static_cast<std::size_t>(tile)), r.x, r.y);
}

void FrameRenderer::draw_slide(gdImage& frame, int from, int to, int tile, double t) {
  auto it = floating_.find(tile);
  if (it == floating_.end()) it = floating_.emplace(tile, render_tile(tile, true)).first;
  draw_cell(frame, from, 0);
  draw_cell(frame, to, 0);
  const Rect a = cell_rect(from), b = cell_rect(to);
  const int x = static_cast<int>(std::lround(a.x + (b.x - a.x) * t));
  const int y = static_cast<int>(std::lround(a.y + (b.y - a.y) * t));
  copy_sprite(frame, *it->second, x, y);
}

void FrameRenderer::draw_caption(gdImage& frame, const std::string& text) {
  auto it = captions_.find(text);
  if (it == captions_.end()) {
    const Rect& band = layout_.caption;
    auto im = make_truecolor_image(band.w, band.h);
    fill(*im, theme_.canvas);
    draw_centered(*im, {0, 0, band.w, band.h}, layout_.caption_pt, theme_.caption, text);
    it = captions_.emplace(text, quantizer_.to_palette_image(*im)).first;
  }
  const Rect& band = layout_.caption;
  copy_sprite(frame, *it->second, band.x, band.y);
}

}  // namespace slidegif
