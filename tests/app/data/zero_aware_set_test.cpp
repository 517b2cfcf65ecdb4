// The zero-aware set (kZeroAwareSet) through the store and the binary: built only when asked,
// its file sized as the cost says, preferred over the large set when present, and answering
// with the same optimal lengths as the large set from fewer nodes.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/data/pdb_cost.hpp"
#include "app/data/pdb_store.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "solve/board/random.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/search/ida_star.hpp"

namespace slidegif {
namespace {

TEST(ZeroAwareSet, CostIsAnEntryPerBlankCell) {
  const auto cost = app::pdb_build_cost(Board::standard_goal({4, 4}), detail::kZeroAwareSet);
  // 16!/8! placements with 8 free cells, 16!/9! with 9, a bit each.
  EXPECT_EQ(cost.file_bytes, 518'918'400ULL * 8 / 8 + 57'657'600ULL * 9 / 8);
  // Measured: 3.05 GB peak building it (docs/BENCHMARKS.md).
  EXPECT_NEAR(static_cast<double>(cost.memory_bytes), 3.12e9, 0.1 * 3.12e9);
  EXPECT_TRUE(cost.is_long());
  // 5x5: four 6-tile tables of 25!/19! placements with 19 free cells. Measured: 1.21 GB, 546
  // CPU-seconds and 3.68 GB peak building it.
  const auto five = app::pdb_build_cost(Board::standard_goal({5, 5}), detail::kZeroAwareSet);
  EXPECT_EQ(five.file_bytes, 4 * (127'512'000ULL * 19 / 8));
  EXPECT_NEAR(static_cast<double>(five.memory_bytes), 3.68e9, 0.1 * 3.68e9);
  EXPECT_NEAR(five.cpu_seconds, 546, 0.2 * 546);
}

TEST(ZeroAwareSet, PreferredAndOptimalWithFewerNodes) {
  testing::TempDir dir;
  const Board goal = Board::standard_goal({3, 4});
  auto r = testing::run_slidegif(
      {"pdb", "build", "--set", "zero-aware", "--size", "3x4", "--dir", dir.path()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3x4-zero-aware.pdb"), std::string::npos) << r.out;
  // Nothing else was built: "all" leaves the zero-aware set out, and it in turn the others.
  EXPECT_EQ(dir.entries().size(), 2u);
  r = testing::run_slidegif({"pdb", "status", "--size", "3x4", "--dir", dir.path()});
  EXPECT_NE(r.out.find("zero-aware ok"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("large      missing"), std::string::npos) << r.out;

  const auto zero = app::load_best_pdb(goal, dir.path(), false);
  ASSERT_TRUE(zero && zero->heuristic);
  EXPECT_EQ(zero->set, "zero-aware");
  EXPECT_TRUE(zero->heuristic->zero_aware());
  testing::TempDir large_dir;
  const auto large = app::load_best_pdb(goal, large_dir.path(), true);
  ASSERT_TRUE(large && large->heuristic);
  EXPECT_EQ(large->set, "large");
  std::uint64_t zero_nodes = 0;
  std::uint64_t large_nodes = 0;
  detail::Random rng(1);
  for (int i = 0; i < 12; ++i) {
    const Board start = detail::random_solvable_board(goal, rng);
    detail::IdaStar a(goal, *zero->heuristic, {});
    detail::IdaStar b(goal, *large->heuristic, {});
    const auto with_zero = a.run(start);
    const auto with_large = b.run(start);
    ASSERT_TRUE(with_zero && with_large);
    ASSERT_EQ(with_zero->size(), with_large->size()) << "board " << i;
    Board end = start;
    end.apply_all(*with_zero);
    ASSERT_EQ(end, goal);
    zero_nodes += a.stats().nodes;
    large_nodes += b.stats().nodes;
  }
  EXPECT_LT(zero_nodes, large_nodes);

  // The binary uses it and says so.
  r = testing::run_slidegif(
      {"random", "--size", "3x4", "--seed", "5", "--pdb-dir", dir.path(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"optimal\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("zero-aware pattern databases"), std::string::npos) << r.out;
}

TEST(ZeroAwareSet, RefusedWhereItDoesNotServe) {
  testing::TempDir dir;
  const auto r = testing::run_slidegif(
      {"pdb", "build", "--set", "zero-aware", "--size", "3x3", "--dir", dir.path()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("pattern databases are for boards of 12 to 16 cells and 5x5; 3x3 has 9"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_TRUE(dir.entries().empty());
}

// 5x5 has a zero-aware set too (built in minutes, so not here): status lists it, and its
// partition is the large set's.
TEST(ZeroAwareSet, ServesFiveByFive) {
  testing::TempDir dir;
  const auto r = testing::run_slidegif({"pdb", "status", "--size", "5x5", "--dir", dir.path()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("zero-aware missing"), std::string::npos) << r.out;
  const Board goal = Board::standard_goal({5, 5});
  EXPECT_EQ(detail::preset_partition(detail::kZeroAwareSet, goal),
            detail::preset_partition("large", goal));
}

}  // namespace
}  // namespace slidegif
