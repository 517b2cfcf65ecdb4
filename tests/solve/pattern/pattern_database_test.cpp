// Pattern databases on small boards, checked against plain breadth-first search.

#include "solve/pattern/pattern_database.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <string>

#include "bfs_reference.hpp"
#include "pattern_reference.hpp"
#include "slidegif/error.hpp"
#include "solve/heuristic/heuristic.hpp"
#include "solve/heuristic/manhattan_linear_conflict.hpp"
#include "solve/pdb_solve.hpp"
#include "solve/search/ida_star.hpp"

namespace slidegif::detail {
namespace {

using testing::expect_matches_reference;

TEST(PatternDatabase, MatchesPlainBfsOn3x3) {
  const Board goal = Board::standard_goal({3, 3});
  expect_matches_reference(goal, {1, 2, 3, 4}, 1);
  expect_matches_reference(goal, {8, 6, 5}, 2);
}

TEST(PatternDatabase, MatchesPlainBfsOn2x4AndOtherGoal) {
  const Board goal = parse_board("0,7,2,5/1,3,6,4");
  expect_matches_reference(goal, {7, 2, 5}, 1);
  expect_matches_reference(goal, {1, 3, 6, 4}, 2);
}

TEST(PatternDatabase, ZeroAwareMatchesPlainBfsPerBlankCell) {
  const Board goal = Board::standard_goal({3, 3});
  expect_matches_reference(goal, {1, 2, 3, 4}, 1, /*zero_aware=*/true);
  expect_matches_reference(goal, {8, 6, 5}, 2, /*zero_aware=*/true);
  expect_matches_reference(parse_board("0,7,2,5/1,3,6,4"), {1, 3, 6, 4}, 2, /*zero_aware=*/true);
  // Eight free cells: a placement's word of entries is copied whole.
  expect_matches_reference(Board::standard_goal({3, 4}), {1, 2, 3, 4}, 2, /*zero_aware=*/true);
}

// Zero-aware tables hold parities only: a search's first state walks each pattern home to
// learn its distance (PdbHeuristic::zero_aware_excess). On random boards the estimate is the sum
// of the reference BFS's distances, each pattern's with the blank where it is.
void expect_walk_home_matches_reference(const Board& goal, const Partition& partition, int rounds) {
  const int n = goal.cells();
  std::vector<std::vector<std::uint8_t>> tables;
  std::vector<std::vector<int>> reference;
  for (const Pattern& pattern : partition) {
    tables.push_back(build_pattern_table(goal, pattern, {.zero_aware = true}));
    reference.push_back(testing::reference_table(goal, pattern, /*zero_aware=*/true));
  }
  const PdbHeuristic z{
      goal, partition, {tables.begin(), tables.end()}, {.reflect = false, .zero_aware = true}};
  std::mt19937 rng(11);
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(n));
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t c = 0; c < tiles.size(); ++c) tiles[c] = static_cast<std::uint8_t>(c);
    std::shuffle(tiles.begin(), tiles.end(), rng);
    int want = 0;
    const int blank = static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
    for (std::size_t p = 0; p < partition.size(); ++p) {
      const int k = static_cast<int>(partition[p].size());
      std::uint8_t cells[kMaxPatternTiles];
      std::uint64_t used = 0;
      for (int i = 0; i < k; ++i) {
        const auto at =
            std::find(tiles.begin(), tiles.end(), partition[p][static_cast<std::size_t>(i)]);
        cells[i] = static_cast<std::uint8_t>(at - tiles.begin());
        used |= 1ULL << cells[i];
      }
      want += reference[p][zero_aware_index(rank_placement(cells, k, n), used, blank, n - k)];
    }
    ASSERT_EQ(estimate_once(z, tiles.data()), want) << "round " << round;
  }
}

// On 3x3, Partitioned3x3 below checks every board, some with a pattern home and the blank
// walled off from the goal blank's cell.
TEST(PatternDatabase, ZeroAwareWalkHomeFindsTheReferenceDistances) {
  expect_walk_home_matches_reference(Board::standard_goal({3, 4}),
                                     {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11}}, 2000);
}

