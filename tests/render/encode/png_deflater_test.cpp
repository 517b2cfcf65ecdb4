// png_deflater: what it writes inflates (by zlib, not libdeflate) to rows that, drawn over the
// frame before with the transparent index left out, give exactly the new frame; and it writes
// unchanged pixels as themselves where rows repeat, transparent where changes are far apart.
#include "render/encode/png_deflater.hpp"

#include <gtest/gtest.h>
#include <libdeflate.h>
#include <zlib.h>

#include <cstdint>
#include <random>
#include <vector>

namespace slidegif::detail {
namespace {

constexpr std::uint8_t kClear = 200;  // the transparent index: no pixel below has it

struct TestFrame {
  int width, height;
  std::vector<std::uint8_t> pixels;  // row by row
  std::vector<const std::uint8_t*> rows;

  TestFrame(int w, int h, std::vector<std::uint8_t> p) : width(w), height(h), pixels(std::move(p)) {
    for (int y = 0; y < h; ++y) rows.push_back(pixels.data() + y * w);
  }
  IndexedView view() const { return {rows.data(), width, height}; }
};

// A board-like picture: rows of a vertical gradient, with a square "tile" of other indices
// whose left edge is at `tile_x`, and a band of noisy "text" seeded by `text`.
TestFrame board_picture(int tile_x, unsigned text) {
  const int w = 96, h = 64;
  std::vector<std::uint8_t> p(static_cast<std::size_t>(w * h));
  std::mt19937 noise(text);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      std::uint8_t v = static_cast<std::uint8_t>(y / 4);
      if (x >= tile_x && x < tile_x + 24 && y >= 4 && y < 28)
        v = static_cast<std::uint8_t>(40 + y + (x - tile_x) / 8);
      if (y >= 52 && x >= 8 && x < 88) v = static_cast<std::uint8_t>(100 + noise() % 6);
      p[static_cast<std::size_t>(y * w + x)] = v;
    }
  }
  return {w, h, std::move(p)};
}

std::vector<std::uint8_t> inflated(const std::vector<std::uint8_t>& z, std::size_t size) {
  std::vector<std::uint8_t> out(size);
  uLongf got = static_cast<uLongf>(size);
  EXPECT_EQ(uncompress(out.data(), &got, z.data(), static_cast<uLong>(z.size())), Z_OK);
  EXPECT_EQ(got, size);
  return out;
}

// `before` with the rows `z` codes for `area` drawn over it, transparent pixels left out.
std::vector<std::uint8_t> drawn_over(const TestFrame& before, const Rect& area,
                                     const std::vector<std::uint8_t>& z) {
  const auto stride = static_cast<std::size_t>(area.w) + 1;
  const std::vector<std::uint8_t> raw = inflated(z, stride * static_cast<std::size_t>(area.h));
  std::vector<std::uint8_t> out = before.pixels;
  for (int y = 0; y < area.h; ++y) {
    EXPECT_EQ(raw[static_cast<std::size_t>(y) * stride], 0) << "filter type of row " << y;
    for (int x = 0; x < area.w; ++x) {
      const std::uint8_t v =
          raw[static_cast<std::size_t>(y) * stride + 1 + static_cast<std::size_t>(x)];
      if (v != kClear) out[static_cast<std::size_t>((area.y + y) * before.width + area.x + x)] = v;
    }
  }
  return out;
}

// The size of `area` coded one simple way, every unchanged pixel `clear` or itself.
std::size_t one_way(const TestFrame& now, const TestFrame& before, const Rect& area, bool clear) {
  std::vector<std::uint8_t> raw;
  for (int y = area.y; y < area.y + area.h; ++y) {
    raw.push_back(0);
    for (int x = area.x; x < area.x + area.w; ++x) {
      const auto at = static_cast<std::size_t>(y * now.width + x);
      raw.push_back(clear && now.pixels[at] == before.pixels[at] ? kClear : now.pixels[at]);
    }
  }
  libdeflate_compressor* c = libdeflate_alloc_compressor(9);
  std::vector<std::uint8_t> out(libdeflate_zlib_compress_bound(c, raw.size()));
  const std::size_t size =
      libdeflate_zlib_compress(c, raw.data(), raw.size(), out.data(), out.size());
  libdeflate_free_compressor(c);
  return size;
}

TEST(PngDeflater, AFirstFrameInflatesToItsPixels) {
  const TestFrame first = board_picture(10, 1);
  const Rect all{0, 0, first.width, first.height};
  const std::vector<std::uint8_t> z = PngDeflater().rows(first.view(), all, nullptr, kClear);
  const TestFrame blank(first.width, first.height,
                        std::vector<std::uint8_t>(first.pixels.size(), 7));
  EXPECT_EQ(drawn_over(blank, all, z), first.pixels);
  // A still's deflater (no fast compressor to compare ways with) writes the same bytes.
  EXPECT_EQ(PngDeflater(PngDeflater::Frames::One).rows(first.view(), all, nullptr, kClear), z);
}

TEST(PngDeflater, EveryLaterFrameDrawnOverTheOneBeforeIsExact) {
  const PngDeflater deflater;
  TestFrame before = board_picture(10, 1);
  // A tile sliding, text changing, both, and nothing; the whole frame and a part of it.
  for (const auto& [tile_x, text] : {std::pair{16, 1U}, {22, 2U}, {40, 2U}, {40, 2U}, {60, 3U}}) {
    const TestFrame now = board_picture(tile_x, text);
    for (const Rect area : {Rect{0, 0, now.width, now.height}, Rect{8, 2, 80, 60}}) {
      const std::vector<std::uint8_t> z = deflater.rows(now.view(), area, &before.pixels, kClear);
      TestFrame expected = before;
      for (int y = area.y; y < area.y + area.h; ++y)
        for (int x = area.x; x < area.x + area.w; ++x)
          expected.pixels[static_cast<std::size_t>(y * now.width + x)] =
              now.pixels[static_cast<std::size_t>(y * now.width + x)];
      EXPECT_EQ(drawn_over(before, area, z), expected.pixels) << tile_x << " " << text;
    }
    before = now;
  }
}

TEST(PngDeflater, CodesASlideSmallerThanAllClearAndNewTextSmallerThanAllItself) {
  const PngDeflater deflater;
  const TestFrame before = board_picture(10, 1), new_text = board_picture(10, 2);
  const Rect all{0, 0, before.width, before.height};
  // A tile whose rows are all alike slid over speckles of its own colours: a third of its
  // pixels happen to be unchanged, scattered, and only written as themselves do rows repeat.
  std::mt19937 noise(5);
  std::vector<std::uint8_t> speckled(32 * 32), tile(32 * 32);
  for (std::size_t i = 0; i < speckled.size(); ++i) {
    speckled[i] = static_cast<std::uint8_t>(40 + noise() % 3);
    tile[i] = static_cast<std::uint8_t>(40 + (i % 32) * 7 % 3);
  }
  const TestFrame under(32, 32, speckled), slid(32, 32, tile);
  const Rect square{0, 0, 32, 32};
  const std::size_t slide = deflater.rows(slid.view(), square, &under.pixels, kClear).size();
  EXPECT_LT(slide, one_way(slid, under, square, /*clear=*/true));
  EXPECT_LE(slide, one_way(slid, under, square, /*clear=*/false));
  // New text far from the rest: the unchanged pixels between them transparent.
  const std::size_t text = deflater.rows(new_text.view(), all, &before.pixels, kClear).size();
  EXPECT_LT(text, one_way(new_text, before, all, /*clear=*/false));
}

}  // namespace
}  // namespace slidegif::detail
