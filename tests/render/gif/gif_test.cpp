// GifEncoder (our GIF writer and LZW coder) checked through an independent decoder (giflib):
// every frame a viewer composes must equal the frame we gave, pixel for pixel, whatever the
// content: noise that fills the LZW dictionary many times, long runs, tiny palettes, frames
// that change nothing, dirty-rectangle hints; frames held by libgd or by plain vectors.

#include "render/gif/gif.hpp"

// The encoder's API is libgd-free: a program may write GIFs without gd's headers.
#ifdef GD_H
#error "render/gif/gif.hpp includes <gd.h>"
#endif

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "gif_decoder.hpp"
#include "render/pixels/image.hpp"
#include "render/pixels/sprite.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

using testing::Color;
using testing::DecodedGif;

Palette palette_of(int colors) {
  std::vector<Rgb> c;
  for (int i = 0; i < colors; ++i) {
    c.push_back({static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
                 static_cast<std::uint8_t>((i * 37) % 256)});
  }
  return Palette(std::move(c));
}

// Encodes the frames, decodes them with giflib and compares every composed pixel.
void expect_round_trip(const Palette& palette, const std::vector<GdImage>& frames,
                       const std::vector<const Rect*>& dirty = {},
                       FrameCoding coding = FrameCoding::Transparent) {
  const int w = frames.front()->sx, h = frames.front()->sy;
  GifEncoder gif(palette, w, h, 0);
  for (std::size_t k = 0; k < frames.size(); ++k) {
    gif.add_frame(view(*frames[k]), static_cast<int>(k), k < dirty.size() ? dirty[k] : nullptr,
                  coding);
  }
  const DecodedGif decoded = DecodedGif::decode(std::move(gif).finish());
  ASSERT_EQ(decoded.frame_count(), static_cast<int>(frames.size()));
  ASSERT_EQ(decoded.width(), w);
  ASSERT_EQ(decoded.height(), h);
  for (std::size_t k = 0; k < frames.size(); ++k) {
    EXPECT_EQ(decoded.delay_cs(static_cast<int>(k)), static_cast<int>(k));
    int wrong = 0;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const Rgb want = palette[frames[k]->pixels[y][x]];
        const Color got = decoded.pixel(static_cast<int>(k), x, y);
        if (got != Color{want.r, want.g, want.b} && ++wrong <= 3) {
          ADD_FAILURE() << "frame " << k << " pixel " << x << "," << y << " is " << to_string(got)
                        << ", want index " << int(frames[k]->pixels[y][x]);
        }
      }
    }
    EXPECT_EQ(wrong, 0) << "frame " << k;
  }
}

GdImage copy_of(const gdImage& im, const Palette& palette) {
  auto out = make_palette_image(im.sx, im.sy, palette, 0);
  for (int y = 0; y < im.sy; ++y) std::copy_n(im.pixels[y], im.sx, out->pixels[y]);
  return out;
}

TEST(GifEncoder, NoiseFillsTheDictionaryManyTimes) {
  const Palette palette = palette_of(200);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> index(0, palette.size() - 2);  // never the reserved slot
  std::vector<GdImage> frames;
  frames.push_back(make_palette_image(300, 200, palette, 0));
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 300; ++x) frames[0]->pixels[y][x] = static_cast<unsigned char>(index(rng));
  // Then: a noisy patch, a few scattered pixels, and a frame with long runs.
  frames.push_back(copy_of(*frames[0], palette));
  for (int y = 50; y < 150; ++y)
    for (int x = 20; x < 280; ++x) frames[1]->pixels[y][x] = static_cast<unsigned char>(index(rng));
  frames.push_back(copy_of(*frames[1], palette));
  for (int i = 0; i < 40; ++i)
    frames[2]->pixels[i * 5][i * 7] = static_cast<unsigned char>(index(rng));
  frames.push_back(make_palette_image(300, 200, palette, 3));
  expect_round_trip(palette, frames);
}

