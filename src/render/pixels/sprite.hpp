#pragma once
// Assembling a frame from pre-drawn pieces (tiles, wells, a moving tile) on one palette.
//
//   slidegif::detail::copy_sprite(*frame, *tile_sprite, cell.x, cell.y);

#include <gd.h>

namespace slidegif::detail {

// Copies palette image `src` onto `dst` at (x, y), clipped, skipping src's transparent index if
// it has one. Both must share one palette (make_palette_image), so indices copy unchanged;
// gdImageCopy would look every pixel up by colour instead.
void copy_sprite(gdImage& dst, const gdImage& src, int x, int y);

}  // namespace slidegif::detail
