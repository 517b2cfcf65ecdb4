// Multi-tile pattern databases (solve/pattern/multi_tile_pdb.hpp) against a breadth-first
// search over Board alone (tests/support/line_move_reference.hpp): a whole-board pattern's
// table is every state's exact distance in line moves, smaller ones never overestimate it, and
// IDA* with them finds answers as short as with the walking distance, in fewer nodes.

#include "solve/pattern/multi_tile_pdb.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <string>

#include "line_move_reference.hpp"
#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/heuristic/walking_distance.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/search/ida_star.hpp"
#include "solve/solver.hpp"

namespace slidegif::detail {
namespace {

using testing::board_key;
using testing::line_move_distances;

Board board_of(Shape shape, const std::string& tiles) {
  return Board(shape, std::vector<std::uint8_t>(tiles.begin(), tiles.end()));
}

// The entry of `table` (pattern `pattern`) for a board.
int entry(const std::vector<std::uint8_t>& table, const Pattern& pattern, const Board& b) {
  std::array<std::uint8_t, kMaxPatternTiles> cells{};
  cells[0] = static_cast<std::uint8_t>(b.blank());
  for (std::size_t i = 0; i < pattern.size(); ++i)
    for (int c = 0; c < b.cells(); ++c)
      if (b.at(c) == pattern[i]) cells[i + 1] = static_cast<std::uint8_t>(c);
  return table[rank_placement(cells.data(), static_cast<int>(pattern.size()) + 1, b.cells())];
}

PdbBuildOptions on_threads(int threads) {
  PdbBuildOptions o;
  o.threads = threads;
  return o;
}

SearchLimits limits(int threads) {
  SearchLimits l;
  l.max_seconds = 60;
  l.threads = threads;
  return l;
}

std::vector<std::vector<std::uint8_t>> build_all(const Board& goal, const Partition& part) {
  std::vector<std::vector<std::uint8_t>> tables;
  for (const Pattern& p : part) tables.push_back(build_multi_tile_table(goal, p, on_threads(2)));
  return tables;
}

std::vector<std::span<const std::uint8_t>> views(const std::vector<std::vector<std::uint8_t>>& t) {
  return {t.begin(), t.end()};
}

TEST(MultiTileTable, AWholeBoardPatternHoldsEveryExactDistance) {
  const Board goal = Board::standard_goal({3, 3});
  const Pattern all{1, 2, 3, 4, 5, 6, 7, 8};
  PdbBuildStats stats;
  const auto table = build_multi_tile_table(goal, all, on_threads(2), &stats);
  ASSERT_EQ(table.size(), 362'880U);  // 9!: both parities, the other one never reached
  EXPECT_EQ(stats.max_value, 24);     // the 8-puzzle's God's number in line moves
  const auto dist = line_move_distances(goal);
  ASSERT_EQ(dist.size(), 181'440U);
  for (const auto& [tiles, d] : dist) ASSERT_EQ(entry(table, all, board_of({3, 3}, tiles)), d);
  EXPECT_EQ(std::count(table.begin(), table.end(), 0xFF), 181'440);
}

TEST(MultiTileTable, SmallerPatternsNeverOverestimate) {
  const Board goal = Board::standard_goal({2, 4});
  const Pattern pattern{1, 2, 5};
  const auto table = build_multi_tile_table(goal, pattern, on_threads(1));
  const auto dist = line_move_distances(goal);
  int exact = 0;  // states whose entry is their whole distance
  for (const auto& [tiles, d] : dist) {
    const int e = entry(table, pattern, board_of({2, 4}, tiles));
    ASSERT_LE(e, d);
    exact += e == d ? 1 : 0;
  }
  EXPECT_GT(exact, 0);
  EXPECT_THROW(build_multi_tile_table(goal, {1, 1}, {}), Error);
  EXPECT_THROW(build_multi_tile_table(goal, {0, 1}, {}), Error);
}

TEST(MultiTilePdb, TheReflectionRaisesTheBoundWithoutOverestimating) {
  const Board goal = Board::standard_goal({3, 3});
  const Partition part{{1, 2, 3}, {4, 5, 6}, {7, 8}};
  const auto tables = build_all(goal, part);
  const MultiTilePdb plain(goal, part, views(tables), false);
  const MultiTilePdb reflected(goal, part, views(tables), true);
  ASSERT_FALSE(plain.reflects());
  ASSERT_TRUE(reflected.reflects());
  int raised = 0;
  for (const auto& [tiles, d] : line_move_distances(goal)) {
    const auto* t = reinterpret_cast<const std::uint8_t*>(tiles.data());
    const int a = estimate_once(plain, t);
    const int b = estimate_once(reflected, t);
    ASSERT_LE(b, d);
    ASSERT_GE(b, a);
    raised += b > a ? 1 : 0;
  }
  EXPECT_GT(raised, 1000);
}

TEST(MultiTilePdb, UpdatesAgreeWithEstimatesAlongAWalk) {
  const Board goal = Board::standard_goal({3, 4});
  const Partition part = preset_partition("mtm", goal);
  const auto tables = build_all(goal, part);
  const MultiTilePdb h(goal, part, views(tables));
  const Domain domain(goal.shape());
  Position here(goal);
  MultiTilePdb::State state{};
  h.estimate(here.tiles.data(), state);
  std::mt19937 rng(5);
  for (int i = 0; i < 500; ++i) {
    const auto ops = domain.operators(here.blank);
    const Slide slide = here.apply(ops[rng() % ops.size()]);
    MultiTilePdb::State child{};
    const int updated = h.update(here.tiles.data(), slide, state, child);
    ASSERT_EQ(updated, estimate_once(h, here.tiles.data()));
    state = child;
  }
}

TEST(MultiTilePdb, TablesOfTheWrongSizeAreRefused) {
  const Board goal = Board::standard_goal({3, 3});
  const std::vector<std::uint8_t> small(100);
  EXPECT_THROW(MultiTilePdb(goal, {{1, 2}}, {small}), Error);
  EXPECT_THROW(MultiTilePdb(goal, {{1, 2}, {2, 3}}, {small, small}), Error);
  EXPECT_THROW(preset_partition("mtm", Board::standard_goal({5, 5})), Error);
}

// Random 3x4 boards: IDA* with the "mtm" set finds answers as long as with the walking
// distance (multi_tile_test.cpp checks that one against a breadth-first search), in fewer
// nodes, on one thread and two; towards another goal through a board symmetry too.
TEST(MultiTilePdb, SearchFindsTheWalkingDistancesLengthsInFewerNodes) {
  const Board goal = Board::standard_goal({3, 4});
  const Partition part = preset_partition("mtm", goal);
  const auto tables = build_all(goal, part);
  const MultiTilePdb pdb(goal, part, views(tables));
  const WalkingDistance wd(goal);
  std::mt19937 rng(11);
  std::uint64_t pdb_nodes = 0;
  std::uint64_t wd_nodes = 0;
  for (int i = 0; i < 8; ++i) {
    std::vector<std::uint8_t> tiles(12);
    std::iota(tiles.begin(), tiles.end(), 0);
    do std::shuffle(tiles.begin(), tiles.end(), rng);
    while (!check_solvable(Board({3, 4}, tiles), goal).solvable);
    const Board start({3, 4}, tiles);
    IdaStar<WalkingDistance, Metric::MultiTile> by_wd(goal, wd, limits(1));
    const auto expected = by_wd.run(start);
    ASSERT_TRUE(expected);
    wd_nodes += by_wd.stats().nodes;
    for (const int threads : {1, 2}) {
      IdaStar<MultiTilePdb, Metric::MultiTile> by_pdb(goal, pdb, limits(threads));
      const auto moves = by_pdb.run(start);
      ASSERT_TRUE(moves);
      EXPECT_EQ(count_moves(*moves, Metric::MultiTile), count_moves(*expected, Metric::MultiTile));
      Board b = start;
      for (const Move m : *moves) b.apply(m);
      EXPECT_EQ(b, goal);
      if (threads == 1) pdb_nodes += by_pdb.stats().nodes;
    }
    // The goal turned by 180 degrees (blank in the first corner), through solve_by_search.
    std::vector<std::uint8_t> turned(goal.tiles().rbegin(), goal.tiles().rend());
    const Board other({3, 4}, turned);
    if (!check_solvable(start, other).solvable) continue;
    const Solution s = solve_by_search(
        start, other, {.max_seconds = 60, .metric = Metric::MultiTile}, {}, nullptr, &pdb);
    const Solution w =
        solve_by_search(start, other, {.max_seconds = 60, .metric = Metric::MultiTile});
    EXPECT_TRUE(s.optimal);
    EXPECT_NE(s.method.find("pattern database"), std::string::npos) << s.method;
    EXPECT_EQ(count_moves(s.moves, Metric::MultiTile), count_moves(w.moves, Metric::MultiTile));
    Board b = start;
    for (const Move m : s.moves) b.apply(m);
    EXPECT_EQ(b, other);
  }
  EXPECT_LT(pdb_nodes * 4, wd_nodes) << pdb_nodes << " vs " << wd_nodes;
}

}  // namespace
}  // namespace slidegif::detail
