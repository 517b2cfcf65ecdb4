// webp_frame: which pixels a WebP frame sends transparent (whole runs of one colour that did
// not change, and nothing when that would make 257 colours), and its colour table (the colours
// it sends, in ARGB order).
#include "render/encode/webp_frame.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace slidegif::detail {
namespace {

// Frames written as strings, a character a pixel: 'a' is palette index 0, 'b' 1, ...
struct Canvas {
  Canvas(int width, const std::vector<std::string>& lines) : w(width) {
    for (const std::string& line : lines) {
      for (const char c : line) pixels.push_back(static_cast<std::uint8_t>(c - 'a'));
    }
    for (std::size_t y = 0; y < lines.size(); ++y)
      rows.push_back(&pixels[y * static_cast<std::size_t>(w)]);
  }
  IndexedView view() const { return {rows.data(), w, static_cast<int>(rows.size())}; }
  int w;
  std::vector<std::uint8_t> pixels;
  std::vector<const std::uint8_t*> rows;
};

// Palette index i as ARGB: opaque, in descending order of value (so ARGB order reverses it).
std::vector<std::uint32_t> palette(int n) {
  std::vector<std::uint32_t> argb;
  for (int i = 0; i < n; ++i) argb.push_back(0xFF000000U | static_cast<std::uint32_t>(255 - i));
  return argb;
}

// What each pixel shows, '.' where it is transparent.
std::string shown(const WebpFrame& f) {
  std::string s;
  for (const std::uint8_t p : f.pixels) {
    const std::uint32_t c = f.colours[p];
    s += c == 0 ? '.' : static_cast<char>('a' + (255 - (c & 0xFF)));
  }
  return s;
}

TEST(WebpFrame, OnlyRunsThatDidNotChangeAreTransparent) {
  const auto argb = palette(4);
  const Canvas before(8, {"aaaabbbb", "ccccdddd"});
  // Row 0: the run of b gains a pixel (so all of it is sent), the a's are untouched. Row 1:
  // nothing changes.
  const Canvas after(8, {"aaabbbbb", "ccccdddd"});
  const WebpFrame f = webp_frame(after.view(), {0, 0, 8, 2}, before.pixels, 8, argb, true);
  EXPECT_EQ(shown(f), "...bbbbb........");
  // Transparency and b only, in ARGB order: 0 first, then b (0xFF0000FE).
  EXPECT_EQ(f.colours, (std::vector<std::uint32_t>{0, argb[1]}));
}

// Only the area is sent; the row offsets into the canvas come from its width.
TEST(WebpFrame, ReadsTheAreaOfTheCanvas) {
  const auto argb = palette(4);
  const Canvas before(6, {"aaaaaa", "aabbaa", "aaaaaa"});
  const Canvas after(6, {"aaaaaa", "aabcaa", "aaaaaa"});
  const WebpFrame f = webp_frame(after.view(), {2, 1, 3, 2}, before.pixels, 6, argb, true);
  EXPECT_EQ(shown(f), ".c....");  // b and the a after c were there before
}

// A first frame (no blending) sends every pixel, and so does a frame whose changed colours
// and transparency would make 257.
TEST(WebpFrame, SendsEveryPixelWithoutBlendingOrRoomForTransparency) {
  const auto argb = palette(4);
  const Canvas frame(4, {"abcd"});
  const WebpFrame first =
      webp_frame(frame.view(), {0, 0, 4, 1}, std::vector<std::uint8_t>(4, 0), 4, argb, false);
  EXPECT_EQ(shown(first), "abcd");

  // Row 0 changes to all 256 colours; row 1 (two colours) does not change at all.
  const auto all = palette(256);
  std::vector<std::uint8_t> before(2 * 256), after(2 * 256);
  for (int i = 0; i < 256; ++i) {
    before[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((i + 1) % 256);
    after[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    before[static_cast<std::size_t>(256 + i)] = after[static_cast<std::size_t>(256 + i)] =
        i < 100 ? 7 : 9;
  }
  const std::uint8_t* rows[] = {after.data(), after.data() + 256};
  const WebpFrame full = webp_frame({rows, 256, 2}, {0, 0, 256, 2}, before, 256, all, true);
  ASSERT_EQ(full.colours.size(), 256U);
  for (std::size_t i = 0; i < after.size(); ++i) {
    ASSERT_EQ(full.colours[full.pixels[i]], all[after[i]]) << "pixel " << i << " sent as it is";
  }
}

}  // namespace
}  // namespace slidegif::detail
