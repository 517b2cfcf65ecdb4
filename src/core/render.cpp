#include "slidegif/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "slidegif/error.hpp"

namespace slidegif {

namespace {

// gd measures FreeType text in points at 96 dpi.
constexpr double kPointsPerPixel = 72.0 / 96.0;
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

// gd lays text out at 300 dpi in 26.6 fixed point and draws at 96 dpi: 200 units per pixel.
constexpr int kMetricRes = 300;
constexpr long kUnitsPerPixel = 64L * kMetricRes / 96;

// gd converts brect coordinates to int by truncation; do the same with our sums.
int units_to_px(long units) {
  return static_cast<int>(static_cast<double>(units) / kUnitsPerPixel);
}

// One code point from UTF-8; a malformed byte stands for itself (as gd reads it), so user text
// can never make us loop or read past the end.
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

std::string to_utf8(char32_t c) {
  std::string s;
  if (c < 0x80) {
    s += static_cast<char>(c);
  } else if (c < 0x800) {
    s += static_cast<char>(0xC0 | (c >> 6));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += static_cast<char>(0xE0 | (c >> 12));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (c >> 18));
    s += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (c & 0x3F));
  }
  return s;
}

// Calls gd; a failing font load comes back as a string.
void ft_call(gdImage* im, int* brect, int fg, const std::string& font, double pt, int x, int y,
             const std::string& text, gdFTStringExtra* extra) {
  const char* err = gdImageStringFTEx(im, brect, fg, const_cast<char*>(font.c_str()), pt, 0.0, x, y,
                                      const_cast<char*>(text.c_str()), extra);
  if (err != nullptr) {
    throw Error(Error::Kind::Render, fmt::format("cannot draw text with font '{}': {}", font, err));
  }
}

int widest(GlyphCache& glyphs, double pt, const std::vector<std::string>& texts) {
  int w = 0;
  for (const auto& t : texts) w = std::max(w, glyphs.measure(pt, t).width());
  return w;
}

