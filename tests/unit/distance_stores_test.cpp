// The histogram-only store's forward scan that claims neighbours in the same word
// (FrontierStore::scan_claiming), one and two threads' variants: it visits exactly the layer,
// closes it, claims only entries not reached before, reports each such claim once, and leaves
// every other entry's code as it was - checked against the codes written one by one; and a
// single claim of a two-bit store does the same.
#include "solve/table/distance_stores.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

namespace slidegif::detail {
namespace {

constexpr int kUnseen = TwoBitEntries::kUnseen;

// The code FrontierStore gives a state open at `distance`.
int open_code(int distance) {
  return 1 + distance % 2;
}

template <bool kShared>
void check_scan(int d, std::uint64_t seed) {
  constexpr std::uint64_t kStates = 200;  // seven words, the last one partial
  std::mt19937_64 random(seed);
  FrontierStore store(kStates);
  std::vector<int> codes(kStates, kUnseen);
  for (std::uint64_t i = 0; i < kStates; ++i) {
    // Expanded (0), open at d, open at d + 1, or not reached (layer d - 1 long closed).
    const int pick = static_cast<int>(random() % 4);
    codes[i] = pick == 0 ? 0 : pick == 1 ? open_code(d) : pick == 2 ? open_code(d + 1) : kUnseen;
    if (codes[i] == 0) store.set(i, d - 1);
  }
  // Layer d - 1 expanded: its scan closes it (d + 1's code is its, so d + 1 comes after).
  store.scan(0, store.words(), d - 1, [](std::uint64_t) {});
  for (std::uint64_t i = 0; i < kStates; ++i) {
    if (codes[i] == open_code(d)) store.set(i, d);
    if (codes[i] == open_code(d + 1)) store.set(i, d + 1);
  }
  for (std::uint64_t i = 0; i < kStates; ++i) ASSERT_EQ(store.value(i), codes[i]) << i;

  // Each visited state claims a random pick of its word's entries (any code at all).
  std::vector<int> expected = codes;
  std::set<std::uint64_t> visited;
  std::set<std::uint64_t> fresh;
  store.template scan_claiming<kShared>(
      0, store.words(), d,
      [&](std::uint64_t s) {
        EXPECT_TRUE(visited.insert(s).second) << s;
        std::uint64_t near = 0;
        const std::uint64_t first = s / FrontierStore::kPerWord * FrontierStore::kPerWord;
        for (std::uint64_t i = first; i < first + FrontierStore::kPerWord && i < kStates; ++i) {
          if (random() % 3 != 0) continue;
          near |= std::uint64_t{1} << (2 * (i - first));
          if (expected[i] == kUnseen) expected[i] = open_code(d + 1);
        }
        return near;
      },
      [&](std::uint64_t w, std::uint64_t bits) {
        EXPECT_NE(bits, 0U) << "word " << w;
        for (; bits != 0; bits &= bits - 1) {
          const std::uint64_t i =
              w * FrontierStore::kPerWord + static_cast<std::uint64_t>(std::countr_zero(bits)) / 2;
          EXPECT_TRUE(fresh.insert(i).second) << i;
        }
      });

  for (std::uint64_t i = 0; i < kStates; ++i) {
    if (codes[i] == open_code(d)) {
      EXPECT_TRUE(visited.count(i)) << "layer state " << i << " not visited";
      expected[i] = 0;
    } else {
      EXPECT_FALSE(visited.count(i)) << "state " << i << " (code " << codes[i] << ") visited";
    }
    EXPECT_EQ(store.value(i), expected[i]) << "entry " << i << " was " << codes[i];
    const bool claimed = codes[i] == kUnseen && expected[i] != kUnseen;
    EXPECT_EQ(fresh.count(i) == 1, claimed) << "entry " << i;
  }
}

TEST(FrontierStore, ScanClaimingClosesTheLayerAndClaimsOnlyUnreachedEntries) {
  for (int d = 1; d <= 4; ++d) {  // both parities of the layer
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      check_scan<false>(d, seed);
      check_scan<true>(d, seed);
    }
  }
}

// A claim, one thread's (no branch: it writes the word whatever it finds) and two threads'
// (an atomic operation): it gives an entry the code only if it was not reached, says so, and
// leaves every other entry as it was.
template <bool kShared>
void check_claims(std::uint64_t seed) {
  constexpr std::uint64_t kStates = 100;
  std::mt19937_64 random(seed);
  Mod3Store store(kStates);
  std::vector<int> codes(kStates, kUnseen);
  for (std::uint64_t i = 0; i < kStates; ++i) {
    if (random() % 2 == 0) continue;
    codes[i] = static_cast<int>(random() % 3);
    store.set(i, codes[i]);
  }
  for (int n = 0; n < 300; ++n) {
    const std::uint64_t i = random() % kStates;
    const int d = static_cast<int>(random() % 3);
    const bool unseen = codes[i] == kUnseen;
    EXPECT_EQ(store.template claim<kShared>(i, d), unseen) << "entry " << i;
    if (unseen) codes[i] = d;
    for (std::uint64_t j = 0; j < kStates; ++j) ASSERT_EQ(store.value(j), codes[j]) << j;
  }
}

TEST(TwoBitEntries, AClaimTakesOnlyAnUnreachedEntryAndSaysSo) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    check_claims<false>(seed);
    check_claims<true>(seed);
  }
}

}  // namespace
}  // namespace slidegif::detail
