#include "frame_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "mix.hpp"
#include "sprite.hpp"

namespace slidegif {

namespace {

int gd_color(Rgb c) {
  return gdTrueColor(c.r, c.g, c.b);
}

void put(gdImage& im, int x, int y, Rgb c) {
  im.tpixels[y][x] = gd_color(c);
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

}  // namespace

FrameRenderer::FrameRenderer(Shape shape, const Theme& theme, const Palette& palette,
                             const FrameText& text, int tile_px)
    : cols_(shape.cols),
      theme_(theme),
      palette_(palette),
      quantizer_(palette),
      glyphs_(text.font),
      layout_(compute_layout(shape, tile_px, text, glyphs_)) {
  init(shape, text);
}

FrameRenderer::FrameRenderer(Shape shape, const Theme& theme, const Palette& palette,
                             const FrameText& text, const FrameLayout& layout, GlyphCache glyphs)
    : cols_(shape.cols),
      theme_(theme),
      palette_(palette),
      quantizer_(palette),
      glyphs_(std::move(glyphs)),
      layout_(layout) {
  init(shape, text);
}

void FrameRenderer::init(Shape shape, const FrameText& text) {
  const auto& L = layout_;
  canvas_index_ = quantizer_.index(theme_.canvas);
  background_ = make_palette_image(L.width, L.height, palette_, canvas_index_);
  draw_tray(*background_);
  if (!text.title.empty()) {
    CoverageMask mask(L.title.w, L.title.h);
    draw_centered(mask, L.title_pt, text.title);
    paint(*background_, mask, L.title.x, L.title.y, shades(theme_.canvas, theme_.title));
  }
  tiles_.reserve(static_cast<std::size_t>(shape.cells()));
  for (int tile = 0; tile < shape.cells(); ++tile) tiles_.push_back(render_tile(tile, false));
}

void FrameRenderer::draw_tray(gdImage& bg) {
  const Rect& t = layout_.tray;
  const double r = layout_.radius + (layout_.board_x - t.x);
  const auto board = static_cast<unsigned char>(quantizer_.index(theme_.board));
  // Antialiased edge pixels from each end of a row until the tray is fully covered; the run in
  // between is plain board colour.
  auto edge = [&](int px, int py) {
    const double cov =
        coverage(rounded_rect_distance(px + 0.5, py + 0.5, t.x, t.y, t.x + t.w, t.y + t.h, r));
    if (cov > 0) {
      bg.pixels[py][px] = static_cast<unsigned char>(
          cov >= 1 ? board : quantizer_.index(mix(theme_.canvas, theme_.board, cov)));
    }
    return cov >= 1;
  };
  for (int py = t.y; py < t.y + t.h; ++py) {
    int x0 = t.x, x1 = t.x + t.w - 1;
    while (x0 <= x1 && !edge(x0, py)) ++x0;
    while (x1 > x0 && !edge(x1, py)) --x1;
    if (x1 > x0 + 1)
      std::memset(bg.pixels[py] + x0 + 1, board, static_cast<std::size_t>(x1 - x0 - 1));
  }
}

FrameRenderer::Shades FrameRenderer::shades(Rgb bg, Rgb fg) {
  // 64 levels are finer than the palette's blends between any two colours (16 at most), and
  // a quarter of the nearest-colour searches.
  Shades lut{};
  for (int a = 0; a < 256; ++a) {
    const int level = (a * 63 + 127) / 255;
    lut[static_cast<std::size_t>(a)] =
        static_cast<std::uint8_t>(quantizer_.index(mix(bg, fg, level / 63.0)));
  }
  return lut;
}

void FrameRenderer::paint(gdImage& im, const CoverageMask& mask, int x, int y, const Shades& lut) {
  for (int my = mask.ink_top; my < mask.ink_bottom; ++my) {
    const std::uint8_t* from = mask.row(my);
    unsigned char* to = im.pixels[y + my] + x;
    for (int mx = 0; mx < mask.width; ++mx) {
      if (from[mx] != 0) to[mx] = lut[from[mx]];
    }
  }
}

void FrameRenderer::draw_centered(CoverageMask& mask, double pt, const std::string& text) {
  draw_line(mask, pt, centred_pen_x(mask.width, pt, text), text);
}

int FrameRenderer::centred_pen_x(int width, double pt, const std::string& text) {
  const TextBox box = glyphs_.measure(pt, text);
  return (width - box.width()) / 2 - box.left;
}

void FrameRenderer::draw_line(CoverageMask& mask, double pt, int x, const std::string& text) {
  // Centre on the cap height, not on this string's ink, so captions do not jump vertically.
  const TextBox cap = glyphs_.measure(pt, "H");
  const int baseline = (mask.height + cap.height()) / 2 - cap.bottom;
  glyphs_.draw(mask, pt, x, baseline, text);
}

const FrameRenderer::TileBody& FrameRenderer::tile_body(bool floating) {
  if (!body_[0].color) draw_tile_bodies();
  return body_[floating ? 1 : 0];
}

void FrameRenderer::draw_tile_bodies() {
  // Both bodies in one pass: they differ only in what the shadow falls on (the board, or the
  // blank well a moving tile slides over), so the distances are computed once for both.
  const auto& L = layout_;
  const int s = L.tile_px;
  for (auto& body : body_) body.color = make_truecolor_image(s, s);
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
      const double a_face = coverage(rounded_rect_distance(cx, cy, x0, y0, x1, y1 - lip, r));
      if (a_face >= 1) {  // most of the tile: the face hides the lip and the shadow
        for (auto& body : body_) put(*body.color, px, py, face);
        continue;
      }
      const double d_shadow = rounded_rect_distance(cx, cy - drop, x0, y0, x1, y1, r);
      const double a_shadow = 0.35 * std::clamp((blur - d_shadow) / (2 * blur), 0.0, 1.0);
      const double a_tile = coverage(rounded_rect_distance(cx, cy, x0, y0, x1, y1, r));
      for (const bool floating : {false, true}) {
        Rgb c = mix(floating ? theme_.blank : theme_.board, theme_.shadow, a_shadow);
        c = mix(c, theme_.lip, a_tile);
        c = mix(c, face, a_face);
        put(*body_[floating ? 1 : 0].color, px, py, c);
      }
      outside[static_cast<std::size_t>(py) * s + px] = a_shadow <= 0.0 && a_tile <= 0.0;
    }
  }
  for (auto& body : body_) body.sprite = quantizer_.to_palette_image(*body.color);
  // Outside the tile the floating sprite is transparent, so copying it leaves the wells it
  // slides over untouched.
  gdImage& floating = *body_[1].sprite;
  for (int py = 0; py < s; ++py) {
    for (int px = 0; px < s; ++px) {
      if (outside[static_cast<std::size_t>(py) * s + px]) {
        floating.pixels[py][px] = static_cast<unsigned char>(palette_.transparent());
      }
    }
  }
  gdImageColorTransparent(&floating, palette_.transparent());
}