// The largest size up to `px` (pixels) at which every text fits in `avail` pixels, never below
// kMinTextPx. Returns {points, widest text at that size}. Measuring is a sum of cached glyph
// metrics, so each size tried costs one hinting pass per distinct character, not per text.
std::pair<double, int> fit_text(GlyphCache& glyphs, double px,
                                const std::vector<std::string>& texts, int avail) {
  double pt = px * kPointsPerPixel;
  int w = widest(glyphs, pt, texts);
  const double min_pt = kMinTextPx * kPointsPerPixel;
  // Hinting makes width slightly non-linear in size, so shrink proportionally and re-measure.
  for (int i = 0; i < 8 && w > avail && pt > min_pt; ++i) {
    pt = std::max(min_pt, pt * avail / w * 0.98);
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

GlyphCache::Glyph& GlyphCache::metrics(double pt, char32_t c) {
  auto [it, fresh] = glyphs_.try_emplace({pt, c});
  Glyph& g = it->second;
  if (!fresh) return g;
  if (c == '\n' || c == '\r') {
    g.skip = true;
    return g;
  }
  // At hdpi = 64 * 300 gd's bounding box comes out in its own 300-dpi 26.6 units, unrounded:
  // the exact bearing, advance and vertical extent it uses when laying out a string.
  gdFTStringExtra extra{};
  extra.flags = gdFTEX_RESOLUTION;
  extra.hdpi = extra.vdpi = static_cast<int>(64 * kMetricRes);
  int brect[8] = {};
  try {
    ft_call(nullptr, brect, 0, font_, pt, 0, 0, to_utf8(c), &extra);
  } catch (...) {
    glyphs_.erase(it);
    throw;
  }
  g.bearing_x = brect[0];
  g.advance = brect[2];
  g.top = brect[7];
  g.bottom = brect[1];
  return g;
}

GlyphCache::Glyph& GlyphCache::rendered(double pt, char32_t c) {
  Glyph& g = metrics(pt, c);
  if (g.rendered || g.skip) return g;
  // Draw the glyph white on black with the pen on whole pixels: gd truncates each glyph's
  // position to whole pixels anyway, so this bitmap is the one it would draw anywhere.
  const int em = static_cast<int>(std::ceil(pt / kPointsPerPixel));
  const int pad = em / 2 + 2;
  const int ink_w =
      static_cast<int>((std::max(g.advance, 0L) + kUnitsPerPixel - 1) / kUnitsPerPixel);
  const int ink_h = static_cast<int>((g.bottom - g.top + kUnitsPerPixel - 1) / kUnitsPerPixel);
  const int pen_x = pad, pen_y = pad + static_cast<int>(-g.top / kUnitsPerPixel) + 1;
  auto im = make_truecolor_image(ink_w + 2 * pad, ink_h + 2 * pad + 2);
  ft_call(im.get(), nullptr, gd_color({255, 255, 255}), font_, pt, pen_x, pen_y, to_utf8(c),
          nullptr);
  // gd blends with alpha level L in 0..127 as (fg * L + bg * (127 - L)) / 127; on black with
  // white that leaves 255 * L / 127, which maps back to L one to one.
  std::array<std::uint8_t, 256> level_of{};
  for (int l = 0; l <= gdAlphaMax; ++l)
    level_of[static_cast<std::size_t>(255 * l / gdAlphaMax)] = l;
  int x0 = im->sx, y0 = im->sy, x1 = -1, y1 = -1;
  for (int y = 0; y < im->sy; ++y) {
    for (int x = 0; x < im->sx; ++x) {
      if (gdTrueColorGetRed(im->tpixels[y][x]) != 0) {
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = y;
      }
    }
  }
  g.rendered = true;
  if (x1 < 0) return g;  // a space
  g.dx = x0 - pen_x;
  g.dy = y0 - pen_y;
  g.w = x1 - x0 + 1;
  g.h = y1 - y0 + 1;
  g.level.resize(static_cast<std::size_t>(g.w) * static_cast<std::size_t>(g.h));
  for (int y = 0; y < g.h; ++y) {
    for (int x = 0; x < g.w; ++x) {
      const int v = gdTrueColorGetRed(im->tpixels[y0 + y][x0 + x]);
      g.level[static_cast<std::size_t>(y * g.w + x)] = level_of[static_cast<std::size_t>(v)];
    }
  }
  return g;
}

TextBox GlyphCache::measure(double pt, std::string_view utf8) {
  // gd's bounding box: from the leftmost bearing to the last pen position plus its advance,
  // vertically over every glyph's extent; the first glyph initialises it.
  long pen = 0, min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  bool first = true;
  for (std::size_t i = 0; i < utf8.size();) {
    const Glyph& g = metrics(pt, next_code_point(utf8, i));
    if (g.skip) continue;
    const long gx0 = pen + g.bearing_x, gx1 = pen + g.advance;
    if (first) {
      min_x = gx0, max_x = gx1, min_y = g.top, max_y = g.bottom;
      first = false;
    } else {
      min_x = std::min(min_x, gx0), max_x = std::max(max_x, gx1);
      min_y = std::min(min_y, g.top), max_y = std::max(max_y, g.bottom);
    }
    pen += g.advance;
  }
  return {units_to_px(min_x), units_to_px(max_x), units_to_px(min_y), units_to_px(max_y)};
}

void GlyphCache::draw(gdImage& im, double pt, int x, int y, Rgb color, std::string_view utf8) {
  long pen = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const Glyph& g = rendered(pt, next_code_point(utf8, i));
    if (g.skip) continue;
    const int ox = x + static_cast<int>(pen / kUnitsPerPixel) + g.dx, oy = y + g.dy;
    pen += g.advance;
    for (int gy = 0; gy < g.h; ++gy) {
      const int py = oy + gy;
      if (py < 0 || py >= im.sy) continue;
      const std::uint8_t* row = &g.level[static_cast<std::size_t>(gy * g.w)];
      for (int gx = 0; gx < g.w; ++gx) {
        const int px = ox + gx, l = row[gx];
        if (l == 0 || px < 0 || px >= im.sx) continue;
        // gdAlphaBlend of the glyph colour at level l over an opaque pixel.
        const Rgb bg = get(im, px, py);
        auto blend = [l](int f, int b) {
          return static_cast<std::uint8_t>((f * l + b * (gdAlphaMax - l)) / gdAlphaMax);
        };
        put(im, px, py, {blend(color.r, bg.r), blend(color.g, bg.g), blend(color.b, bg.b)});
      }
    }
  }
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
