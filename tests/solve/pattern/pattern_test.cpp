// Patterns: placement ranking, the 4-bit entries, pattern checks and the named partitions.
#include "solve/pattern/pattern.hpp"

#include <gtest/gtest.h>

#include <set>

#include "solve/pattern/partition_presets.hpp"

namespace slidegif::detail {
namespace {

// Calls f(cells) for every placement of k tiles on n cells.
template <class F>
void for_each_placement(int n, int k, F f) {
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(k), 0);
  for (;;) {
    std::uint64_t used = 0;
    bool distinct = true;
    for (auto c : cells) distinct = distinct && !((used >> c) & 1), used |= 1ULL << c;
    if (distinct) f(cells.data());
    int i = 0;
    while (i < k && ++cells[static_cast<std::size_t>(i)] == n)
      cells[static_cast<std::size_t>(i++)] = 0;
    if (i == k) return;
  }
}

TEST(Pattern, RankingIsABijectionOntoTheEntries) {
  for (const auto& [cells_n, tiles_k] :
       {std::pair{4, 3}, std::pair{9, 3}, std::pair{16, 2}, std::pair{6, 6}}) {
    const int n = cells_n, k = tiles_k;  // a lambda cannot capture a binding in clang 14
    std::set<std::uint64_t> ranks;
    for_each_placement(n, k, [&](const std::uint8_t* cells) {
      const std::uint64_t r = rank_placement(cells, k, n);
      EXPECT_LT(r, pattern_entries(n, k));
      ranks.insert(r);
    });
    EXPECT_EQ(ranks.size(), pattern_entries(n, k)) << n << " cells, " << k << " tiles";
  }
  EXPECT_EQ(pattern_entries(16, 6), 5765760u);  // 16! / 10!
  EXPECT_EQ(pattern_entries(16, 8), 518918400u);
}

TEST(Pattern, FourBitEntries) {
  EXPECT_EQ(packed_bytes(5), 3u);
  EXPECT_EQ(packed_bytes(6), 3u);
  const std::uint8_t packed[] = {0x21, 0xF3};
  EXPECT_EQ(packed_entry(packed, 0), 1);  // low nibble first
  EXPECT_EQ(packed_entry(packed, 1), 2);
  EXPECT_EQ(packed_entry(packed, 2), 3);
  EXPECT_EQ(packed_entry(packed, 3), 15);
}

TEST(Pattern, CheckRefusesBadPatterns) {
  const Board goal = Board::standard_goal({3, 3});
  EXPECT_NO_THROW(check_pattern(goal, {1, 8}));
  EXPECT_THROW(check_pattern(goal, {}), Error);
  EXPECT_THROW(check_pattern(goal, {0, 1}), Error);  // the blank
  EXPECT_THROW(check_pattern(goal, {9}), Error);     // no such tile
  EXPECT_THROW(check_pattern(goal, {2, 2}), Error);
  const Board big = Board::standard_goal({4, 4});
  EXPECT_THROW(check_pattern(big, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}), Error);  // over 9 tiles
}

TEST(PartitionPresets, CoverEveryTileOnceForAnyGoal) {
  std::vector<std::uint8_t> blank_first(16);
  for (std::size_t i = 0; i < 16; ++i) blank_first[i] = static_cast<std::uint8_t>(i);
  for (const Board& goal : {Board::standard_goal({4, 4}), Board({4, 4}, blank_first)}) {
    for (const char* set : {"small", "large"}) {
      const Partition part = preset_partition(set, goal);
      std::multiset<int> tiles;
      std::vector<std::size_t> sizes;
      for (const auto& p : part) {
        sizes.push_back(p.size());
        tiles.insert(p.begin(), p.end());
        EXPECT_NO_THROW(check_pattern(goal, p));
      }
      EXPECT_EQ(sizes, (std::string(set) == "small" ? std::vector<std::size_t>{6, 6, 3}
                                                    : std::vector<std::size_t>{8, 7}));
      std::multiset<int> all;
      for (int t = 1; t < 16; ++t) all.insert(t);
      EXPECT_EQ(tiles, all) << set;
    }
  }
  EXPECT_THROW(preset_partition("medium", Board::standard_goal({4, 4})), Error);
  EXPECT_THROW(preset_partition("small", Board::standard_goal({3, 3})), Error);
}

}  // namespace
}  // namespace slidegif::detail
