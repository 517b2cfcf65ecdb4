// ColourCensus: the colours each frame changes, and the palette order that lets the most
// frames (by pixels) code with the fewest bits.
#include "render/gif/colour_census.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace slidegif::detail {
namespace {

struct Frames {
  explicit Frames(int width, int height)
      : w(width), pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    for (int y = 0; y < height; ++y) rows.push_back(&pixels[static_cast<std::size_t>(y * w)]);
  }
  IndexedView view() const { return {rows.data(), w, static_cast<int>(rows.size())}; }
  void paint(int y, int x0, int x1, std::uint8_t c) {
    std::fill(&pixels[static_cast<std::size_t>(y * w + x0)],
              &pixels[static_cast<std::size_t>(y * w + x1)], c);
  }
  int w;
  std::vector<std::uint8_t> pixels;
  std::vector<const std::uint8_t*> rows;
};

Palette grey_palette(int colours) {
  std::vector<Rgb> c;
  for (int i = 0; i < colours; ++i) c.push_back({0, 0, static_cast<std::uint8_t>(i)});
  return Palette(std::move(c));
}

// Colour 5 is changed by most frames' pixels, 1 by a large frame and 3 by a small one: 5 goes
// first, then 1 with it, then 3; colours no frame changed come last, by index; the first frame
// (which shows every colour whatever the order) counts for nothing, and the transparent slot
// (index 6 here) has no place.
TEST(ColourCensus, OrdersTheColoursManyFramesUseAloneFirst) {
  const Palette palette = grey_palette(6);
  Frames f(10, 4);
  ColourCensus census(10, 4);
  f.paint(0, 0, 10, 4);  // the first frame, all colour 4
  census.add_frame(f.view(), 10, {0, 0, 10, 4});
  f.paint(1, 0, 10, 5);  // 10 pixels of 5
  census.add_frame(f.view(), 10, {0, 0, 10, 4});
  f.paint(2, 0, 8, 5);  // 8 of 5 and 2 of 1
  f.paint(2, 8, 10, 1);
  census.add_frame(f.view(), 10, {0, 0, 10, 4});
  f.paint(3, 0, 1, 3);  // one pixel of 3, and one of 5
  f.paint(3, 1, 2, 5);
  census.add_frame(f.view(), 10, {0, 0, 10, 4});
  EXPECT_EQ(census.frames(), 4);
  EXPECT_EQ(census.order(palette), (std::vector<std::uint8_t>{5, 1, 3, 0, 2, 4}));
}

// Pixels outside the dirty rectangle, or equal to the previous frame's, are not changes.
TEST(ColourCensus, CountsOnlyChangedPixelsInsideTheDirtyRectangle) {
  const Palette palette = grey_palette(4);
  Frames f(4, 2);
  ColourCensus census(4, 2);
  census.add_frame(f.view(), 10, {0, 0, 4, 2});  // all 0
  f.paint(0, 0, 4, 2);                           // changes row 0 to 2, but only x < 2 is dirty
  f.paint(1, 0, 4, 0);                           // row 1 unchanged
  census.add_frame(f.view(), 10, {0, 0, 2, 2});
  const auto order = census.order(palette);
  EXPECT_EQ(order.front(), 2);
  EXPECT_EQ(order.size(), 4U);
}

}  // namespace
}  // namespace slidegif::detail
