// FrameRenderer's picture puzzles: squares cut from a picture instead of numbered tiles.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "render/animation/frame_renderer.hpp"
#include "render/pixels/sprite.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

// The tile_px square of `art` at the cell (row, col), as a sprite on `palette`.
GdImage cut_tile(const PictureArt& art, const Palette& palette, int tile_px, int row, int col) {
  auto tile = make_palette_image(tile_px, tile_px, palette, 0);
  for (int y = 0; y < tile_px; ++y) {
    const std::size_t from = static_cast<std::size_t>(row * tile_px + y) * art.width +
                             static_cast<std::size_t>(col * tile_px);
    std::memcpy(tile->pixels[y], &art.indices[from], static_cast<std::size_t>(tile_px));
  }
  return tile;
}

}  // namespace

void FrameRenderer::use_picture(const PictureArt& art, const Board& goal, bool numbers) {
  // Shared sprites are a theme's, for every animation drawn in that look.
  if (shared_sprites_) throw Error(Error::Kind::Render, "a picture cannot replace shared tiles");
  const int s = layout_.tile_px;
  // A plate in the corner for the number: the tile face colour behind the theme's digits.
  const double pt = std::max(6.0, layout_.digit_pt * 0.32);
  const Shades lut = shades(theme_.face_top, theme_.digit);
  const auto plate = static_cast<unsigned char>(quantizer_.index(theme_.face_top));
  // A line of the tray's colour round each tile's part of the picture: the parts read as tiles, and
  // the finished picture shows where they meet.
  const auto line = static_cast<unsigned char>(quantizer_.index(theme_.board));
  const int gap = std::max(1, static_cast<int>(std::lround(s / 60.0)));
  picture_ = true;
  for (int cell = 0; cell < goal.cells(); ++cell) {
    const int tile = goal.at(cell);
    GdImage square = cut_tile(art, palette_, s, cell / cols_, cell % cols_);
    for (int y = 0; y < s; ++y) {
      for (int x = 0; x < s; ++x) {
        if (std::min(std::min(x, y), std::min(s - 1 - x, s - 1 - y)) < gap)
          square->pixels[y][x] = line;
      }
    }
    if (tile == 0) {
      missing_tile_ = std::move(square);
      continue;
    }
    if (numbers) {
      const std::string label = std::to_string(tile);
      const TextBox box = glyphs_->measure(pt, label);
      const int pad = std::max(2, s / 24);
      const int w = std::min(s, box.width() + 2 * pad), h = std::min(s, box.height() + 2 * pad);
      for (int y = 0; y < h; ++y)
        std::memset(square->pixels[y], plate, static_cast<std::size_t>(w));
      CoverageMask mask(w, h);
      glyphs_->draw(mask, pt, pad - box.left, pad - box.top, label);
      paint(*square, mask, 0, 0, lut);
    }
    GdImage floating = copy_palette_image(*square, palette_);
    sprites_->replace(tile, std::move(square), std::move(floating));
  }
}

void FrameRenderer::draw_missing_tile(gdImage& frame, int cell) const {
  if (!missing_tile_) return;
  const Rect r = cell_rect(cell);
  copy_sprite(frame, *missing_tile_, r.x, r.y);
}

}  // namespace slidegif::detail