// A table whose parities lead nowhere - not one the builder wrote - is an error, never a hang:
// with every parity even, tiles 5-8 home and the blank walled off from the goal blank's cell,
// no step lowers the distance.
TEST(PatternDatabase, ZeroAwareTableThatContradictsItselfIsAnError) {
  const Board goal = Board::standard_goal({3, 3});
  const Partition partition{{1, 2, 3, 4}, {5, 6, 7, 8}};
  const std::vector<std::uint8_t> even(bit_bytes(zero_aware_entries(9, 4)), 0);
  const PdbHeuristic z{goal, partition, {even, even}, {.reflect = false, .zero_aware = true}};
  const Board walled = parse_board("0,1,2,3,5,6,7,8,4");
  try {
    estimate_once(z, walled.tiles().data());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("contradicts itself"), std::string::npos) << e.what();
  }
}

TEST(PatternDatabase, FullPatternIsExactDistance) {
  const Board goal = Board::standard_goal({3, 3});
  const Pattern all{1, 2, 3, 4, 5, 6, 7, 8};
  const auto table = build_pattern_table(goal, all, {});
  const PdbHeuristic h(goal, {all}, {table}, {.reflect = false});
  for (const auto& [packed, d] : testing::bfs_distances(goal)) {
    std::vector<std::uint8_t> tiles(9);
    for (int c = 0; c < 9; ++c) tiles[static_cast<std::size_t>(c)] = (packed >> (4 * (8 - c))) & 15;
    ASSERT_EQ(estimate_once(h, tiles.data()), d);
  }
}

// A random walk of 2,000 moves from the goal: each move's update() equals a lookup from
// scratch.
void expect_incremental_agrees(const PdbHeuristic& h, const Board& goal, unsigned seed) {
  std::mt19937 rng(seed);
  Board b = goal;
  PdbHeuristic::State state{};
  h.estimate(b.tiles().data(), state);
  for (int step = 0; step < 2000; ++step) {
    const Move m = kAllMoves[rng() % 4];
    if (!b.can_apply(m)) continue;
    const int from = b.target(m), to = b.blank();
    const int tile = b.at(from);
    b.apply(m);
    PdbHeuristic::State next{};
    const int inc = h.update(b.tiles().data(),
                             Slide{static_cast<std::uint8_t>(tile), static_cast<std::uint8_t>(from),
                                   static_cast<std::uint8_t>(to)},
                             state, next);
    ASSERT_EQ(inc, estimate_once(h, b.tiles().data()));
    state = next;
  }
}

// Past 16 cells, as 5x5's zero-aware set is: a placement's free cells (22 here) and the cells
// its tiles cover (up to 25) take 32 bits. Each pattern is its own mirror image about the
// diagonal, so the reflected lookups are checked too.
TEST(PatternDatabase, ZeroAwareTablesServe5x5) {
  const Board goal = Board::standard_goal({5, 5});
  const Partition partition{{2, 6, 7}, {3, 11, 13}};
  expect_matches_reference(goal, partition[0], 2, /*zero_aware=*/true);
  expect_walk_home_matches_reference(goal, partition, 500);
  const std::vector<std::vector<std::uint8_t>> tables{
      build_pattern_table(goal, partition[0], {.zero_aware = true}),
      build_pattern_table(goal, partition[1], {.zero_aware = true})};
  const PdbHeuristic z{goal, partition, {tables[0], tables[1]}, {.zero_aware = true}};
  ASSERT_TRUE(z.reflects() && z.zero_aware() && z.steps_ranks());
  expect_incremental_agrees(z, goal, 5);
}

// An additive partition with reflection: admissible everywhere, incremental == from scratch, and
// IDA* through framings of other goals stays optimal.
class Partitioned3x3 : public ::testing::Test {
 protected:
  Board goal = Board::standard_goal({3, 3});
  Partition partition{{1, 2, 3, 4}, {5, 6, 7, 8}};
  std::vector<std::vector<std::uint8_t>> tables{build_pattern_table(goal, partition[0], {}),
                                                build_pattern_table(goal, partition[1], {})};
  PdbHeuristic h{goal, partition, {tables[0], tables[1]}};
};

TEST_F(Partitioned3x3, AdmissibleAndIncrementalAgrees) {
  ASSERT_TRUE(h.reflects());
  ASSERT_TRUE(h.steps_ranks());
  int exact = 0;
  for (const auto& [packed, d] : testing::bfs_distances(goal)) {
    std::uint8_t tiles[9];
    for (int c = 0; c < 9; ++c) tiles[c] = (packed >> (4 * (8 - c))) & 15;
    const int e = estimate_once(h, tiles);
    ASSERT_LE(e, d);
    exact += e == d;
  }
  EXPECT_GT(exact, 1000);
  expect_incremental_agrees(h, goal, 7);
}

