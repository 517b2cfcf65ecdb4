// make_palette_image(): one block of rows, yet an image the rest of libgd reads and writes.
#include "render/pixels/image.hpp"

#include <gtest/gtest.h>

#include "render/look/theme.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

TEST(Image, PaletteImageIsFilledAndItsRowsAreOneBlock) {
  const Palette palette = make_palette(find_theme("classic"));
  const GdImage im = make_palette_image(37, 11, palette, 5);
  ASSERT_EQ(im->sx, 37);
  ASSERT_EQ(im->sy, 11);
  EXPECT_FALSE(im->trueColor);
  EXPECT_EQ(im->colorsTotal, palette.size());
  for (int i = 0; i < palette.size(); ++i) {
    EXPECT_EQ(im->red[i], palette[i].r);
    EXPECT_EQ(im->green[i], palette[i].g);
    EXPECT_EQ(im->blue[i], palette[i].b);
  }
  for (int y = 0; y < im->sy; ++y) {
    EXPECT_EQ(im->pixels[y], im->pixels[0] + y * 37);
    for (int x = 0; x < im->sx; ++x) ASSERT_EQ(im->pixels[y][x], 5);
  }
}

TEST(Image, GdDrawsOnItWithinItsBounds) {
  const Palette palette = make_palette(find_theme("dark"));
  const GdImage im = make_palette_image(20, 9, palette, 0);
  gdImageSetPixel(im.get(), 19, 8, 3);  // the last pixel: inside the clipping rectangle
  gdImageSetPixel(im.get(), 20, 8, 4);  // outside: ignored
  gdImageSetPixel(im.get(), 0, 9, 4);
  EXPECT_EQ(gdImageGetPixel(im.get(), 19, 8), 3);
  gdImageFilledRectangle(im.get(), -5, -5, 100, 100, 2);  // clipped to the image
  for (int y = 0; y < 9; ++y)
    for (int x = 0; x < 20; ++x) ASSERT_EQ(im->pixels[y][x], 2);
  gdImageColorTransparent(im.get(), 7);
  const GdImage copy = copy_palette_image(*im, palette);
  EXPECT_EQ(copy->transparent, 7);
  EXPECT_EQ(copy->pixels[8][19], 2);
}

TEST(Image, EmptyImageIsARenderError) {
  const Palette palette = make_palette(find_theme("classic"));
  EXPECT_THROW(make_palette_image(0, 5, palette, 0), Error);
  EXPECT_THROW(make_palette_image(5, -1, palette, 0), Error);
}

}  // namespace
}  // namespace slidegif::detail