GdImage FrameRenderer::render_well(bool floating) {
  // The blank: a recessed well, shaded at the top, flat (exactly `blank`) in the middle.
  const auto& L = layout_;
  const int s = L.tile_px;
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

FrameRenderer::DigitBox FrameRenderer::digit_box(int tile) {
  const auto& L = layout_;
  const int s = L.tile_px;
  const double lip = std::max(1.0, std::round(s * 0.06));
  const double y0 = L.inset, y1 = s - L.inset;
  DigitBox d;
  d.label = std::to_string(tile);
  const TextBox box = glyphs_.measure(L.digit_pt, d.label);
  const double face_cy = (y0 + y1 - lip) / 2;
  d.pen_x = static_cast<int>(std::lround(s / 2.0 - (box.left + box.right) / 2.0));
  d.pen_y = static_cast<int>(std::lround(face_cy - (box.top + box.bottom) / 2.0));
  const int bx0 = std::max(0, d.pen_x + box.left), bx1 = std::min(s, d.pen_x + box.right);
  const int by0 = std::max(0, d.pen_y + box.top), by1 = std::min(s, d.pen_y + box.bottom);
  d.ink = {bx0, by0, std::max(0, bx1 - bx0), std::max(0, by1 - by0)};
  return d;
}

GdImage FrameRenderer::render_tile(int tile, bool floating) {
  if (tile == 0) return render_well(floating);
  // Every tile is the same body with its number stamped on: a copy of the body's sprite with
  // only the digits' ink box drawn and quantised afresh.
  const TileBody& body = tile_body(floating);
  const DigitBox d = digit_box(tile);
  const Rect& ink = d.ink;
  // The digits go on one scratch image shared by every tile: draw() touches only the ink box,
  // so restoring that box from the body is enough (and saves a whole image per tile).
  if (!digit_scratch_) digit_scratch_ = make_truecolor_image(layout_.tile_px, layout_.tile_px);
  for (int py = ink.y; py < ink.y + ink.h; ++py) {
    std::memcpy(digit_scratch_->tpixels[py] + ink.x, body.color->tpixels[py] + ink.x,
                static_cast<std::size_t>(ink.w) * sizeof(int));
  }
  glyphs_.draw(*digit_scratch_, layout_.digit_pt, d.pen_x, d.pen_y, theme_.digit, d.label);
  auto sprite = copy_palette_image(*body.sprite, palette_);
  quantizer_.map(*digit_scratch_, ink, *sprite);
  return sprite;
}

GdImage FrameRenderer::render_floating(int tile) {
  // The floating body with the fixed tile's digit box copied in: the same pixels as drawing
  // the digits again wherever the two bodies agree under the box (always, bar tiny tiles).
  const DigitBox d = digit_box(tile);
  const gdImage& fixed = *tile_body(false).color;
  const gdImage& floating = *tile_body(true).color;
  for (int py = d.ink.y; py < d.ink.y + d.ink.h; ++py) {
    if (std::memcmp(fixed.tpixels[py] + d.ink.x, floating.tpixels[py] + d.ink.x,
                    static_cast<std::size_t>(d.ink.w) * sizeof(int)) != 0) {
      return render_tile(tile, true);
    }
  }
  auto sprite = copy_palette_image(*tile_body(true).sprite, palette_);
  const gdImage& stamped = *tiles_.at(static_cast<std::size_t>(tile));
  for (int py = d.ink.y; py < d.ink.y + d.ink.h; ++py) {
    std::memcpy(sprite->pixels[py] + d.ink.x, stamped.pixels[py] + d.ink.x,
                static_cast<std::size_t>(d.ink.w));
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
  if (it == floating_.end()) it = floating_.emplace(tile, render_floating(tile)).first;
  draw_cell(frame, from, 0);
  draw_cell(frame, to, 0);
  const Rect a = cell_rect(from), b = cell_rect(to);
  const int x = static_cast<int>(std::lround(a.x + (b.x - a.x) * t));
  const int y = static_cast<int>(std::lround(a.y + (b.y - a.y) * t));
  copy_sprite(frame, *it->second, x, y);
}

void FrameRenderer::draw_caption(gdImage& frame, const std::string& text) {
  draw_caption(frame, text, centred_pen_x(layout_.caption.w, layout_.caption_pt, text));
}

int FrameRenderer::caption_pen_x(const std::vector<std::string>& texts) {
  const std::string* widest = nullptr;
  int widest_w = -1;
  for (const auto& t : texts) {
    if (const int w = glyphs_.measure(layout_.caption_pt, t).width(); w > widest_w) {
      widest = &t, widest_w = w;
    }
  }
  return widest ? centred_pen_x(layout_.caption.w, layout_.caption_pt, *widest) : 0;
}

void FrameRenderer::draw_caption(gdImage& frame, const std::string& text, int pen_x) {
  // Straight into the frame: the animation draws each caption once, when it changes.
  const Rect& band = layout_.caption;
  if (!caption_shades_) caption_shades_ = shades(theme_.canvas, theme_.caption);
  for (int y = band.y; y < band.y + band.h; ++y) {
    std::memset(frame.pixels[y] + band.x, canvas_index_, static_cast<std::size_t>(band.w));
  }
  CoverageMask mask(band.w, band.h);
  draw_line(mask, layout_.caption_pt, pen_x, text);
  paint(frame, mask, band.x, band.y, *caption_shades_);
}

}  // namespace slidegif