// Zero-aware tables of the same partition: still admissible and incremental, never below the
// plain tables, and above them on some boards.
TEST_F(Partitioned3x3, ZeroAwareTablesAreAdmissibleAndStronger) {
  const std::vector<std::vector<std::uint8_t>> zero_tables{
      build_pattern_table(goal, partition[0], {.zero_aware = true}),
      build_pattern_table(goal, partition[1], {.threads = 2, .zero_aware = true})};
  const PdbHeuristic z{goal, partition, {zero_tables[0], zero_tables[1]}, {.zero_aware = true}};
  ASSERT_TRUE(z.reflects() && z.zero_aware());
  int stronger = 0;
  for (const auto& [packed, d] : testing::bfs_distances(goal)) {
    std::uint8_t tiles[9];
    for (int c = 0; c < 9; ++c) tiles[c] = (packed >> (4 * (8 - c))) & 15;
    const int e = estimate_once(z, tiles);
    ASSERT_LE(e, d);
    const int plain = estimate_once(h, tiles);
    ASSERT_GE(e, plain);
    stronger += e > plain;
  }
  EXPECT_GT(stronger, 1000);
  expect_incremental_agrees(z, goal, 3);
}

// Weighted A* keeps a node's table values in 32 bits: they come back whole, and a value past 4
// bits (a zero-aware table's are not clamped) is refused rather than cut.
TEST_F(Partitioned3x3, PackedStatesComeBackWhole) {
  ASSERT_TRUE(h.packs());
  const Board b = parse_board("8,7,6,5,4,3,2,1,0");
  PdbHeuristic::State s{};
  const int e = h.estimate(b.tiles().data(), s);
  const std::uint32_t packed = h.pack(s);
  ASSERT_NE(packed, PdbHeuristic::kNotPacked);
  PdbHeuristic::State back{};
  h.unpack(b.tiles().data(), e, packed, back);
  EXPECT_EQ(back.excess, s.excess);
  EXPECT_EQ(back.reflected, s.reflected);
  EXPECT_EQ(back.manhattan, s.manhattan);
  s.excess[1] = 16;
  EXPECT_EQ(h.pack(s), PdbHeuristic::kNotPacked);
}

// The same heuristic without prepare()/finish(): IDA* then takes every estimate whole.
struct WholeLookups {
  using State = PdbHeuristic::State;
  const PdbHeuristic& h;
  int estimate(const std::uint8_t* tiles, State& out) const { return h.estimate(tiles, out); }
  int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const {
    return h.update(tiles, slide, parent, child);
  }
};
static_assert(SplitHeuristic<PdbHeuristic>);
static_assert(!SplitHeuristic<WholeLookups>);

// Beginning every child's lookups before finishing any changes the order of memory reads only:
// the same answers from the same nodes.
TEST_F(Partitioned3x3, SplitLookupsChangeNothing) {
  const WholeLookups whole{h};
  std::mt19937 rng(5);
  int hard = 0;
  for (const auto& [packed, d] : testing::bfs_distances(goal)) {
    if (rng() % 2000 != 0) continue;
    std::vector<std::uint8_t> tiles(9);
    for (int c = 0; c < 9; ++c) tiles[static_cast<std::size_t>(c)] = (packed >> (4 * (8 - c))) & 15;
    const Board start({3, 3}, tiles);
    IdaStar split_search(goal, h, {});
    IdaStar whole_search(goal, whole, {});
    const auto split = split_search.run(start);
    const auto plain = whole_search.run(start);
    ASSERT_TRUE(split && plain);
    ASSERT_EQ(static_cast<int>(split->size()), d);
    ASSERT_EQ(*split, *plain);
    ASSERT_EQ(split_search.stats().nodes, whole_search.stats().nodes);
    hard += d >= 24;
  }
  EXPECT_GT(hard, 10);
}

