// LzwWriter alone: what it codes is wrapped in a one-frame GIF and decoded by giflib (an
// independent decoder), for runs long and short, noise, tiny palettes and dictionaries that
// fill up. A small code reader checks the stream's shape on top: a clear code exactly when the
// 4096-entry dictionary is full, codes never wider than 12 bits, one end code.

#include "render/gif/lzw.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gif_decoder.hpp"

namespace slidegif::detail {
namespace {

using testing::Color;
using testing::DecodedGif;

// Entry i of the test palettes: distinct for every i < 256.
Color color_of(int i) {
  return {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
          static_cast<std::uint8_t>((i * 37) % 256)};
}

struct Image {
  int width = 0, height = 0, bits = 2;  // bits: LZW minimum code size, 2^bits colours
  std::vector<std::uint8_t> pixels;
  std::uint8_t at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(x)];
  }
};

enum class Feed { Rows, Pixels };  // put(row, n), or put(index) for every pixel

// The image data LzwWriter writes for `im`: the minimum code size, sub-blocks, terminator.
std::vector<std::uint8_t> code(const Image& im, Feed feed, LzwWriter::Table& table) {
  std::vector<std::uint8_t> out;
  LzwWriter lzw(out, im.bits, table);
  for (int y = 0; y < im.height; ++y) {
    const std::uint8_t* row = &im.pixels[static_cast<std::size_t>(y) * im.width];
    if (feed == Feed::Rows) {
      lzw.put(row, im.width);
    } else {
      for (int x = 0; x < im.width; ++x) lzw.put(row[x]);
    }
  }
  lzw.finish();
  return out;
}

std::vector<std::uint8_t> code(const Image& im, Feed feed = Feed::Rows) {
  LzwWriter::Table table;
  return code(im, feed, table);
}

void put_u16(std::vector<std::uint8_t>& out, int v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>(v >> 8));
}

// A GIF of one image, its data `data`, on a global table of 2^bits entries.
std::vector<std::uint8_t> gif_of(const Image& im, const std::vector<std::uint8_t>& data) {
  std::vector<std::uint8_t> g = {'G', 'I', 'F', '8', '9', 'a'};
  put_u16(g, im.width);
  put_u16(g, im.height);
  g.insert(g.end(), {static_cast<std::uint8_t>(0x80 | (7 << 4) | (im.bits - 1)), 0, 0});
  for (int i = 0; i < (1 << im.bits); ++i) {
    const Color c = color_of(i);
    g.insert(g.end(), {c.r, c.g, c.b});
  }
  g.push_back(0x2C);
  put_u16(g, 0);
  put_u16(g, 0);
  put_u16(g, im.width);
  put_u16(g, im.height);
  g.push_back(0);
  g.insert(g.end(), data.begin(), data.end());
  g.push_back(0x3B);
  return g;
}

// What the code stream looks like, read the way a GIF decoder reads it.
struct Stream {
  int codes = 0;                    // data codes (not clear or end)
  int clears = 0;                   // after the first
  int full_clears = 0;              // clears sent when the dictionary held 4096 entries
  int widest = 0;                   // bits
  std::vector<int> restart_widths;  // the width of each clear code sent before the table filled
  int restarts_widened = 0;         // ... of which the code before it widened the codes
  bool ended = false;               // an end code, with nothing after it but padding
  std::size_t bytes = 0;
};

