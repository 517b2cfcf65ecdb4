// The two-bit stores: the explore's forward scan (FarParentStore::scan_words): it hands over
// exactly the layer (by the cells' parity) and which of its states a far move reached, closes it,
// claims only entries not reached before, reports each such claim once, and leaves every other
// entry's code as it was - checked against the codes written one by one; its two claims;
// slidegif-mpi's FrontierStore scan; a single claim of a two-bit store; and stores whose
// memory several threads backed start as unreached as those of one.
#include "solve/table/distance_stores.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

namespace slidegif::detail {
namespace {

constexpr int kUnseen = TwoBitEntries::kUnseen;

constexpr int kOpen = FarParentStore::kOpen;
constexpr int kFar = FarParentStore::kOpenFarParent;
constexpr std::size_t kCells = 7;  // a word's first entry is in every cell in turn
constexpr std::array<bool, kCells> kOdd = {false, true, true, false, true, false, false};

bool odd(std::uint64_t i) {
  return kOdd[i % kCells];
}

// A store whose entry i holds codes[i]: open ones given by claims, as a search does; expanded
// ones (0) closed by hand.
FarParentStore store_with(const std::vector<int>& codes) {
  FarParentStore store(codes.size());
  store.set_odd_cells(kOdd);
  for (std::uint64_t i = 0; i < codes.size(); ++i) {
    if (codes[i] == kOpen) store.claim_near(i, 0);
    if (codes[i] == kFar) store.claim(i, 0);
    if (codes[i] == 0) store.data()[i / 32] &= ~(std::uint64_t{3} << (2 * (i % 32)));
  }
  return store;
}

void check_scan(int d, std::uint64_t seed) {
  constexpr std::uint64_t kStates = 300;  // ten words, the last one partial
  std::mt19937_64 random(seed);
  // Layer d's states (open, either way reached), layer d + 1's so far, expanded ones of
  // either parity, and states not reached.
  std::vector<int> codes(kStates, kUnseen);
  for (std::uint64_t i = 0; i < kStates; ++i) {
    const bool in_d = odd(i) == (d % 2 == 1);
    const int pick = static_cast<int>(random() % 4);
    if (pick == 0) codes[i] = 0;
    if (pick == 1) codes[i] = in_d ? kOpen : kFar;
    if (pick == 2) codes[i] = in_d ? kFar : kOpen;
  }
  FarParentStore store = store_with(codes);
  for (std::uint64_t i = 0; i < kStates; ++i) ASSERT_EQ(store.value(i), codes[i]) << i;

  // Each word claims a random pick of its entries as near children (any code at all).
  std::vector<int> expected = codes;
  std::set<std::uint64_t> visited;
  std::set<std::uint64_t> fresh;
  std::uint64_t scanned = ~std::uint64_t{0};  // the word f was last called for
  store.scan_words(
      0, store.words(), d,
      [&](std::uint64_t w, std::uint64_t cell, std::uint64_t layer, std::uint64_t far_parent) {
        EXPECT_EQ(cell, w * 32 % kCells) << "word " << w;
        scanned = w;
        EXPECT_NE(layer, 0U) << "word " << w;
        EXPECT_EQ(far_parent & ~layer, 0U) << "word " << w;
        std::uint64_t near = 0;
        for (std::uint64_t j = 0; j < 32 && w * 32 + j < kStates; ++j) {
          const std::uint64_t i = w * 32 + j;
          const std::uint64_t bit = std::uint64_t{1} << (2 * j);
          if ((layer & bit) != 0) {
            EXPECT_TRUE(visited.insert(i).second) << i;
            EXPECT_EQ((far_parent & bit) != 0, codes[i] == kFar) << "state " << i;
          }
          if (random() % 3 != 0) continue;
          near |= bit;
          if (expected[i] == kUnseen) expected[i] = kOpen;
        }
        return near;
      },
      [&](std::uint64_t w, std::uint64_t bits) {
        EXPECT_EQ(w, scanned) << "fresh claims of a word not scanned just before";
        scanned = ~std::uint64_t{0};
        for (; bits != 0; bits &= bits - 1) {
          const std::uint64_t i = w * 32 + static_cast<std::uint64_t>(std::countr_zero(bits)) / 2;
          EXPECT_TRUE(fresh.insert(i).second) << i;
        }
      });

  for (std::uint64_t i = 0; i < kStates; ++i) {
    const bool in_layer = (codes[i] == kOpen || codes[i] == kFar) && odd(i) == (d % 2 == 1);
    EXPECT_EQ(visited.count(i) == 1, in_layer) << "state " << i << " (code " << codes[i] << ")";
    if (in_layer) expected[i] = 0;
    EXPECT_EQ(store.value(i), expected[i]) << "entry " << i << " was " << codes[i];
    const bool claimed = codes[i] == kUnseen && expected[i] != codes[i];
    EXPECT_EQ(fresh.count(i) == 1, claimed) << "entry " << i;
  }
}

TEST(FarParentStore, ScanClosesTheLayerAndClaimsOnlyUnreachedEntries) {
  for (int d = 1; d <= 4; ++d) {  // both parities of the layer
    for (std::uint64_t seed = 0; seed < 20; ++seed) check_scan(d, seed);
  }
}

// A far move's claim marks an open state or one not reached (and says which); a near move's
// takes only one not reached; neither touches an expanded state or another entry.
void check_far_parent_claims(std::uint64_t seed) {
  constexpr std::uint64_t kStates = 100;
  std::mt19937_64 random(seed);
  std::vector<int> codes(kStates, kUnseen);
  for (std::uint64_t i = 0; i < kStates; ++i)
    if (random() % 4 == 0) codes[i] = 0;
  FarParentStore store = store_with(codes);
  for (int n = 0; n < 300; ++n) {
    const std::uint64_t i = random() % kStates;
    const bool unseen = codes[i] == kUnseen;
    if (random() % 2 == 0) {
      EXPECT_EQ(store.claim(i, 1), unseen) << "entry " << i;
      if (codes[i] != 0) codes[i] = kFar;
    } else {
      EXPECT_EQ(store.claim_near(i, 1), unseen) << "entry " << i;
      if (unseen) codes[i] = kOpen;
    }
    for (std::uint64_t j = 0; j < kStates; ++j) ASSERT_EQ(store.value(j), codes[j]) << j;
  }
}

TEST(FarParentStore, AFarClaimMarksOpenStatesANearOneTakesOnlyUnreached) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) check_far_parent_claims(seed);
}

