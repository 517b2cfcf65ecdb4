#include "render/encode/vp8l.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <memory>

#include "render/encode/bit_writer.hpp"
#include "render/encode/prefix_code.hpp"
#include "render/pixels/common_prefix.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

constexpr int kLengthCodes = 24;
constexpr int kGreenAlphabet = 256 + kLengthCodes;  // literals, then copy lengths (no cache)
constexpr int kDistanceAlphabet = 40;
constexpr int kMaxCopy = 4096;
constexpr int kMaxDistance = 1048576 - 120;  // the largest the 40 distance prefixes reach
constexpr int kMinCopy = 3;
constexpr int kLazyUpTo = 32;  // a copy this long is taken without looking one symbol on
constexpr int kMaxCodeLength = 15;
constexpr int kMaxLengthCodeLength = 7;

// The format's short distance codes for pixels up to 7 rows above and 8 columns either side,
// as libwebp's encoder maps them (backward_references_enc.c): index (dy * 16 + 8 - dx).
constexpr std::array<std::uint8_t, 128> kPlaneCode = {
    96,  73,  55,  39,  23,  13,  5,  1,   255, 255, 255, 255, 255, 255, 255, 255, 101, 78,  58,
    42,  26,  16,  8,   2,   0,   3,  9,   17,  27,  43,  59,  79,  102, 86,  62,  46,  32,  20,
    10,  6,   4,   7,   11,  21,  33, 47,  63,  87,  105, 90,  70,  52,  37,  28,  18,  14,  12,
    15,  19,  29,  38,  53,  71,  91, 110, 99,  82,  66,  48,  35,  30,  24,  22,  25,  31,  36,
    49,  67,  83,  100, 115, 108, 94, 76,  64,  50,  44,  40,  34,  41,  45,  51,  65,  77,  95,
    109, 118, 113, 103, 92,  80,  68, 60,  56,  54,  57,  61,  69,  81,  93,  104, 114, 119, 116,
    111, 106, 97,  88,  84,  74,  72, 75,  85,  89,  98,  107, 112, 117};

// The distance code of a copy from `dist` symbols back in an image `width` symbols wide.
int distance_code(int width, int dist) {
  const int dy = dist / width, dx = dist - dy * width;
  if (dx <= 8 && dy < 8) return kPlaneCode[static_cast<std::size_t>(dy * 16 + 8 - dx)] + 1;
  if (dx > width - 8 && dy < 7) {
    return kPlaneCode[static_cast<std::size_t>((dy + 1) * 16 + 8 + (width - dx))] + 1;
  }
  return dist + 120;
}

// A length or distance code split into its prefix symbol and the extra bits sent as they are.
struct Prefix {
  int symbol, extra_bits;
  std::uint32_t extra;
};

Prefix prefix_of(int value) {
  if (value <= 4) return {value - 1, 0, 0};
  const auto v = static_cast<std::uint32_t>(value - 1);
  const int high = std::bit_width(v) - 1;
  const int second = static_cast<int>((v >> (high - 1)) & 1U);
  return {2 * high + second, high - 1, v & ((1U << (high - 1)) - 1)};
}

// A literal symbol (length 0) or a copy of `length` symbols from distance code `code`.
struct Token {
  std::uint16_t length;
  std::uint8_t literal;
  std::uint32_t code;
};

struct Copy {
  int length = 0, code = 0;
};

// LZ77 over `symbols` (rows `width` long). At each position the longest copy among the symbol
// to the left, the one above and up to kChain earlier positions starting with the same three
// symbols, ties going to the shorter distance code; a copy is put off by one symbol when the
// next position has a longer one (deflate's lazy matching).
class Matcher {
 public:
  Matcher(std::span<const std::uint8_t> symbols, int width)
      : s_(symbols),
        n_(static_cast<int>(symbols.size())),
        width_(width),
        hash_bits_(std::clamp(static_cast<int>(std::bit_width(symbols.size())), 8, kMaxHashBits)),
        head_(std::size_t{1} << hash_bits_, -1),
        chain_(std::make_unique_for_overwrite<int[]>(symbols.size())) {}