// Each image's LZW minimum code size, read from the GIF's blocks (giflib does not report it).
std::vector<int> code_sizes(const std::vector<std::uint8_t>& gif) {
  std::size_t i = 13;
  if (gif[10] & 0x80) i += 3u << ((gif[10] & 7) + 1);
  std::vector<int> sizes;
  auto skip_sub_blocks = [&] {
    while (gif.at(i) != 0) i += gif[i] + 1u;
    ++i;
  };
  while (gif.at(i) != 0x3B) {
    if (gif[i] == 0x21) {  // extension: label, then sub-blocks
      i += 2;
      skip_sub_blocks();
    } else {  // image descriptor (10 bytes, no local table here), code size, sub-blocks
      i += 10;
      sizes.push_back(gif.at(i++));
      skip_sub_blocks();
    }
  }
  return sizes;
}

// Frames that change pixels on a board of runs and noise, with some unchanged stretches
// between changed pixels (what the codings treat differently) and a frame with nothing
// changed: every way of coding them decodes to the frames.
TEST(GifEncoder, EveryCodingRoundTrips) {
  const Palette palette = palette_of(40);
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> index(0, palette.size() - 2);
  std::vector<GdImage> frames;
  frames.push_back(make_palette_image(90, 60, palette, 1));
  for (int y = 0; y < 60; ++y)
    for (int x = 0; x < 90; x += 1 + y % 7)
      frames[0]->pixels[y][x] = static_cast<unsigned char>(index(rng));
  for (int k = 1; k < 6; ++k) {
    frames.push_back(copy_of(*frames.back(), palette));
    for (int y = 5 * k; y < 5 * k + 20; ++y) {
      for (int x = 10; x < 70; ++x) {
        if (rng() % 3 == 0) frames.back()->pixels[y][x] = static_cast<unsigned char>(index(rng));
      }
    }
  }
  frames.push_back(copy_of(*frames.back(), palette));
  for (const FrameCoding coding :
       {FrameCoding::Transparent, FrameCoding::Bridged, FrameCoding::Whole, FrameCoding::Shorter}) {
    SCOPED_TRACE(static_cast<int>(coding));
    expect_round_trip(palette, frames, {}, coding);
  }
}

// An image is coded with the bits its highest index needs, the transparent slot included,
// not the colour table's: frames of the first 13 colours of a 200-colour palette whose
// transparent slot is at 15 need 4 bits, the first frame with index 150 needs 8.
TEST(GifEncoder, ImagesAreCodedWithTheBitsTheirIndicesNeed) {
  std::vector<Rgb> first, later;
  for (int i = 0; i < 15; ++i) first.push_back({static_cast<std::uint8_t>(i), 0, 0});
  for (int i = 0; i < 185; ++i) later.push_back({0, static_cast<std::uint8_t>(i), 9});
  const Palette palette(first, later);
  ASSERT_EQ(palette.transparent(), 15);
  std::vector<GdImage> frames;
  frames.push_back(make_palette_image(20, 10, palette, 3));
  frames[0]->pixels[0][0] = 150;
  frames.push_back(copy_of(*frames[0], palette));
  frames[1]->pixels[0][0] = 12;
  frames.push_back(copy_of(*frames[1], palette));
  frames[2]->pixels[5][5] = 2;
  GifEncoder gif(palette, 20, 10, 0);
  gif.add_frame(view(*frames[0]), 1);
  gif.add_frame(view(*frames[1]), 1);
  gif.add_frame(view(*frames[2]), 1, nullptr, FrameCoding::Whole);
  EXPECT_EQ(code_sizes(std::move(gif).finish()), (std::vector<int>{8, 4, 2}));
  expect_round_trip(palette, frames);
}

TEST(GifEncoder, SmallPalettesAndTinyImages) {
  for (int colors : {1, 2, 3, 4, 5, 16, 127, 128, 255}) {
    const Palette palette = palette_of(colors);
    for (auto [w, h] : {std::pair{1, 1}, std::pair{2, 3}, std::pair{17, 5}}) {
      std::vector<GdImage> frames;
      for (int k = 0; k < 4; ++k) {
        frames.push_back(make_palette_image(w, h, palette, 0));
        for (int y = 0; y < h; ++y)
          for (int x = 0; x < w; ++x)
            frames[k]->pixels[y][x] = static_cast<unsigned char>((x * 3 + y + k) % colors);
      }
      SCOPED_TRACE(std::to_string(colors) + " colours, " + std::to_string(w) + "x" +
                   std::to_string(h));
      expect_round_trip(palette, frames);
    }
  }
}

