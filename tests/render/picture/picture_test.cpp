// Pictures: every format libgd reads decodes to the same picture, and hostile files (huge
// dimensions, a decompression bomb, truncated data, a non-image) are refused with a message
// naming the file, before decoding when the header already says too much.

#include "slidegif/picture.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "render/animation/animation.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

std::vector<std::uint8_t> bytes_of(const std::string& name) {
  const std::string s =
      testing::read_file(std::string(SLIDEGIF_SOURCE_DIR "/tests/data/pictures/") + name);
  return {s.begin(), s.end()};
}

Picture decode(const std::string& name, const RenderLimits& limits = {}) {
  return decode_picture(name, bytes_of(name), limits);
}

std::string refusal(const std::string& name, const RenderLimits& limits = {}) {
  try {
    decode(name, limits);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput) << name;
    EXPECT_NE(std::string(e.what()).find("picture " + name), std::string::npos) << e.what();
    return e.what();
  }
  ADD_FAILURE() << name << " was accepted";
  return {};
}

double mean_abs_difference(const Picture& a, const Picture& b) {
  double sum = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x) {
      const Rgb p = a.at(x, y), q = b.at(x, y);
      sum += std::abs(p.r - q.r) + std::abs(p.g - q.g) + std::abs(p.b - q.b);
    }
  }
  return sum / (3.0 * a.width() * a.height());
}

TEST(Picture, EveryFormatDecodesToTheSamePicture) {
  const Picture png = decode("small.png");
  ASSERT_EQ(png.width(), 120);
  ASSERT_EQ(png.height(), 90);
  for (const std::string name : {"small.jpg", "small.webp", "small.gif"}) {
    const Picture p = decode(name);
    ASSERT_EQ(p.width(), 120) << name;
    ASSERT_EQ(p.height(), 90) << name;
    EXPECT_LT(mean_abs_difference(png, p), 12.0) << name;  // lossy formats, a GIF palette
  }
  // Transparency is flattened onto white: alpha 128 of 255 is about half way there.
  const Picture half = decode("half-transparent.png");
  const Rgb a = png.at(10, 10), b = half.at(10, 10);
  EXPECT_NEAR(b.r, (a.r + 255) / 2.0, 3);
  EXPECT_NEAR(b.g, (a.g + 255) / 2.0, 3);
}

TEST(Picture, HostileFilesAreRefusedQuickly) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_NE(refusal("bomb.png").find("20000x20000 pixels; the limit is"), std::string::npos);
  EXPECT_NE(refusal("not-an-image.png").find("not a PNG, JPEG, WebP or GIF"), std::string::npos);
  for (const std::string name : {"truncated.png", "truncated.jpg", "truncated.webp"}) {
    EXPECT_NE(refusal(name).find("cannot be decoded"), std::string::npos) << name;
  }
  // Limits on the file and on the pixels its header claims.
  RenderLimits tight;
  tight.max_picture_bytes = 1000;
  EXPECT_NE(refusal("small.png", tight).find("bytes; the limit is 1000"), std::string::npos);
  tight = {};
  tight.max_picture_pixels = 120 * 90 - 1;
  EXPECT_NE(refusal("small.jpg", tight).find("120x90 pixels"), std::string::npos);
  EXPECT_NO_THROW(decode("small.jpg", RenderLimits{.max_picture_pixels = 120 * 90}));
  // A header claiming 4294967295 x 4294967295 (found by the fuzzer: the product overflowed).
  const std::string huge("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xff\xff\xff\xff\xff\xff\xff\xff", 25);
  try {
    decode_picture("huge", std::vector<std::uint8_t>(huge.begin(), huge.end()), {});
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("4294967295x4294967295 pixels"), std::string::npos)
        << e.what();
  }
  // Cut short inside the header, or nothing at all.
  const auto png = bytes_of("small.png");
  for (const std::size_t n : {0, 1, 8, 20}) {
    const std::vector<std::uint8_t> cut(png.begin(), png.begin() + static_cast<long>(n));
    EXPECT_THROW(decode_picture("cut", cut, {}), Error) << n;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(Picture, FittingCropsTheMiddleAndAveragesAreas) {
  // 4x2: left half black, right half white; fitted to 1x1 it is the middle 2x2: grey.
  std::vector<Rgb> px(8, Rgb{0, 0, 0});
  for (int y = 0; y < 2; ++y) {
    for (int x = 2; x < 4; ++x) px[static_cast<std::size_t>(y * 4 + x)] = {255, 255, 255};
  }
  const Picture p("p", 4, 2, px);
  const auto one = fit_picture(p, 1, 1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_NEAR(one[0].r, 128, 1);
  // To 2x2: the middle two columns, one black and one white.
  const auto two = fit_picture(p, 2, 2);
  EXPECT_EQ(two[0], (Rgb{0, 0, 0}));
  EXPECT_EQ(two[1], (Rgb{255, 255, 255}));
  // Same size: unchanged.
  const auto same = fit_picture(p, 4, 2);
  EXPECT_EQ(same, px);
}

}  // namespace
}  // namespace slidegif::detail