Stream read_stream(const std::vector<std::uint8_t>& data) {
  Stream s;
  const int min_bits = data.at(0);
  std::vector<std::uint8_t> bytes;
  std::size_t i = 1;
  for (std::size_t n = data.at(i); n != 0; n = data.at(i)) {
    EXPECT_LE(n, 255u);
    bytes.insert(bytes.end(), data.begin() + static_cast<std::ptrdiff_t>(i + 1),
                 data.begin() + static_cast<std::ptrdiff_t>(i + 1 + n));
    i += 1 + n;
  }
  EXPECT_EQ(i + 1, data.size()) << "data after the block terminator";
  s.bytes = bytes.size();
  const int clear = 1 << min_bits;
  int width = min_bits + 1, next = clear + 2;
  bool first = true;     // the first code after a clear adds no entry
  bool widened = false;  // the last code read widened the codes
  std::size_t bit = 0;
  auto read = [&] {
    int v = 0;
    for (int k = 0; k < width; ++k, ++bit) {
      if (bit / 8 >= bytes.size()) return -1;
      v |= ((bytes[bit / 8] >> (bit % 8)) & 1) << k;
    }
    return v;
  };
  EXPECT_EQ(read(), clear) << "the stream starts with a clear code";
  for (int c = read(); c >= 0; c = read()) {
    s.widest = std::max(s.widest, width);
    if (c == clear + 1) {
      s.ended = true;
      EXPECT_LT(bytes.size() * 8 - bit, 8u) << "codes after the end code";
      break;
    }
    if (c == clear) {
      ++s.clears;
      if (next == 4096) {
        ++s.full_clears;
      } else {
        s.restart_widths.push_back(width);
        if (widened) ++s.restarts_widened;
      }
      width = min_bits + 1, next = clear + 2, first = true, widened = false;
      continue;
    }
    // A code may name the entry it defines (the KwKwK case), not one past it.
    EXPECT_LE(c, first ? clear - 1 : next) << "code " << s.codes << " is not in the dictionary";
    ++s.codes;
    if (!first && next < 4096) ++next;
    first = false;
    widened = next == (1 << width) && width < 12;
    if (widened) ++width;
  }
  return s;
}

// Codes `im`, decodes it with giflib, compares every pixel; returns the stream's shape.
Stream expect_round_trip(const Image& im) {
  const std::vector<std::uint8_t> data = code(im);
  const DecodedGif gif = DecodedGif::decode(gif_of(im, data));
  EXPECT_EQ(gif.frame_count(), 1);
  int wrong = 0;
  for (int y = 0; y < im.height; ++y) {
    for (int x = 0; x < im.width; ++x) {
      if (gif.pixel(0, x, y) != color_of(im.at(x, y)) && ++wrong <= 3) {
        ADD_FAILURE() << "pixel " << x << "," << y << " is " << to_string(gif.pixel(0, x, y))
                      << ", want index " << int(im.at(x, y));
      }
    }
  }
  EXPECT_EQ(wrong, 0);
  const Stream s = read_stream(data);
  EXPECT_TRUE(s.ended);
  EXPECT_LE(s.widest, 12);
  EXPECT_EQ(s.clears, s.full_clears) << "a clear code before the dictionary was full";
  return s;
}

Image blank(int w, int h, int bits) {
  return {w, h, bits, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h, 0)};
}

Image noise(int w, int h, int bits, unsigned seed) {
  Image im = blank(w, h, bits);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> index(0, (1 << bits) - 1);
  for (auto& p : im.pixels) p = static_cast<std::uint8_t>(index(rng));
  return im;
}

// Runs of the given lengths in turn, each of the next index, row after row (runs cross rows).
Image runs(int width, int height, int bits, const std::vector<int>& lengths) {
  Image im = blank(width, height, bits);
  std::size_t p = 0;
  for (std::size_t k = 0; p < im.pixels.size(); ++k) {
    const auto v = static_cast<std::uint8_t>(k % (std::size_t{1} << bits));
    for (int n = 0; n < lengths[k % lengths.size()] && p < im.pixels.size(); ++n)
      im.pixels[p++] = v;
  }
  return im;
}

TEST(Lzw, NoiseFillsTheDictionaryAndClearsExactlyWhenFull) {
  const Stream s = expect_round_trip(noise(300, 200, 8, 1));
  // 60,000 random bytes barely compress: about one code per pixel or two, far past one table.
  EXPECT_GT(s.codes, 20000);
  EXPECT_GE(s.clears, s.codes / (4096 - 258));
  EXPECT_EQ(s.widest, 12);
}

