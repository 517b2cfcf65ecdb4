// The histogram-only store's forward scan that claims neighbours in the same word
// (FrontierStore::scan_claiming), one and two threads' variants: it visits exactly the layer,
// closes it, claims only entries not reached before, reports each such claim once, and leaves
// every other entry's code as it was - checked against the codes written one by one.
#include "solve/table/distance_stores.hpp"

#include <gtest/gtest.h>

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
      [&](std::uint64_t i) { EXPECT_TRUE(fresh.insert(i).second) << i; });

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

}  // namespace
}  // namespace slidegif::detail