TEST(GifEncoder, LongRunsAcrossDictionaryClears) {
  // Rows far longer than the dictionary, changed only at their ends: the encoder codes the
  // unchanged middle as one long transparent run after another.
  const Palette palette = palette_of(6);
  std::vector<GdImage> frames;
  frames.push_back(make_palette_image(5000, 12, palette, 1));
  for (int k = 1; k < 5; ++k) {
    frames.push_back(copy_of(*frames.back(), palette));
    for (int y = 0; y < 12; ++y) {
      frames[k]->pixels[y][0] = static_cast<unsigned char>((k + y) % 5);
      frames[k]->pixels[y][4999] = static_cast<unsigned char>((k + 2 * y) % 5);
      if (y % 3 == k % 3) frames[k]->pixels[y][2500 + k] = 4;
    }
  }
  expect_round_trip(palette, frames);
}

TEST(GifEncoder, UnchangedFramesAreKeptWithTheirDelay) {
  const Palette palette = palette_of(4);
  std::vector<GdImage> frames;
  for (int k = 0; k < 3; ++k) frames.push_back(make_palette_image(8, 8, palette, 2));
  GifEncoder gif(palette, 8, 8, 0);
  for (int k = 0; k < 3; ++k)
    gif.add_frame(view(*frames[static_cast<std::size_t>(k)]), 10 * (k + 1));
  const DecodedGif decoded = DecodedGif::decode(std::move(gif).finish());
  ASSERT_EQ(decoded.frame_count(), 3);
  EXPECT_EQ(decoded.total_delay_cs(), 60);
  EXPECT_EQ(decoded.frame(2).width, 1);  // a 1x1 transparent frame that only carries the delay
  expect_round_trip(palette, frames);
}

TEST(GifEncoder, DirtyHintLimitsTheFrameRectangle) {
  const Palette palette = palette_of(8);
  std::vector<GdImage> frames;
  frames.push_back(make_palette_image(40, 30, palette, 0));
  frames.push_back(copy_of(*frames[0], palette));
  for (int y = 10; y < 14; ++y)
    for (int x = 5; x < 9; ++x) frames[1]->pixels[y][x] = 5;
  const Rect dirty{4, 9, 10, 10};
  expect_round_trip(palette, frames, {nullptr, &dirty});
  GifEncoder gif(palette, 40, 30, 0);
  gif.add_frame(view(*frames[0]), 1);
  gif.add_frame(view(*frames[1]), 1, &dirty);
  const DecodedGif decoded = DecodedGif::decode(std::move(gif).finish());
  const auto& f = decoded.frame(1);
  EXPECT_EQ((std::vector<int>{f.left, f.top, f.width, f.height}), (std::vector<int>{5, 10, 4, 4}));
  EXPECT_EQ(f.transparent_index, 0);  // the lowest index the frame's opaque pixels leave free
}

// A difference frame's transparent index is the lowest one its opaque pixels leave free, and its
// codes are as narrow as its indices then allow (gifsicle's way): in a palette of 200 colours
// (8-bit codes) over a background of 150, a frame changing pixels to indices 0..2 codes with the
// 2-bit minimum, one using 0..40 with 6 bits (transparent 41), one using every index with the
// palette's reserved slot.
TEST(GifEncoder, TransparentIndexIsTheLowestFreeOne) {
  const Palette palette = palette_of(200);
  std::vector<GdImage> frames;
  frames.push_back(make_palette_image(40, 30, palette, 150));
  int row = 0;  // each frame changes rows of its own
  for (int colours : {3, 41, 200}) {
    frames.push_back(copy_of(*frames.back(), palette));
    for (int i = 0; i < colours; ++i) frames.back()->pixels[row + i / 40][i % 40] = i;
    row += (colours + 39) / 40;
  }
  frames.back()->pixels[0][0] = 150;  // over the background 150 was no change: here it is one
  expect_round_trip(palette, frames);
  GifEncoder gif(palette, 40, 30, 0);
  for (const auto& f : frames) gif.add_frame(view(*f), 1);
  const std::vector<std::uint8_t> bytes = std::move(gif).finish();
  const DecodedGif decoded = DecodedGif::decode(bytes);
  EXPECT_EQ(decoded.frame(1).transparent_index, 3);
  EXPECT_EQ(decoded.frame(2).transparent_index, 41);
  EXPECT_EQ(decoded.frame(3).transparent_index, palette.transparent());
  EXPECT_EQ(testing::lzw_code_sizes(bytes), (std::vector<int>{8, 2, 6, 8}));
}

