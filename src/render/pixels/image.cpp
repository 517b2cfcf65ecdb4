#include "render/pixels/image.hpp"

#include <fmt/format.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <new>

#include "slidegif/error.hpp"

namespace slidegif::detail {

void GdImageDeleter::operator()(gdImagePtr im) const {
  if (im == nullptr) return;
  if (rows_in_one_block) {
    std::free(im->pixels);  // rows and their pointers alike (ours, not gd's)
    im->pixels = nullptr;
  }
  gdImageDestroy(im);
}

GdImage make_palette_image(int width, int height, const Palette& palette, int fill) {
  // gd sets up a one-pixel image (every other field as gdImageCreate leaves it); its row is
  // swapped for the block.
  const auto w = static_cast<std::size_t>(width), h = static_cast<std::size_t>(height);
  if (width <= 0 || height <= 0 || w * h / w != h)
    throw Error(Error::Kind::Render, fmt::format("cannot make a {}x{} image", width, height));
  // Past here only memory can fail: std::bad_alloc, which a server answers 503 (try again), not
  // 500.
  GdImage im(gdImageCreate(1, 1));
  void* block = im ? std::malloc(h * sizeof(unsigned char*) + w * h) : nullptr;
  if (block == nullptr) throw std::bad_alloc();
  gdFree(im->pixels[0]);
  gdFree(im->pixels);
  im->pixels = static_cast<unsigned char**>(block);
  im.get_deleter().rows_in_one_block = true;
  auto* pixels = reinterpret_cast<unsigned char*>(im->pixels + h);
  for (std::size_t y = 0; y < h; ++y) im->pixels[y] = pixels + y * w;
  im->sx = width;
  im->sy = height;
  im->cx2 = width - 1;  // the clipping rectangle: the whole image
  im->cy2 = height - 1;
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
  std::memset(pixels, fill, w * h);
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
  const auto w = static_cast<std::size_t>(width), h = static_cast<std::size_t>(height);
  // gd's own bound on a truecolour image's size (overflowAddAndMult); within it only memory
  // can fail.
  if (width <= 0 || height <= 0 || w * h > std::size_t{INT_MAX} / sizeof(int))
    throw Error(Error::Kind::Render, fmt::format("gd cannot create a {}x{} image", width, height));
  GdImage im(gdImageCreateTrueColor(width, height));
  if (!im) throw std::bad_alloc();
  return im;
}

}  // namespace slidegif::detail