  Copy best(int i) const {
    Copy best;
    const int limit = std::min(kMaxCopy, n_ - i);
    auto consider = [&](int dist) {
      if (dist > i || dist > kMaxDistance) return;
      const std::uint8_t* a = &s_[static_cast<std::size_t>(i)];
      const std::uint8_t* b = a - dist;
      if (best.length >= limit || a[best.length] != b[best.length]) return;
      const int len = common_prefix(a, b, limit);
      if (len < best.length) return;
      const int code = distance_code(width_, dist);
      if (len > best.length || code < best.code) best = {len, code};
    };
    consider(1);
    consider(width_);
    if (i + 2 < n_) {
      int j = head_[hash(i)];
      for (int k = 0; k < kChain && j >= 0; ++k, j = chain_[static_cast<std::size_t>(j)]) {
        consider(i - j);
      }
    }
    return best;
  }

  // Positions [from, to) into the hash chains, but none inside a run: there the symbol to the
  // left is the copy, and runs (transparent or flat areas) are most of a frame.
  void insert(int from, int to) {
    to = std::min(to, n_ - 3);
    for (int i = from; i < to; ++i) {
      const std::uint8_t* a = &s_[static_cast<std::size_t>(i)];
      if (a[0] == a[1] && a[0] == a[2] && a[0] == a[3]) {
        i += common_prefix(a, a + 1, n_ - i - 1) - 3;  // to the run's last three
        continue;
      }
      const std::uint32_t h = hash(i);
      chain_[static_cast<std::size_t>(i)] = head_[h];
      head_[h] = i;
    }
  }

 private:
  // A table about as large as the image: clearing a larger one cost more than the search on
  // small frames.
  static constexpr int kMaxHashBits = 14, kChain = 4;

  std::uint32_t hash(int i) const {
    const auto at = [&](int k) { return std::uint32_t{s_[static_cast<std::size_t>(i + k)]}; };
    return ((at(0) | at(1) << 8 | at(2) << 16) * 0x9E3779B1U) >> (32 - hash_bits_);
  }

  std::span<const std::uint8_t> s_;
  int n_, width_, hash_bits_;
  std::vector<int> head_;
  std::unique_ptr<int[]> chain_;  // written before it is read: a position's link on insertion
};

std::vector<Token> copies(std::span<const std::uint8_t> symbols, int width) {
  Matcher matcher(symbols, width);
  const int n = static_cast<int>(symbols.size());
  std::vector<Token> tokens;
  Copy here = matcher.best(0);
  for (int i = 0; i < n;) {
    matcher.insert(i, i + 1);
    const bool lazy = here.length < kLazyUpTo && i + 1 < n;
    const Copy next = lazy ? matcher.best(i + 1) : Copy{};
    if (here.length < kMinCopy || next.length > here.length) {
      tokens.push_back({0, symbols[static_cast<std::size_t>(i)], 0});
      ++i;
      here = next;
      continue;
    }
    tokens.push_back(
        {static_cast<std::uint16_t>(here.length), 0, static_cast<std::uint32_t>(here.code)});
    // Of a long copy only the end is worth finding again (zlib does the same): 0.2% larger
    // files for far fewer insertions.
    matcher.insert(here.length < kLazyUpTo ? i + 1 : i + here.length - 3, i + here.length);
    i += here.length;
    if (i < n) here = matcher.best(i);
  }
  return tokens;
}

// Code lengths as the format sends them: runs of zeros (17, 18) and repeats of the previous
// non-zero length (16) shortened, each token with its extra bits.
struct LengthToken {
  int symbol, extra_bits;
  std::uint32_t extra;
};

std::vector<LengthToken> length_tokens(std::span<const std::uint8_t> lengths) {
  std::vector<LengthToken> tokens;
  int previous = 8;  // what a 16 repeats before any non-zero length
  for (std::size_t i = 0; i < lengths.size();) {
    const int value = lengths[i];
    std::size_t end = i;
    while (end < lengths.size() && lengths[end] == value) ++end;
    int run = static_cast<int>(end - i);
    i = end;
    if (value == 0) {
      while (run > 0) {
        if (run >= 11) {
          const int k = std::min(run, 138);
          tokens.push_back({18, 7, static_cast<std::uint32_t>(k - 11)});
          run -= k;
        } else if (run >= 3) {
          tokens.push_back({17, 3, static_cast<std::uint32_t>(run - 3)});
          run = 0;
        } else {
          tokens.push_back({0, 0, 0});
          --run;
        }
      }
      continue;
    }
    if (value != previous) {
      tokens.push_back({value, 0, 0});
      --run;
      previous = value;
    }
    while (run > 0) {
      if (run >= 3) {
        const int k = std::min(run, 6);
        tokens.push_back({16, 2, static_cast<std::uint32_t>(k - 3)});
        run -= k;
      } else {
        tokens.push_back({value, 0, 0});
        --run;
      }
    }
  }
  return tokens;
}