TEST(GifEncoder, LoopCounts) {
  const Palette palette = palette_of(2);
  const auto frame = make_palette_image(2, 2, palette, 0);
  for (auto [loop, stored] :
       {std::pair{0, std::optional<int>(0)}, std::pair{1, std::optional<int>()},
        std::pair{2, std::optional<int>(1)}, std::pair{9, std::optional<int>(8)}}) {
    GifEncoder gif(palette, 2, 2, loop);
    gif.add_frame(view(*frame), 5);
    EXPECT_EQ(DecodedGif::decode(std::move(gif).finish()).loop_count(), stored) << "loop " << loop;
  }
}

// The "redmean" distance Palette documents, written out as an oracle for nearest().
long redmean(Rgb a, Rgb b) {
  const long rmean = (long{a.r} + b.r) / 2;
  const long dr = long{a.r} - b.r, dg = long{a.g} - b.g, db = long{a.b} - b.b;
  return (((512 + rmean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rmean) * db * db) >> 8);
}

Rgb random_colour(std::mt19937& rng) {
  std::uniform_int_distribution<int> byte(0, 255);
  const auto r = byte(rng), g = byte(rng), b = byte(rng);
  return Rgb{static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g),
             static_cast<std::uint8_t>(b)};
}

TEST(Palette, NearestMatchesAPlainScan) {
  std::mt19937 rng(11);
  auto random_rgb = [&rng] { return random_colour(rng); };
  std::vector<Palette> palettes = {palette_of(1), palette_of(200)};
  for (int n : {3, 17, 254}) {
    std::vector<Rgb> colors;
    for (int i = 0; i < n; ++i) colors.push_back(random_rgb());
    colors.push_back(colors.front());  // a duplicate: ties go to the lower index
    palettes.emplace_back(colors);
  }
  for (const Palette& p : palettes) {
    for (int k = 0; k < 3000; ++k) {
      const Rgb c = k < p.size() - 1 ? p[k] : random_rgb();
      int want = 0;
      for (int i = 1; i < p.transparent(); ++i) {
        if (redmean(c, p[i]) < redmean(c, p[want])) want = i;
      }
      ASSERT_EQ(p.nearest(c), want) << "palette of " << p.size() << ", colour " << int(c.r) << ","
                                    << int(c.g) << "," << int(c.b);
    }
  }
}

// With colours after the transparent slot: nearest() scans them all, nearest_in_front() only
// those before the slot (what a sliding tile is drawn with).
TEST(Palette, NearestInFrontMatchesAPlainScanOfTheFront) {
  std::mt19937 rng(12);
  auto random_rgb = [&rng] { return random_colour(rng); };
  for (const auto& [front, later] : {std::pair{1, 1}, std::pair{5, 40}, std::pair{63, 60}}) {
    std::vector<Rgb> a, b;
    for (int i = 0; i < front; ++i) a.push_back(random_rgb());
    for (int i = 0; i < later; ++i) b.push_back(random_rgb());
    const Palette p(a, b);
    ASSERT_EQ(p.transparent(), front);
    for (int k = 0; k < 3000; ++k) {
      const Rgb c = k < p.size() ? p[k] : random_rgb();
      int in_front = 0, anywhere = 0;
      for (int i = 1; i < p.size(); ++i) {
        if (i == p.transparent()) continue;
        if (i < p.transparent() && redmean(c, p[i]) < redmean(c, p[in_front])) in_front = i;
        if (redmean(c, p[i]) < redmean(c, p[anywhere])) anywhere = i;
      }
      ASSERT_EQ(p.nearest_in_front(c), in_front) << front << "+" << later << ", colour " << k;
      ASSERT_EQ(p.nearest(c), anywhere) << front << "+" << later << ", colour " << k;
    }
  }
}

TEST(Palette, HoldsAtMost255ColoursAndTheTransparentSlot) {
  const Palette full = palette_of(255);
  EXPECT_EQ(full.size(), 256);
  EXPECT_EQ(full.transparent(), 255);
  try {
    palette_of(256);
    ADD_FAILURE() << "a palette of 257 entries was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Render) << e.what();
  }
}