TEST_F(Partitioned3x3, OtherGoalsStayOptimal) {
  for (const char* goal_text : {"012345678", "123456780", "312645078"}) {
    const Board other = parse_board(goal_text);
    const auto dist = testing::bfs_distances(other);
    std::mt19937 rng(11);
    int tried = 0;
    for (const auto& [packed, d] : dist) {
      if (rng() % 4000 != 0) continue;
      std::vector<std::uint8_t> tiles(9);
      for (int c = 0; c < 9; ++c)
        tiles[static_cast<std::size_t>(c)] = (packed >> (4 * (8 - c))) & 15;
      const Board start({3, 3}, tiles);
      auto r = search_with_pdb(start, other, h, {});
      ASSERT_TRUE(r.applicable) << goal_text;
      ASSERT_TRUE(r.moves);
      ASSERT_EQ(static_cast<int>(r.moves->size()), d) << goal_text;
      Board end = start;
      end.apply_all(*r.moves);
      ASSERT_EQ(end, other);
      ++tried;
    }
    EXPECT_GT(tried, 10);
  }
  // The centre cannot be brought onto a corner: no framing, the caller falls back.
  EXPECT_FALSE(
      search_with_pdb(parse_board("123405678"), parse_board("123405678"), h, {}).applicable);
}

// Past kSteppedPatterns patterns a lookup ranks its placement afresh (boards of 6x6 and up need
// it for their placements past 32 bits): on 4x4 starts a walk from the goal, still admissible
// against IDA* with Manhattan and linear conflict, above plain Manhattan on some, incremental
// == from scratch, and IDA* over it optimal.
TEST(PatternDatabase, PartitionsOfManyPatternsRankAfresh) {
  const Board goal = Board::standard_goal({4, 4});
  const Partition partition{{1, 2}, {3, 4}, {5, 6}, {7}, {8}, {9, 10}, {11, 12}, {13, 14}, {15}};
  std::vector<std::vector<std::uint8_t>> tables;
  std::vector<std::span<const std::uint8_t>> views;
  for (const Pattern& p : partition) tables.push_back(build_pattern_table(goal, p, {}));
  for (const auto& t : tables) views.emplace_back(t);
  const PdbHeuristic h{goal, partition, views};
  ASSERT_FALSE(h.steps_ranks());
  ASSERT_TRUE(h.reflects());
  expect_incremental_agrees(h, goal, 11);
  const ManhattanLinearConflict mlc(goal);
  const ManhattanLinearConflict manhattan(goal, false);
  std::mt19937 rng(12);
  int above_manhattan = 0;
  for (int walk = 0; walk < 30; ++walk) {
    Board b = goal;
    for (int step = 0; step < 30; ++step) {
      const Move m = kAllMoves[rng() % 4];
      if (b.can_apply(m)) b.apply(m);
    }
    IdaStar reference(goal, mlc, {});
    const auto optimal = reference.run(b);
    ASSERT_TRUE(optimal);
    const int d = static_cast<int>(optimal->size());
    const int e = estimate_once(h, b.tiles().data());
    ASSERT_LE(e, d);
    above_manhattan += e > estimate_once(manhattan, b.tiles().data());
    IdaStar search(goal, h, {});
    const auto moves = search.run(b);
    ASSERT_TRUE(moves);
    ASSERT_EQ(static_cast<int>(moves->size()), d);
  }
  EXPECT_GT(above_manhattan, 0);
}

// Zero-aware tables of more than kCoveredPatterns patterns: the state keeps no covers for them,
// so a lookup ranks afresh, and still walks home to the reference distances and steps as it
// estimates from scratch (reflected too).
TEST(PatternDatabase, ZeroAwarePartitionsOfManyPatternsRankAfresh) {
  const Board goal = Board::standard_goal({3, 3});
  const Partition partition{{1, 2}, {3}, {4, 7}, {5, 6}, {8}};
  expect_walk_home_matches_reference(goal, partition, 500);
  std::vector<std::vector<std::uint8_t>> tables;
  for (const Pattern& p : partition)
    tables.push_back(build_pattern_table(goal, p, {.zero_aware = true}));
  const PdbHeuristic z{goal, partition, {tables.begin(), tables.end()}, {.zero_aware = true}};
  ASSERT_FALSE(z.steps_ranks());
  ASSERT_TRUE(z.reflects() && z.zero_aware());
  expect_incremental_agrees(z, goal, 13);
}

}  // namespace
}  // namespace slidegif::detail