// A code of one or two symbols below 256 (none: the symbol 0), named outright.
void put_simple_code(BitWriter& out, std::span<const int> symbols) {
  const int first = symbols.empty() ? 0 : symbols[0];
  out.put(1, 1);  // simple
  out.put(symbols.size() == 2 ? 1 : 0, 1);
  out.put(first > 1 ? 1 : 0, 1);
  out.put(static_cast<std::uint32_t>(first), first > 1 ? 8 : 1);
  if (symbols.size() == 2) out.put(static_cast<std::uint32_t>(symbols[1]), 8);
}

// Writes the code for `counts` and returns it, in the shortest of the format's two ways: one
// or two symbols below 256 named outright, otherwise the lengths, themselves prefix coded.
PrefixCode put_code(BitWriter& out, std::span<const std::uint32_t> counts) {
  PrefixCode code(counts, kMaxCodeLength);
  std::vector<int> used;
  for (std::size_t s = 0; s < counts.size() && used.size() < 3; ++s) {
    if (counts[s] > 0) used.push_back(static_cast<int>(s));
  }
  if (used.size() <= 2 && (used.empty() || used.back() < 256)) {
    put_simple_code(out, used);
    return code;
  }
  static constexpr std::array<int, 19> kOrder = {17, 18, 0, 1,  2,  3,  4,  5,  16, 6,
                                                 7,  8,  9, 10, 11, 12, 13, 14, 15};
  const std::vector<LengthToken> tokens = length_tokens(code.lengths());
  std::array<std::uint32_t, 19> counts_of_lengths{};
  for (const LengthToken& t : tokens) ++counts_of_lengths[static_cast<std::size_t>(t.symbol)];
  const PrefixCode lengths_code(counts_of_lengths, kMaxLengthCodeLength);
  int sent = 19;
  while (sent > 4 && lengths_code.lengths()[static_cast<std::size_t>(kOrder[sent - 1])] == 0) {
    --sent;
  }
  out.put(0, 1);  // normal
  out.put(static_cast<std::uint32_t>(sent - 4), 4);
  for (int i = 0; i < sent; ++i) {
    out.put(lengths_code.lengths()[static_cast<std::size_t>(kOrder[i])], 3);
  }
  out.put(0, 1);  // a length for every symbol of the alphabet
  for (const LengthToken& t : tokens) {
    lengths_code.put(out, t.symbol);
    out.put(t.extra, t.extra_bits);
  }
  return code;
}

// The colour table, sent as a one-row image of each colour's difference from the one before.
void put_colour_table(BitWriter& out, std::span<const std::uint32_t> colours) {
  std::vector<std::uint32_t> deltas;
  std::uint32_t before = 0;
  for (const std::uint32_t c : colours) {
    std::uint32_t d = 0;
    for (int shift = 0; shift < 32; shift += 8) {
      d |= (((c >> shift) - (before >> shift)) & 0xFFU) << shift;
    }
    deltas.push_back(d);
    before = c;
  }
  // Channels in the order the format sends them: green, red, blue, alpha.
  constexpr std::array<int, 4> kShift = {8, 16, 0, 24};
  std::vector<std::uint32_t> green(kGreenAlphabet, 0);
  std::array<std::array<std::uint32_t, 256>, 3> others{};
  for (const std::uint32_t d : deltas) {
    ++green[(d >> kShift[0]) & 0xFFU];
    for (std::size_t c = 0; c < 3; ++c) ++others[c][(d >> kShift[c + 1]) & 0xFFU];
  }
  out.put(0, 1);  // no colour cache
  std::vector<PrefixCode> codes;
  codes.push_back(put_code(out, green));
  for (const auto& counts : others) codes.push_back(put_code(out, counts));
  const std::array<std::uint32_t, kDistanceAlphabet> no_copies{};
  put_code(out, no_copies);
  for (const std::uint32_t d : deltas) {
    for (std::size_t c = 0; c < 4; ++c) {
      codes[c].put(out, static_cast<int>((d >> kShift[c]) & 0xFFU));
    }
  }
}

