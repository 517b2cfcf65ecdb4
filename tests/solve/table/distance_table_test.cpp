// Distance tables: descent gives optimal solutions (the same moves as IDA*, whose first
// optimal path in Move order is also the descent's), for every goal through framing; draws
// land exactly N moves away and cover the layer.
#include "solve/table/distance_table.hpp"

#include <gtest/gtest.h>

#include <set>

#include "bfs_reference.hpp"
#include "slidegif/error.hpp"
#include "solve/board/random.hpp"
#include "solve/solver.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::detail {
namespace {

// The 3x3 standard goal's tables, built once for the whole test program.
const DistanceTable& standard_table(DistanceStorage storage) {
  const Board standard = Board::standard_goal({3, 3});
  static const DistanceTable exact = DistanceTable::build(standard, DistanceStorage::Exact);
  static const DistanceTable mod3 = DistanceTable::build(standard, DistanceStorage::Mod3);
  return storage == DistanceStorage::Exact ? exact : mod3;
}

TEST(DistanceTable, DescentMatchesIdaStarMoveForMove) {
  const Board standard = Board::standard_goal({3, 3});
  Random rng(11);
  for (auto storage : {DistanceStorage::Exact, DistanceStorage::Mod3}) {
    const DistanceTable& table = standard_table(storage);
    for (int i = 0; i < 150; ++i) {
      // Every third goal random, so framings (symmetries, relabelling) are exercised.
      const Board goal = i % 3 == 0 ? random_board({3, 3}, rng) : standard;
      const Board start = random_solvable_board(goal, rng);
      const Solution ida = solve(start, goal);
      const auto by_table = solve_by_table(start, goal, table);
      if (!by_table) {
        // Only goals with the blank in a corner frame onto the standard goal.
        EXPECT_TRUE(goal.blank() % 2 == 1 || goal.blank() == 4) << format_board(goal);
        continue;
      }
      EXPECT_EQ(moves_to_string(by_table->moves), moves_to_string(ida.moves))
          << format_board(start) << " -> " << format_board(goal);
      EXPECT_TRUE(by_table->optimal);
    }
  }
}

TEST(DistanceTable, DistancesAgreeWithTheReference) {
  const Board goal = parse_board("1234/5670");
  const auto reference = testing::bfs_distances(goal);
  const DistanceTable exact = DistanceTable::build(goal, DistanceStorage::Exact);
  const DistanceTable mod3 = DistanceTable::build(goal, DistanceStorage::Mod3);
  for (std::uint64_t i = 0; i < exact.index().size(); i += 7) {
    const Board b = exact.index().board(i);
    const int d = reference.at(testing::pack(b));
    ASSERT_EQ(exact.distance(b), d);
    ASSERT_EQ(mod3.distance(b), d);
    Board replay = b;
    replay.apply_all(mod3.descend(b));
    ASSERT_EQ(replay, goal);
  }
}

TEST(DistanceTable, DrawsAreExactlyNMovesAndCoverTheLayer) {
  const Board goal = parse_board("123804765");  // blank in the centre: a framed table
  const Board base = parse_board("123405678");
  for (auto storage : {DistanceStorage::Exact, DistanceStorage::Mod3}) {
    const DistanceTable table = DistanceTable::build(base, storage);
    Random rng(5);
    std::set<std::string> seen;
    // Rejection on the mod-3 table is slow for so rare a layer: fewer draws there.
    const int draws = table.exact() ? 2000 : 100;
    for (int i = 0; i < draws; ++i) {
      const Board start = pick_at_distance(goal, 30, table, rng);
      if (i < 20) {
        ASSERT_EQ(solve(start, goal).moves.size(), 30u);
      }
      ASSERT_EQ(table.distance(GoalFraming(goal, base).map_board(start)), 30);
      seen.insert(format_board(start));
    }
    // All 148 antipodes of 123804765 (A089474); missing one by chance: below 1 in 4,000.
    if (table.exact()) {
      EXPECT_EQ(seen.size(), 148u);
    }
    EXPECT_EQ(format_board(pick_at_distance(goal, 0, table, rng)), "123804765");
    EXPECT_EQ(solve(pick_at_distance(goal, 17, table, rng), goal).moves.size(), 17u);
    EXPECT_THROW(pick_at_distance(goal, 31, table, rng), Error);
    EXPECT_THROW(pick_at_distance(goal, -3, table, rng), Error);
  }
}

TEST(DistanceTable, HardestDrawIsAnAntipode) {
  const Board goal = Board::standard_goal({3, 3});
  const DistanceTable& table = standard_table(DistanceStorage::Exact);
  Random rng(1);
  const Board start = pick_at_distance(goal, kHardestMoves, table, rng);
  EXPECT_EQ(table.distance(start), 31);
}

}  // namespace
}  // namespace slidegif::detail