TEST(Lzw, RunsTakeTheShortcutAndCodeAsIndexByIndex) {
  const std::vector<std::vector<int>> kRuns = {
      {1, 2, 3, 4, 5, 6, 7, 8},            // around the shortcut's threshold
      {1, 40, 511, 512, 513, 1100, 3},     // around the 512 runs the chain remembers
      {4095, 4096, 4097, 9000, 2, 20000},  // longer than the dictionary
  };
  for (int bits : {2, 4, 8}) {
    for (std::size_t set = 0; set < kRuns.size(); ++set) {
      SCOPED_TRACE(std::to_string(bits) + " bits, runs " + std::to_string(set));
      const Image im = runs(997, 61, bits, kRuns[set]);
      expect_round_trip(im);
      // put(row, n) takes a run at once, put(index) one index at a time. Both are greedy LZW,
      // so they must code exactly the same stream.
      EXPECT_EQ(code(im, Feed::Rows), code(im, Feed::Pixels));
    }
  }
}

TEST(Lzw, OneIndexThroughoutGrowsOneLongerPerCode) {
  // Greedy LZW over a single colour codes strings of 1, 2, 3... pixels: k codes cover
  // k(k+1)/2 pixels, so 1.2 M pixels take about 1,550 codes.
  const Image im = blank(1200, 1000, 2);
  const Stream s = expect_round_trip(im);
  EXPECT_GE(s.codes, 1549);
  EXPECT_LE(s.codes, 1550);
  EXPECT_EQ(code(im, Feed::Rows), code(im, Feed::Pixels));
}

TEST(Lzw, TinyPalettesAndImages) {
  for (int bits : {2, 3}) {
    for (auto [w, h] : {std::pair{1, 1}, std::pair{1, 7}, std::pair{3, 2}, std::pair{64, 64}}) {
      SCOPED_TRACE(std::to_string(bits) + " bits, " + std::to_string(w) + "x" + std::to_string(h));
      expect_round_trip(blank(w, h, bits));
      const Image im = noise(w, h, bits, static_cast<unsigned>(w * h + bits));
      expect_round_trip(im);
      EXPECT_EQ(code(im, Feed::Rows), code(im, Feed::Pixels));
    }
  }
}

TEST(Lzw, MixedNoiseAndRunsAcrossResets) {
  // Noise that fills the dictionary, then runs coded with a table that has just been cleared,
  // then noise again.
  Image im = noise(2000, 30, 8, 5);
  const Image r = runs(2000, 10, 8, {900, 3, 1, 5000});
  std::copy(r.pixels.begin(), r.pixels.end(), im.pixels.begin() + 2000 * 10);
  const Stream s = expect_round_trip(im);
  EXPECT_GT(s.clears, 3);
  EXPECT_EQ(code(im, Feed::Rows), code(im, Feed::Pixels));
}

