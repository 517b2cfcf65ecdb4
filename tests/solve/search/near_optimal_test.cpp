// The near-optimal solver always answers, and its answer replays to the goal.

#include "solve/search/near_optimal.hpp"

#include <gtest/gtest.h>

#include "bfs_reference.hpp"
#include "solve/board/random.hpp"
#include "solve/search/constructive.hpp"
#include "solve/solver.hpp"

namespace slidegif::detail {
namespace {

TEST(NearOptimal, ReplaysToTheGoalOnEveryShape) {
  Random rng(2024);
  for (int rows = 2; rows <= 8; ++rows) {
    for (int cols = 2; cols <= 8; ++cols) {
      if (rows != cols && (rows + cols) % 3 != 0) continue;  // squares and a spread of rectangles
      const Shape shape{rows, cols};
      const Board goal = cols % 2 ? Board::standard_goal(shape) : random_board(shape, rng);
      const Board start = random_solvable_board(goal, rng);
      NearOptimalOptions options;
      options.limits.max_seconds = 0.1;
      const Solution s = solve_near_optimal(start, goal, options);
      EXPECT_FALSE(s.optimal);
      Board end = start;
      end.apply_all(s.moves);
      EXPECT_EQ(end, goal) << format_shape(shape);
      const auto constructive = solve_constructively(start, goal);
      Board end2 = start;
      end2.apply_all(constructive);
      EXPECT_EQ(end2, goal) << format_shape(shape);
    }
  }
}

// Boards past 8x8 (up to 16x16) are placed a tile at a time, a line's last two within a band
// along it: every answer replays to the goal, on squares, long rectangles both ways and random
// goals.
TEST(NearOptimal, BoardsPastEightByEightReplayToTheGoal) {
  Random rng(16);
  for (const Shape shape :
       {Shape{9, 9}, Shape{10, 10}, Shape{16, 5}, Shape{5, 16}, Shape{12, 9}, Shape{16, 16}}) {
    const Board goal = shape.rows % 2 ? Board::standard_goal(shape)
                                      : random_solvable_board(Board::standard_goal(shape), rng);
    const Board start = random_solvable_board(goal, rng);
    const auto constructive = solve_constructively(start, goal);
    Board end = start;
    end.apply_all(constructive);
    EXPECT_EQ(end, goal) << format_shape(shape);
    NearOptimalOptions options;
    options.limits.max_seconds = 0.2;
    const Solution s = solve_near_optimal(start, goal, options);
    Board near_end = start;
    near_end.apply_all(s.moves);
    EXPECT_EQ(near_end, goal) << format_shape(shape);
    EXPECT_LE(s.moves.size(), constructive.size()) << format_shape(shape);
    EXPECT_NE(s.method.find("a tile at a time"), std::string::npos) << s.method;
  }
}

TEST(NearOptimal, NeverShorterThanOptimalAndUnsolvableThrows) {
  const Board goal = Board::standard_goal({3, 3});
  const auto dist = testing::bfs_distances(goal);
  Random rng(5);
  for (int i = 0; i < 5; ++i) {
    const Board start = random_solvable_board(goal, rng);
    const auto s = solve_near_optimal(start, goal, {});
    EXPECT_GE(static_cast<int>(s.moves.size()), dist.at(testing::pack(start)));
  }
  EXPECT_THROW(solve_near_optimal(parse_board("213456780"), goal, {}), Error);
}

TEST(NearOptimal, SolveFallsBackInsteadOfFailing) {
  Random rng(9);
  const Board goal5 = Board::standard_goal({5, 5});
  SolveOptions options;
  options.near_optimal_fallback = true;
  options.fallback_seconds = 0.2;
  const Solution big = solve(random_solvable_board(goal5, rng), goal5, options);
  EXPECT_FALSE(big.optimal);
  EXPECT_NE(big.method.find("not proven optimal"), std::string::npos);
  const Board goal4 = Board::standard_goal({4, 4});
  options.max_nodes = 100;  // far too few for a random 15-puzzle
  const Board start = random_solvable_board(goal4, rng);
  const Solution s = solve(start, goal4, options);
  EXPECT_FALSE(s.optimal);
  Board end = start;
  end.apply_all(s.moves);
  EXPECT_EQ(end, goal4);
}

// A long budget shows the answer improving: progress comes from the near-optimal search
// too (through solve's fallback), with the shortest length so far, never growing, and the
// answer no longer than the last one shown.
TEST(NearOptimal, ReportsTheBestLengthSoFar) {
  Random rng(2);
  const Board goal = Board::standard_goal({6, 6});
  const Board start = random_solvable_board(goal, rng);
  std::vector<SearchStats> seen;
  SolveOptions options;
  options.near_optimal_fallback = true;
  options.fallback_seconds = 1.2;
  options.max_seconds = 1.2;
  SolveControl control;
  control.progress = [&seen](const SearchStats& st) { seen.push_back(st); };
  const Solution s = solve(start, goal, options, control);
  ASSERT_FALSE(seen.empty());
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_GT(seen[i].best_length, 0) << i;
    if (i > 0) {
      EXPECT_LE(seen[i].best_length, seen[i - 1].best_length) << i;
    }
  }
  EXPECT_LE(static_cast<int>(s.moves.size()), seen.back().best_length);
  EXPECT_LE(seen.back().best_length, static_cast<int>(solve_constructively(start, goal).size()));
}

}  // namespace
}  // namespace slidegif::detail
