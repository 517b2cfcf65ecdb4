#include "render/look/tile_sprites.hpp"

#include <xxhash.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "render/pixels/mix.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

struct HashState {
  void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
};

void add_int(XXH3_state_t* s, long long v) {
  XXH3_64bits_update(s, &v, sizeof v);
}

void add_image(XXH3_state_t* s, const gdImage& im) {
  add_int(s, im.sx);
  add_int(s, im.sy);
  add_int(s, im.transparent);
  for (int y = 0; y < im.sy; ++y)
    XXH3_64bits_update(s, im.pixels[y], static_cast<std::size_t>(im.sx));
}

}  // namespace

double rounded_rect_distance(double px, double py, double x0, double y0, double x1, double y1,
                             double r) {
  const double qx = std::abs(px - (x0 + x1) / 2) - ((x1 - x0) / 2 - r);
  const double qy = std::abs(py - (y0 + y1) / 2) - ((y1 - y0) / 2 - r);
  if (qx <= 0 && qy <= 0) return std::max(qx, qy) - r;  // away from the corners: no sqrt
  const double ox = std::max(qx, 0.0), oy = std::max(qy, 0.0);
  // sqrt rather than hypot: no overflow is possible at pixel scale and hypot is much slower.
  return std::sqrt(ox * ox + oy * oy) + std::min(std::max(qx, qy), 0.0) - r;
}

double edge_coverage(double distance) {
  return std::clamp(0.5 - distance, 0.0, 1.0);
}

TileSprites::TileSprites(const Theme& theme, const Palette& palette, const FrameLayout& layout)
    : theme_(theme),
      palette_(palette),
      quantizer_(palette_, /*front_only=*/true),
      tile_px_(layout.tile_px),
      inset_(layout.inset),
      radius_(layout.radius),
      digit_pt_(layout.digit_pt) {}

TileSprites::TileSprites(const Theme& theme, const Palette& palette, const FrameLayout& layout,
                         int cells, GlyphCache& glyphs)
    : TileSprites(theme, palette, layout) {
  tiles_.reserve(static_cast<std::size_t>(cells));
  for (int tile = 0; tile < cells; ++tile) tiles_.push_back(render_tile(tile, false, glyphs));
}

TileSprites::TileSprites(const Theme& theme, const Palette& palette, const FrameLayout& layout,
                         std::vector<GdImage> fixed, std::vector<GdImage> floating,
                         std::uint64_t pixel_hash)
    : TileSprites(theme, palette, layout) {
  tiles_ = std::move(fixed);
  for (std::size_t tile = 1; tile < floating.size(); ++tile)
    floating_.emplace(static_cast<int>(tile), std::move(floating[tile]));
  pixel_hash_ = pixel_hash;
  hashed_ = true;
}

const gdImage& TileSprites::floating(int tile, GlyphCache& glyphs) {
  auto it = floating_.find(tile);
  if (it == floating_.end()) it = floating_.emplace(tile, render_floating(tile, glyphs)).first;
  return *it->second;
}

void TileSprites::replace(int tile, GdImage fixed, GdImage floating) {
  tiles_.at(static_cast<std::size_t>(tile)) = std::move(fixed);
  floating_[tile] = std::move(floating);
  hashed_ = false;
}

std::uint64_t TileSprites::pixel_hash(GlyphCache& glyphs) {
  if (hashed_) return pixel_hash_;
  const std::unique_ptr<XXH3_state_t, HashState> state(XXH3_createState());
  if (!state || XXH3_64bits_reset(state.get()) != XXH_OK) throw std::bad_alloc();
  for (const auto& tile : tiles_) add_image(state.get(), *tile);
  for (int tile = 1; tile < static_cast<int>(tiles_.size()); ++tile)
    add_image(state.get(), floating(tile, glyphs));
  pixel_hash_ = XXH3_64bits_digest(state.get());
  hashed_ = true;
  return pixel_hash_;
}

std::size_t TileSprites::bytes() const {
  const auto area = static_cast<std::size_t>(tile_px_) * static_cast<std::size_t>(tile_px_);
  // Palette sprites a byte a pixel, floating ones counted before they are made; the two
  // true-colour bodies and the scratch image four.
  return area * (2 * tiles_.size() + 2 + 3 * 4);
}

const TileSprites::TileBody& TileSprites::tile_body(bool floating) {
  if (!body_[0].color) draw_tile_bodies();
  return body_[floating ? 1 : 0];
}