// slidegif-mpi's store: a scan hands over exactly layer d (its code) and closes it.
TEST(FrontierStore, ScanHandsOverAndClosesExactlyTheLayer) {
  constexpr std::uint64_t kStates = 200;
  for (int d = 1; d <= 2; ++d) {
    std::mt19937_64 random(static_cast<std::uint64_t>(d));
    FrontierStore store(kStates);
    std::vector<int> layer(kStates, -1);  // the layer a state is open in, if any
    for (std::uint64_t i = 0; i < kStates; ++i) {
      const int pick = static_cast<int>(random() % 3);  // layer d, d + 1, or not reached
      if (pick == 2) continue;
      layer[i] = d + pick;
      store.set(i, layer[i]);
    }
    std::set<std::uint64_t> visited;
    store.scan(0, store.words(), d, [&](std::uint64_t i) { visited.insert(i); });
    for (std::uint64_t i = 0; i < kStates; ++i) {
      EXPECT_EQ(visited.count(i) == 1, layer[i] == d) << i;
      const int want = layer[i] == d ? 0 : layer[i] < 0 ? kUnseen : 1 + layer[i] % 2;
      EXPECT_EQ(store.value(i), want) << i;
      EXPECT_EQ(store.at(i, d + 1), layer[i] == d + 1) << i;
    }
  }
}

// A claim (no branch: it writes the word whatever it finds) gives an entry the code only if
// it was not reached, says so, and leaves every other entry as it was.
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
    EXPECT_EQ(store.claim(i, d), unseen) << "entry " << i;
    if (unseen) codes[i] = d;
    for (std::uint64_t j = 0; j < kStates; ++j) ASSERT_EQ(store.value(j), codes[j]) << j;
  }
}

TEST(TwoBitEntries, AClaimTakesOnlyAnUnreachedEntryAndSaysSo) {
  for (std::uint64_t seed = 0; seed < 10; ++seed) check_claims(seed);
}

// Several threads back the memory a few 2 MB pages each (huge_pages.hpp), then it is filled.
TEST(TwoBitEntries, StoresBackedByThreadsStartUnreached) {
  for (int threads : {1, 2, 3}) {
    // 10 MB of two-bit entries: at least four whole 2 MB pages, so three threads each back
    // some; and a tail.
    const std::uint64_t states = 40'000'011;
    Mod3Store two_bits(states, threads);
    const auto& words = two_bits.data();
    ASSERT_EQ(words.size(), (states + 31) / 32) << threads;
    const auto word = std::find_if(words.begin(), words.end(), [](auto w) { return w != ~0ULL; });
    EXPECT_EQ(word - words.begin(), words.end() - words.begin()) << "a word not unreached";
    ByteStore bytes(states, threads);
    const auto& entries = bytes.data();
    ASSERT_EQ(entries.size(), (states + 7) / 8 * 8) << threads;
    const auto entry =
        std::find_if(entries.begin(), entries.end(), [](auto e) { return e != 255; });
    EXPECT_EQ(entry - entries.begin(), entries.end() - entries.begin()) << "an entry not unreached";
  }
}

}  // namespace
}  // namespace slidegif::detail
