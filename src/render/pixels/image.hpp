#pragma once
// libgd images as the rendering library holds them: owned through a unique_ptr, and palette
// images whose colour table is exactly a Palette, index for index, so pixels can be copied
// between them (and handed to the GIF encoder) as plain bytes.
//
//   slidegif::detail::GdImage frame = slidegif::detail::make_palette_image(w, h, palette, canvas);
//   frame->pixels[y][x] = palette.nearest({255, 0, 0});

#include <gd.h>

#include <memory>

#include "render/pixels/frame_diff.hpp"
#include "render/pixels/palette.hpp"

namespace slidegif::detail {

// Destroys an image gd made, or one of make_palette_image()'s, whose rows are one block.
struct GdImageDeleter {
  bool rows_in_one_block = false;
  void operator()(gdImagePtr im) const;
};
using GdImage = std::unique_ptr<gdImage, GdImageDeleter>;

// A palette image with exactly `palette` allocated in order, every pixel set to `fill`. Its
// rows are one block (gd allocates each row apart: most of the cost of a small image), in
// order, so pixels[0] holds them all. Throws Error(Render) if it cannot be allocated.
GdImage make_palette_image(int width, int height, const Palette& palette, int fill);
// Throws Error(Render) if gd cannot allocate it.
GdImage make_truecolor_image(int width, int height);
// A copy of palette image `src` (pixels and transparent index) on `palette`.
GdImage copy_palette_image(const gdImage& src, const Palette& palette);

// Palette image `im`'s pixels as the GIF encoder reads them, not copied. A truecolour image has
// no palette rows: its view has none either, and the encoder refuses it.
inline IndexedView view(const gdImage& im) {
  return {im.pixels, im.sx, im.sy};
}

// Sets one pixel of truecolour image `im`, unclipped (the caller keeps inside it): the inner
// loops of text and tile drawing, where gdImageSetPixel's checks and blending cost twice.
inline void put_pixel(gdImage& im, int x, int y, Rgb c) {
  im.tpixels[y][x] = gdTrueColor(c.r, c.g, c.b);
}

}  // namespace slidegif::detail
