// The one choice of how a puzzle is solved: a table when one serves the goal, else a search
// with the pattern database that serves it, else a plain search; each source asked only where
// its metric and the options allow it.
#include "solve/dispatch.hpp"

#include <gtest/gtest.h>

#include "pdb_fixture.hpp"
#include "slidegif/error.hpp"
#include "solve/table/distance_table.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::detail {
namespace {

const DistanceTable& three_by_three() {
  static const DistanceTable table = DistanceTable::build(Board::standard_goal({3, 3}));
  return table;
}

// Sources that count how often each is asked.
struct Asked {
  int tables = 0, databases = 0, multi_tile = 0;
  const PdbHeuristic* pdb = nullptr;
  SolveSources sources() {
    return {.distance_table = [this](const Board& goal) -> const DistanceTable* {
              ++tables;
              return goal.shape() == Shape{3, 3} ? &three_by_three() : nullptr;
            },
            .pattern_database =
                [this](const Board&) {
                  ++databases;
                  return pdb;
                },
            .multi_tile_database = [this](const Board&) -> const MultiTilePdb* {
              ++multi_tile;
              return nullptr;
            }};
  }
};

TEST(Dispatch, ATableAnswersWithoutSearching) {
  Asked asked;
  const Board start = parse_board("867254301");
  const Solution s = dispatch_solve(start, Board::standard_goal({3, 3}), {}, {}, asked.sources());
  EXPECT_EQ(s.method, kDescentMethod);
  EXPECT_TRUE(s.optimal);
  EXPECT_EQ(s.moves.size(), 31u);  // the 8-puzzle's hardest: God's number
  EXPECT_EQ(asked.tables, 1);
  EXPECT_EQ(asked.databases, 0);
}

TEST(Dispatch, UnsolvableIsSaidBeforeTheTableIsUsed) {
  Asked asked;
  try {
    dispatch_solve(parse_board("123456870"), Board::standard_goal({3, 3}), {}, {}, asked.sources());
    FAIL() << "an unsolvable puzzle was answered";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
    EXPECT_NE(std::string(e.what()).find("inversions"), std::string::npos) << e.what();
  }
}

TEST(Dispatch, APatternDatabaseGuidesTheSearchWhenAllowed) {
  const app::LoadedPdb small = testing::load_small_pdb();
  Asked asked;
  asked.pdb = small.heuristic.get();
  const Board start = parse_board("14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3");  // Korf's #1: 57
  const Board goal = parse_board("0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15");   // Korf's goal
  SolveOptions options;
  options.max_seconds = 60;
  options.near_optimal_fallback = false;
  const Solution s = dispatch_solve(start, goal, options, {}, asked.sources());
  EXPECT_EQ(s.moves.size(), 57u);
  EXPECT_TRUE(s.optimal);
  EXPECT_NE(s.method.find("pattern databases"), std::string::npos) << s.method;
  EXPECT_EQ(asked.tables, 1);  // asked first, none for 4x4
  EXPECT_EQ(asked.databases, 1);

  Asked without;
  without.pdb = small.heuristic.get();
  options.use_pdb = false;
  const Solution plain = dispatch_solve(parse_board("1,0,2,3/4,5,6,7/8,9,10,11/12,13,14,15"), goal,
                                        options, {}, without.sources());
  EXPECT_EQ(plain.moves.size(), 1u);
  EXPECT_EQ(without.databases, 0);  // use_pdb off: never asked
  EXPECT_NE(plain.method.find("Manhattan"), std::string::npos) << plain.method;
}

TEST(Dispatch, TheMultiTileMetricAsksOnlyItsOwnDatabase) {
  Asked asked;
  SolveOptions options;
  options.metric = Metric::MultiTile;
  const Solution s = dispatch_solve(parse_board("867254301"), Board::standard_goal({3, 3}), options,
                                    {}, asked.sources());
  EXPECT_TRUE(s.optimal);
  EXPECT_EQ(s.metric, Metric::MultiTile);
  EXPECT_EQ(asked.tables, 0);  // tables count single-tile moves
  EXPECT_EQ(asked.databases, 0);
  EXPECT_EQ(asked.multi_tile, 1);
}

TEST(Dispatch, NoSourcesIsAPlainSearch) {
  const Solution s =
      dispatch_solve(parse_board("123405786"), Board::standard_goal({3, 3}), {}, {}, {});
  EXPECT_EQ(s.moves.size(), 2u);
  EXPECT_TRUE(s.optimal);
  EXPECT_NE(s.method, kDescentMethod);
}

}  // namespace
}  // namespace slidegif::detail