// Pixels of indices below 2, 4 or 16 packed 8, 4 or 2 to a byte, the leftmost lowest.
std::vector<std::uint8_t> bundle(std::span<const std::uint8_t> pixels, int width, int height,
                                 int bundle_bits) {
  const int bits_per_pixel = 8 >> bundle_bits, mask = (1 << bundle_bits) - 1;
  const auto packed_width = static_cast<std::size_t>((width + mask) >> bundle_bits);
  std::vector<std::uint8_t> packed(packed_width * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* row =
        &pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width)];
    std::uint8_t* out = &packed[static_cast<std::size_t>(y) * packed_width];
    for (int x = 0; x < width; ++x) {
      out[x >> bundle_bits] |= static_cast<std::uint8_t>(row[x] << ((x & mask) * bits_per_pixel));
    }
  }
  return packed;
}

}  // namespace

std::vector<std::uint8_t> vp8l_bitstream(std::span<const std::uint32_t> colours,
                                         std::span<const std::uint8_t> pixels, int width,
                                         int height) {
  // VP8L's limits: 14 bits a side, 8 bits of colour-table size.
  if (colours.empty() || colours.size() > 256 || width < 1 || height < 1 || width > 16384 ||
      height > 16384 ||
      pixels.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
    throw Error(Error::Kind::Render,
                fmt::format("a lossless WebP image cannot be {}x{} pixels of {} colours "
                            "({} given)",
                            width, height, colours.size(), pixels.size()));
  }
  const int n = static_cast<int>(colours.size());
  // Few colours: pixels bundled 2, 4 or 8 to a symbol, fewer symbols to code.
  const int bundle_bits = n <= 2 ? 3 : n <= 4 ? 2 : n <= 16 ? 1 : 0;
  const int packed_width = (width + (1 << bundle_bits) - 1) >> bundle_bits;
  std::vector<std::uint8_t> bundled;
  std::span<const std::uint8_t> symbols = pixels;
  if (bundle_bits > 0) {
    bundled = bundle(pixels, width, height, bundle_bits);
    symbols = bundled;
  }
  const bool alpha = std::any_of(colours.begin(), colours.end(),
                                 [](std::uint32_t c) { return (c >> 24) != 0xFFU; });
  BitWriter out;
  out.put(0x2F, 8);
  out.put(static_cast<std::uint32_t>(width - 1), 14);
  out.put(static_cast<std::uint32_t>(height - 1), 14);
  out.put(alpha ? 1 : 0, 1);
  out.put(0, 3);  // version
  out.put(1, 1);  // a transform: colour indexing
  out.put(3, 2);
  out.put(static_cast<std::uint32_t>(n - 1), 8);
  put_colour_table(out, colours);
  out.put(0, 1);  // no more transforms

  const std::vector<Token> tokens = copies(symbols, packed_width);
  std::vector<std::uint32_t> green(kGreenAlphabet, 0), distance(kDistanceAlphabet, 0);
  for (const Token& t : tokens) {
    if (t.length == 0) {
      ++green[t.literal];
    } else {
      ++green[static_cast<std::size_t>(256 + prefix_of(t.length).symbol)];
      ++distance[static_cast<std::size_t>(prefix_of(static_cast<int>(t.code)).symbol)];
    }
  }
  out.put(0, 1);  // no colour cache
  out.put(0, 1);  // one set of prefix codes for the whole image
  const PrefixCode green_code = put_code(out, green);
  // Red, blue and alpha of a bundled index are all zero: one symbol each, no bits per pixel.
  for (int c = 0; c < 3; ++c) put_simple_code(out, {});
  const PrefixCode distances = put_code(out, distance);
  for (const Token& t : tokens) {
    if (t.length == 0) {
      green_code.put(out, t.literal);
      continue;
    }
    const Prefix len = prefix_of(t.length), dist = prefix_of(static_cast<int>(t.code));
    green_code.put(out, 256 + len.symbol);
    out.put(len.extra, len.extra_bits);
    distances.put(out, dist.symbol);
    out.put(dist.extra, dist.extra_bits);
  }
  return std::move(out).finish();
}

}  // namespace slidegif::detail
