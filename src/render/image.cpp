#include "image.hpp"

#include <fmt/format.h>

#include <cstring>

#include "slidegif/error.hpp"

namespace slidegif {

GdImage make_palette_image(int width, int height, const Palette& palette, int fill) {
  GdImage im(gdImageCreate(width, height));
  if (!im)
    throw Error(Error::Kind::Render, fmt::format("gd cannot create a {}x{} image", width, height));
  for (int i = 0; i < palette.size(); ++i) {
    // Set the table directly: gdImageColorAllocate would merge nothing but is O(n) per call and
    // we want the indices to be exactly the palette's.
    im->red[i] = palette[i].r;
    im->green[i] = palette[i].g;
    im->blue[i] = palette[i].b;
    im->alpha[i] = gdAlphaOpaque;
    im->open[i] = 0;
  }
  im->colorsTotal = palette.size();
  for (int y = 0; y < height; ++y)
    std::memset(im->pixels[y], fill, static_cast<std::size_t>(width));
  return im;
}

GdImage copy_palette_image(const gdImage& src, const Palette& palette) {
  auto im = make_palette_image(src.sx, src.sy, palette, 0);
  for (int y = 0; y < src.sy; ++y)
    std::memcpy(im->pixels[y], src.pixels[y], static_cast<std::size_t>(src.sx));
  if (src.transparent >= 0) gdImageColorTransparent(im.get(), src.transparent);
  return im;
}

GdImage make_truecolor_image(int width, int height) {
  GdImage im(gdImageCreateTrueColor(width, height));
  if (!im)
    throw Error(Error::Kind::Render, fmt::format("gd cannot create a {}x{} image", width, height));
  return im;
}

}  // namespace slidegif
