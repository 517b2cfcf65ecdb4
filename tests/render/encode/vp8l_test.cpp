// vp8l_bitstream: every image decodes with libwebp to exactly its pixels, whatever its number
// of colours (bundled 8, 4, 2 or 1 to a symbol), width (a bundle cut by the row's end), runs
// (longer than a copy can be) and distances (beyond the short codes, and beyond the longest).
#include "render/encode/vp8l.hpp"

#include <gtest/gtest.h>
#include <webp/decode.h>

#include <random>
#include <vector>

#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

// libwebp's decoding of the bitstream (wrapped in a RIFF file) as ARGB words.
std::vector<std::uint32_t> decoded(const std::vector<std::uint8_t>& vp8l, int width, int height) {
  std::vector<std::uint8_t> file = {'R', 'I', 'F', 'F', 0,   0,   0, 0, 'W', 'E',
                                    'B', 'P', 'V', 'P', '8', 'L', 0, 0, 0,   0};
  auto put32 = [&](std::size_t at, std::size_t v) {
    for (int i = 0; i < 4; ++i)
      file[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (8 * i));
  };
  put32(16, vp8l.size());
  file.insert(file.end(), vp8l.begin(), vp8l.end());
  if (vp8l.size() % 2 == 1) file.push_back(0);
  put32(4, file.size() - 8);
  int w = 0, h = 0;
  std::uint8_t* rgba = WebPDecodeRGBA(file.data(), file.size(), &w, &h);
  if (rgba == nullptr) return {};
  EXPECT_EQ(w, width);
  EXPECT_EQ(h, height);
  std::vector<std::uint32_t> argb;
  for (int i = 0; i < w * h; ++i) {
    const std::uint8_t* p = rgba + 4 * i;
    argb.push_back(std::uint32_t{p[3]} << 24 | std::uint32_t{p[0]} << 16 |
                   std::uint32_t{p[1]} << 8 | p[2]);
  }
  WebPFree(rgba);
  return argb;
}

// A table of `n` colours: opaque greys and reds, and transparency (ARGB 0) first.
std::vector<std::uint32_t> table(int n) {
  std::vector<std::uint32_t> c = {0};
  for (int i = 1; i < n; ++i) c.push_back(0xFF000000U | static_cast<std::uint32_t>(i * 0x010301));
  return c;
}

void expect_round_trip(const std::vector<std::uint32_t>& colours,
                       const std::vector<std::uint8_t>& pixels, int width, int height) {
  const std::vector<std::uint32_t> got =
      decoded(vp8l_bitstream(colours, pixels, width, height), width, height);
  ASSERT_EQ(got.size(), pixels.size()) << "libwebp refused it";
  for (std::size_t i = 0; i < pixels.size(); ++i) {
    ASSERT_EQ(got[i], colours[pixels[i]]) << "pixel " << i << " of " << width << "x" << height;
  }
}

// Patches of colour with noise: runs, copies from above and literals all occur.
std::vector<std::uint8_t> picture(int colours, int width, int height, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> p(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t i = static_cast<std::size_t>(y * width + x);
      if (rng() % 4 == 0 || y == 0) {
        p[i] = static_cast<std::uint8_t>(rng() % static_cast<unsigned>(colours));
      } else {
        p[i] = rng() % 2 ? p[i - static_cast<std::size_t>(width)] : (x > 0 ? p[i - 1] : 0);
      }
    }
  }
  return p;
}

TEST(Vp8l, EveryNumberOfColoursAndWidthDecodesExactly) {
  for (const int colours : {1, 2, 3, 4, 5, 16, 17, 100, 256}) {
    for (const int width : {1, 2, 3, 7, 8, 9, 31, 64, 77}) {
      SCOPED_TRACE(testing::Message() << colours << " colours, width " << width);
      expect_round_trip(table(colours), picture(colours, width, 13, static_cast<unsigned>(width)),
                        width, 13);
    }
  }
}

// A run longer than the longest copy (4,096), and one image row of 1 pixel.
TEST(Vp8l, LongRunsAndThinImagesDecodeExactly) {
  std::vector<std::uint8_t> flat(100 * 100, 1);
  flat[5000] = 2;
  expect_round_trip(table(3), flat, 100, 100);
  expect_round_trip(table(200), picture(200, 1, 500, 7), 1, 500);
  expect_round_trip(table(200), picture(200, 500, 1, 8), 500, 1);
}

// A block repeated a million pixels later: copies may reach back at most 1,048,456 pixels.
TEST(Vp8l, CopiesStayWithinTheLongestDistance) {
  const int width = 1031, height = 1060;
  std::vector<std::uint8_t> p(static_cast<std::size_t>(width) * height, 0);
  const std::vector<std::uint8_t> noise = picture(250, width, 3, 9);
  std::copy(noise.begin(), noise.end(), p.begin() + 2 * width);
  std::copy(noise.begin(), noise.end(), p.end() - 3 * width);  // about 1.08 million pixels on
  expect_round_trip(table(250), p, width, height);
}

// Sizes the format cannot hold, and pixels that are not width x height, are refused, not
// written wrong or read past.
TEST(Vp8l, RefusesWhatItCannotWrite) {
  const std::vector<std::uint8_t> four(4, 0);
  EXPECT_THROW(vp8l_bitstream(table(2), four, 3, 1), Error);
  EXPECT_THROW(vp8l_bitstream({}, four, 2, 2), Error);
  EXPECT_THROW(vp8l_bitstream(table(257), four, 2, 2), Error);
  EXPECT_THROW(vp8l_bitstream(table(2), std::vector<std::uint8_t>(16385, 0), 16385, 1), Error);
  EXPECT_NO_THROW(vp8l_bitstream(table(2), four, 2, 2));
}

}  // namespace
}  // namespace slidegif::detail