// put(p, other, n): each pixel decodes to p[i] or other[i], and where other[i] continues what
// the dictionary holds the stream is shorter (an unchanged pixel: transparent or its colour).
TEST(Lzw, AlternativesDecodeToEitherAndCodeShorter) {
  Image pattern = blank(640, 40, 3);
  for (std::size_t i = 0; i < pattern.pixels.size(); ++i)
    pattern.pixels[i] = static_cast<std::uint8_t>(1 + (i / 3) % 5);  // 111222333444555111...
  Image holes = pattern;  // a third of the pixels "transparent" (0), at random
  std::mt19937 rng(7);
  for (auto& p : holes.pixels) p = rng() % 3 == 0 ? 0 : p;
  auto coded = [&](const std::vector<std::uint8_t>& other) {
    std::vector<std::uint8_t> out;
    LzwWriter::Table table;
    LzwWriter lzw(out, holes.bits, table);
    for (int y = 0; y < holes.height; ++y) {
      const std::size_t row = static_cast<std::size_t>(y) * holes.width;
      lzw.put(&holes.pixels[row], &other[row], holes.width);
    }
    lzw.finish();
    return out;
  };
  // No alternatives: exactly put(p, n)'s stream.
  const std::vector<std::uint8_t> plain = coded(holes.pixels);
  EXPECT_EQ(plain, code(holes));
  const std::vector<std::uint8_t> either = coded(pattern.pixels);
  const DecodedGif gif = DecodedGif::decode(gif_of(holes, either));
  int wrong = 0, took_other = 0;
  for (int y = 0; y < holes.height; ++y) {
    for (int x = 0; x < holes.width; ++x) {
      const Color c = gif.pixel(0, x, y);
      took_other += holes.at(x, y) != pattern.at(x, y) && c == color_of(pattern.at(x, y));
      if (c != color_of(holes.at(x, y)) && c != color_of(pattern.at(x, y))) ++wrong;
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(took_other, 0);
  EXPECT_TRUE(read_stream(either).ended);
  EXPECT_LT(either.size() * 4, plain.size() * 3) << "the pattern shows through the holes";
}

TEST(Lzw, AReusedTableCodesLikeAFreshOne) {
  // GifEncoder keeps one table for every frame: nothing of one image may leak into the next,
  // whatever its code size.
  LzwWriter::Table shared;
  const std::vector<Image> images = {noise(500, 40, 8, 9), runs(300, 20, 3, {700, 2, 9}),
                                     noise(17, 3, 2, 4), runs(1000, 9, 8, {2000, 1, 600}),
                                     blank(5, 5, 5)};
  for (std::size_t k = 0; k < images.size(); ++k) {
    EXPECT_EQ(code(images[k], Feed::Rows, shared), code(images[k])) << "image " << k;
  }
}

// A head coded by one writer and ended with restart(), then joined to a tail coded by another
// (GifEncoder::add_split_frame): the same bytes as one writer coding both with restart() between,
// and giflib decodes them. Heads end at every bit offset and at many code widths, including
// the case where the decoder widens its codes for the clear code after the head's last one.
TEST(Lzw, AHeadJoinsATailAtAnyBitOffsetAndWidth) {
  std::set<std::size_t> offsets;
  std::set<int> widths;
  int widened = 0;
  LzwWriter::Table head_table, tail_table, whole_table;
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const int bits = 2 + trial % 7;  // 2..8
    const int width = 20 + static_cast<int>(rng() % 300);
    Image im = trial % 3 == 0 ? noise(width, 12, bits, static_cast<unsigned>(trial))
                              : runs(width, 12, bits, {1 + trial % 40, 3, 1 + trial % 700, 2});
    if (trial % 3 == 1) {  // some noise in the head, so its codes widen at different points
      const Image n = noise(width, 3, bits, static_cast<unsigned>(trial) + 1000);
      std::copy(n.pixels.begin(), n.pixels.end(), im.pixels.begin());
    }
    const int split = 1 + static_cast<int>(rng() % 11);  // rows in the head
    auto row = [&](int y) { return &im.pixels[static_cast<std::size_t>(y) * width]; };
    // One writer throughout.
    std::vector<std::uint8_t> whole;
    LzwWriter one(whole, bits, whole_table);
    for (int y = 0; y < split; ++y) one.put(row(y), width);
    one.restart();
    for (int y = split; y < im.height; ++y) one.put(row(y), width);
    one.finish();
    // A head, and a tail coded after it by another writer.
    std::vector<std::uint8_t> unused, joined;
    LzwWriter head_writer(unused, bits, head_table);
    for (int y = 0; y < split; ++y) head_writer.put(row(y), width);
    head_writer.restart();
    std::size_t head_bits = 0;
    const std::vector<std::uint8_t> head = head_writer.code_bits(head_bits);
    ASSERT_EQ(head.size(), (head_bits + 7) / 8);
    LzwWriter tail(joined, bits, tail_table, head, head_bits);
    for (int y = split; y < im.height; ++y) tail.put(row(y), width);
    tail.finish();
    ASSERT_EQ(joined, whole) << "trial " << trial;

    const DecodedGif gif = DecodedGif::decode(gif_of(im, joined));
    for (int y = 0; y < im.height; ++y) {
      for (int x = 0; x < im.width; ++x) {
        ASSERT_EQ(gif.pixel(0, x, y), color_of(im.at(x, y)))
            << "trial " << trial << " pixel " << x << "," << y << " (head " << head_bits
            << " bits)";
      }
    }
    const Stream s = read_stream(joined);
    EXPECT_TRUE(s.ended);
    ASSERT_EQ(s.restart_widths.size(), 1u) << "trial " << trial;
    offsets.insert(head_bits % 8);
    widths.insert(s.restart_widths[0]);
    widened += s.restarts_widened;
  }
  EXPECT_GT(widened, 0);
  EXPECT_EQ(offsets.size(), 8u);
  EXPECT_GE(widths.size(), 8u);
  EXPECT_TRUE(widths.contains(12));
}

}  // namespace
}  // namespace slidegif::detail
