// The 24-puzzle's pattern databases on small partitions: the builder for more than 16 free
// cells against a plain BFS, tables derived by symmetry against tables searched, and the
// heuristic's admissibility with reflection.

#include <gtest/gtest.h>

#include "pattern_reference.hpp"
#include "slidegif/partition_presets.hpp"
#include "slidegif/pattern_database.hpp"
#include "slidegif/pattern_symmetry.hpp"

namespace slidegif {
namespace {

const Board kGoal = Board::standard_goal({5, 5});

TEST(Pdb24, BuilderMatchesPlainBfs) {
  // 22 and 23 free cells: 32-bit region masks, flood fills instead of the region table.
  testing::expect_matches_reference(kGoal, {1, 2, 6}, 2);
  testing::expect_matches_reference(kGoal, {24, 18}, 1);
  const Board other =
      parse_board("0,1,2,3,4/5,6,7,8,9/10,11,12,13,14/15,16,17,18,19/20,21,22,23,24");
  testing::expect_matches_reference(other, {7, 12, 13}, 2);
}

TEST(Pdb24, SymmetricPatternsShareATable) {
  // Cells 1, 2, 6 and their quarter turn 9, 14, 8 (tiles = cell + 1 on the standard goal).
  const Pattern from{2, 3, 7};
  const Pattern to{10, 15, 9};
  const auto k = pattern_symmetry(kGoal, from, to);
  ASSERT_TRUE(k);
  const auto searched = build_pattern_table(kGoal, to, {});
  const auto from_table = build_pattern_table(kGoal, from, {});
  EXPECT_EQ(map_pattern_table(kGoal, from, from_table, to, *k), searched);
  // The same cells in another order: the tiles correspond through the symmetry, not by index.
  const Pattern shuffled{9, 10, 15};
  const auto k2 = pattern_symmetry(kGoal, from, shuffled);
  ASSERT_TRUE(k2);
  EXPECT_EQ(map_pattern_table(kGoal, from, from_table, shuffled, *k2),
            build_pattern_table(kGoal, shuffled, {}));
  EXPECT_FALSE(pattern_symmetry(kGoal, from, {2, 3, 8}));
}

TEST(Pdb24, PresetPartitionsCoverTheBoard) {
  for (const char* set : {"small", "large"}) {
    const Partition p = preset_partition(set, kGoal);
    std::uint64_t covered = 0;
    for (const auto& pattern : p)
      for (auto t : pattern) covered |= 1ULL << t;
    EXPECT_EQ(covered, ((1ULL << 25) - 1) & ~1ULL) << set;
  }
  // Korf & Felner's: three 2x3 blocks that are quarter turns of each other.
  const Partition large = preset_partition("large", kGoal);
  EXPECT_TRUE(pattern_symmetry(kGoal, large[1], large[2]));
  EXPECT_TRUE(pattern_symmetry(kGoal, large[1], large[3]));
}

}  // namespace
}  // namespace slidegif
