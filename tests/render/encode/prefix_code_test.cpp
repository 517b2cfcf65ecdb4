// PrefixCode: Huffman code lengths within a limit, and canonical codes that are a complete
// prefix code (each is checked by decoding every symbol back, bit by bit).
#include "render/encode/prefix_code.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace slidegif::detail {
namespace {

// The sum of 2^-length over the used symbols, in units of 2^-15: 32768 for a complete code.
long kraft(const PrefixCode& code) {
  long sum = 0;
  for (const std::uint8_t l : code.lengths()) sum += l > 0 ? 1L << (15 - l) : 0;
  return sum;
}

// Each symbol's code, as the bits a reader takes first to last.
std::map<int, std::string> codes_of(const PrefixCode& code) {
  std::map<int, std::string> out;
  for (std::size_t s = 0; s < code.lengths().size(); ++s) {
    if (code.lengths()[s] == 0) continue;
    BitWriter w;
    code.put(w, static_cast<int>(s));
    w.put(1, 1);  // a marker after the code, to tell its length from the padding
    const std::vector<std::uint8_t> bytes = std::move(w).finish();
    std::string bits;
    for (const std::uint8_t b : bytes) {
      for (int i = 0; i < 8; ++i) bits += ((b >> i) & 1) ? '1' : '0';
    }
    out[static_cast<int>(s)] = bits.substr(0, code.lengths()[s]);
  }
  return out;
}

TEST(PrefixCode, IsTheHuffmanCodeOfSmallCounts) {
  const std::vector<std::uint32_t> counts = {1, 0, 1, 2, 4};
  const PrefixCode code(counts, 15);
  EXPECT_EQ(std::vector<std::uint8_t>(code.lengths().begin(), code.lengths().end()),
            (std::vector<std::uint8_t>{3, 0, 3, 2, 1}));
  EXPECT_EQ(code.used(), 4);
  EXPECT_EQ(kraft(code), 32768);
}

// Canonical: shorter codes first, equal lengths by symbol, and no code a prefix of another.
TEST(PrefixCode, CodesAreCanonicalAndPrefixFree) {
  const std::vector<std::uint32_t> counts = {5, 9, 12, 13, 16, 45, 0, 1};
  const PrefixCode code(counts, 15);
  const auto codes = codes_of(code);
  for (const auto& [a, ca] : codes) {
    for (const auto& [b, cb] : codes) {
      if (a == b) continue;
      EXPECT_NE(cb.rfind(ca, 0), 0U) << ca << " is a prefix of " << cb;
      if (ca.size() == cb.size() && a < b) {
        EXPECT_LT(ca, cb);
      }
    }
  }
  EXPECT_EQ(codes.at(5), "0");  // the most frequent symbol, alone at length 1
}

// Counts growing like Fibonacci numbers make a Huffman tree as deep as there are symbols less
// one (29 and 18 here); limited to 15 (WebP's codes) and 7 (its code-length codes), it is
// still complete.
TEST(PrefixCode, StaysWithinTheLengthLimit) {
  std::vector<std::uint32_t> counts = {1, 1};
  while (counts.size() < 30)
    counts.push_back(counts[counts.size() - 1] + counts[counts.size() - 2]);
  for (const int limit : {15, 7}) {
    std::vector<std::uint32_t> some(counts.begin(), counts.begin() + (limit == 7 ? 19 : 30));
    const PrefixCode code(some, limit);
    for (const std::uint8_t l : code.lengths()) EXPECT_LE(l, limit);
    EXPECT_EQ(kraft(code), 32768) << "limit " << limit;
  }
}

// One symbol gets length 1 and is sent in no bits; none gets no lengths at all.
TEST(PrefixCode, ALoneSymbolCostsNoBits) {
  std::vector<std::uint32_t> counts(280, 0);
  counts[270] = 9;
  const PrefixCode code(counts, 15);
  EXPECT_EQ(code.used(), 1);
  EXPECT_EQ(code.lengths()[270], 1);
  BitWriter w;
  code.put(w, 270);
  EXPECT_TRUE(std::move(w).finish().empty());
  const PrefixCode none(std::vector<std::uint32_t>(40, 0), 15);
  EXPECT_EQ(none.used(), 0);
  EXPECT_EQ(kraft(none), 0);
}

}  // namespace
}  // namespace slidegif::detail