TEST(Palette, TheTransparentSlotSitsBetweenTheTwoLists) {
  const Palette p({{10, 10, 10}, {20, 20, 20}}, {{200, 200, 200}});
  EXPECT_EQ(p.size(), 4);
  EXPECT_EQ(p.transparent(), 2);
  EXPECT_EQ(p[3], (Rgb{200, 200, 200}));
  EXPECT_EQ(p.nearest({190, 190, 190}), 3);
  EXPECT_NE(p.nearest(p[p.transparent()]), p.transparent()) << "the reserved slot is never picked";
}

TEST(CopySprite, SkipsTransparentPixelsAndClips) {
  const Palette palette = palette_of(6);
  const int t = palette.transparent();
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> pick(0, 9);
  for (int trial = 0; trial < 50; ++trial) {
    auto sprite = make_palette_image(37, 11, palette, 0);
    for (int y = 0; y < 11; ++y) {
      for (int x = 0; x < 37; ++x) {  // mostly opaque, some transparent, in runs and alone
        const int r = pick(rng);
        sprite->pixels[y][x] = static_cast<unsigned char>(r < 2 ? t : 1 + r % 4);
      }
    }
    gdImageColorTransparent(sprite.get(), t);
    auto dst = make_palette_image(50, 20, palette, 5);
    const int ox = trial % 30 - 10, oy = trial % 15 - 3;
    copy_sprite(*dst, *sprite, ox, oy);
    for (int y = 0; y < 20; ++y) {
      for (int x = 0; x < 50; ++x) {
        const int sx = x - ox, sy = y - oy;
        const bool inside = sx >= 0 && sx < 37 && sy >= 0 && sy < 11;
        const int want = inside && sprite->pixels[sy][sx] != t ? sprite->pixels[sy][sx] : 5;
        ASSERT_EQ(dst->pixels[y][x], want) << "trial " << trial << " at " << x << "," << y;
      }
    }
  }
}

TEST(GifEncoder, FramesHeldWithoutLibgd) {
  // Pixels in a vector, viewed through two row tables: the second frame is the first upside down.
  const Palette palette = palette_of(5);
  constexpr int kW = 23, kH = 9;
  std::vector<std::uint8_t> pixels(kW * kH);
  for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = static_cast<std::uint8_t>(i % 7 % 5);
  std::vector<std::vector<const std::uint8_t*>> tables(2);
  for (std::size_t y = 0; y < kH; ++y) {
    tables[0].push_back(&pixels[y * kW]);
    tables[1].insert(tables[1].begin(), &pixels[y * kW]);
  }
  GifEncoder gif(palette, kW, kH, 0);
  for (const auto& rows : tables) gif.add_frame({rows.data(), kW, kH}, 7);
  const DecodedGif decoded = DecodedGif::decode(std::move(gif).finish());
  ASSERT_EQ(decoded.frame_count(), 2);
  for (int k = 0; k < 2; ++k) {
    for (int y = 0; y < kH; ++y) {
      for (int x = 0; x < kW; ++x) {
        const Rgb want =
            palette[tables[static_cast<std::size_t>(k)][static_cast<std::size_t>(y)][x]];
        ASSERT_EQ(decoded.pixel(k, x, y), (Color{want.r, want.g, want.b}))
            << "frame " << k << " at " << x << "," << y;
      }
    }
  }
}

TEST(GifEncoder, MisuseIsARenderError) {
  const Palette palette = palette_of(2);
  EXPECT_THROW(GifEncoder(palette, 0, 5, 0), Error);
  EXPECT_THROW(GifEncoder(palette, 70000, 5, 0), Error);
  GifEncoder gif(palette, 4, 4, 0);
  const auto wrong = make_palette_image(5, 4, palette, 0);
  EXPECT_THROW(gif.add_frame(view(*wrong), 1), Error);
  const auto truecolor = make_truecolor_image(4, 4);
  EXPECT_THROW(gif.add_frame(view(*truecolor), 1), Error);
  EXPECT_THROW(gif.add_frame(IndexedView{nullptr, 4, 4}, 1), Error);
  EXPECT_THROW((void)std::move(gif).finish(), Error);  // no frame yet
}

}  // namespace
}  // namespace slidegif::detail