void TileSprites::draw_tile_bodies() {
  // Both bodies in one pass: they differ only in what the shadow falls on (the board, or the
  // blank well a moving tile slides over), so the distances are computed once for both.
  const int s = tile_px_;
  for (auto& body : body_) body.color = make_truecolor_image(s, s);
  const double x0 = inset_, y0 = inset_, x1 = s - inset_, y1 = s - inset_, r = radius_;
  const double lip = std::max(1.0, std::round(s * 0.06));
  const double drop = std::max(1.0, s * 0.03), blur = std::max(1.0, s * 0.035);
  std::vector<bool> outside(static_cast<std::size_t>(s) * static_cast<std::size_t>(s), false);
  for (int py = 0; py < s; ++py) {
    const double cy = py + 0.5;
    // The face gradient depends on the row only.
    const Rgb face = mix(theme_.face_top, theme_.face_bottom, (cy - y0) / (y1 - lip - y0));
    for (int px = 0; px < s; ++px) {
      const double cx = px + 0.5;
      const double a_face = edge_coverage(rounded_rect_distance(cx, cy, x0, y0, x1, y1 - lip, r));
      if (a_face >= 1) {  // most of the tile: the face hides the lip and the shadow
        for (auto& body : body_) put_pixel(*body.color, px, py, face);
        continue;
      }
      const double d_shadow = rounded_rect_distance(cx, cy - drop, x0, y0, x1, y1, r);
      const double a_shadow = 0.35 * std::clamp((blur - d_shadow) / (2 * blur), 0.0, 1.0);
      const double a_tile = edge_coverage(rounded_rect_distance(cx, cy, x0, y0, x1, y1, r));
      for (const bool floating : {false, true}) {
        Rgb c = mix(floating ? theme_.blank : theme_.board, theme_.shadow, a_shadow);
        c = mix(c, theme_.lip, a_tile);
        c = mix(c, face, a_face);
        put_pixel(*body_[floating ? 1 : 0].color, px, py, c);
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

GdImage TileSprites::render_well(bool floating) {
  // The blank: a recessed well, shaded at the top, flat (exactly `blank`) in the middle.
  const int s = tile_px_;
  auto im = make_truecolor_image(s, s);
  const Rgb bg = floating ? theme_.blank : theme_.board;
  const double x0 = inset_, y0 = inset_, x1 = s - inset_, y1 = s - inset_, r = radius_;
  const double shade_h = std::max(2.0, s * 0.12);
  for (int py = 0; py < s; ++py) {
    const double shade = std::clamp(1.0 - (py + 0.5 - y0) / shade_h, 0.0, 1.0);
    const Rgb well = mix(theme_.blank, theme_.blank_shade, shade * 0.8);
    for (int px = 0; px < s; ++px) {
      const double cov =
          edge_coverage(rounded_rect_distance(px + 0.5, py + 0.5, x0, y0, x1, y1, r));
      put_pixel(*im, px, py, mix(bg, well, cov));
    }
  }
  return quantizer_.to_palette_image(*im);
}

TileSprites::DigitBox TileSprites::digit_box(int tile, GlyphCache& glyphs) const {
  const int s = tile_px_;
  const double lip = std::max(1.0, std::round(s * 0.06));
  const double y0 = inset_, y1 = s - inset_;
  DigitBox d;
  d.label = std::to_string(tile);
  const TextBox box = glyphs.measure(digit_pt_, d.label);
  const double face_cy = (y0 + y1 - lip) / 2;
  d.pen_x = static_cast<int>(std::lround(s / 2.0 - (box.left + box.right) / 2.0));
  d.pen_y = static_cast<int>(std::lround(face_cy - (box.top + box.bottom) / 2.0));
  const int bx0 = std::max(0, d.pen_x + box.left), bx1 = std::min(s, d.pen_x + box.right);
  const int by0 = std::max(0, d.pen_y + box.top), by1 = std::min(s, d.pen_y + box.bottom);
  d.ink = {bx0, by0, std::max(0, bx1 - bx0), std::max(0, by1 - by0)};
  return d;
}

GdImage TileSprites::render_tile(int tile, bool floating, GlyphCache& glyphs) {
  if (tile == 0) return render_well(floating);
  // Every tile is the same body with its number stamped on: a copy of the body's sprite with
  // only the digits' ink box drawn and quantised afresh.
  const TileBody& body = tile_body(floating);
  const DigitBox d = digit_box(tile, glyphs);
  const Rect& ink = d.ink;
  // The digits go on one scratch image shared by every tile: draw() touches only the ink box,
  // so restoring that box from the body is enough (and saves a whole image per tile).
  if (!digit_scratch_) digit_scratch_ = make_truecolor_image(tile_px_, tile_px_);
  for (int py = ink.y; py < ink.y + ink.h; ++py) {
    std::memcpy(digit_scratch_->tpixels[py] + ink.x, body.color->tpixels[py] + ink.x,
                static_cast<std::size_t>(ink.w) * sizeof(int));
  }
  glyphs.draw(*digit_scratch_, digit_pt_, d.pen_x, d.pen_y, theme_.digit, d.label);
  auto sprite = copy_palette_image(*body.sprite, palette_);
  quantizer_.map(*digit_scratch_, ink, *sprite);
  return sprite;
}

GdImage TileSprites::render_floating(int tile, GlyphCache& glyphs) {
  // The floating body with the fixed tile's digit box copied in: the same pixels as drawing
  // the digits again wherever the two bodies agree under the box (always, bar tiny tiles).
  const DigitBox d = digit_box(tile, glyphs);
  const gdImage& fixed = *tile_body(false).color;
  const gdImage& floating = *tile_body(true).color;
  for (int py = d.ink.y; py < d.ink.y + d.ink.h; ++py) {
    if (std::memcmp(fixed.tpixels[py] + d.ink.x, floating.tpixels[py] + d.ink.x,
                    static_cast<std::size_t>(d.ink.w) * sizeof(int)) != 0) {
      return render_tile(tile, true, glyphs);
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

}  // namespace slidegif::detail
