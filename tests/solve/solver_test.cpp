// Optimality against an independent BFS, the published 3x3 distance distribution, the two
// 31-move positions, replay of every returned sequence, and the budget.
#include "solve/solver.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <thread>

#include "bfs_reference.hpp"
#include "slidegif/solvability.hpp"
#include "solve/board/random.hpp"

namespace slidegif::detail {
namespace {

using testing::bfs_distances;
using testing::pack;

Board replay(Board board, const std::vector<Move>& moves) {
  board.apply_all(moves);  // throws on an illegal move
  return board;
}

TEST(Solver, PublishedDistributionOfTheStandardGoal) {
  // DEVELOPERS.md / OEIS A089473: states at each distance 0..31 from 123456780.
  const std::vector<int> published = {1,     2,     4,     8,     16,    20,    39,    62,
                                      116,   152,   286,   396,   748,   1024,  1893,  2512,
                                      4485,  5638,  9529,  10878, 16993, 17110, 23952, 20224,
                                      24047, 15578, 14560, 6274,  3910,  760,   221,   2};
  const auto dist = bfs_distances(Board::standard_goal({3, 3}));
  std::vector<int> histogram;
  for (const auto& [key, d] : dist) {
    if (static_cast<std::size_t>(d) >= histogram.size())
      histogram.resize(static_cast<std::size_t>(d) + 1);
    ++histogram[static_cast<std::size_t>(d)];
  }
  EXPECT_EQ(dist.size(), 181440u);
  EXPECT_EQ(histogram, published);
}

TEST(Solver, TheTwoHardestEightPuzzlesNeed31Moves) {
  const Board goal = Board::standard_goal({3, 3});
  for (const char* text : {"867254301", "647850321"}) {
    const Board start = parse_board(text);
    const Solution s = solve(start, goal);
    EXPECT_EQ(s.moves.size(), 31u) << text;
    EXPECT_TRUE(s.optimal);
    EXPECT_EQ(replay(start, s.moves), goal) << text;
  }
}

TEST(Solver, MatchesBfsOnThousandsOfRandomPairsWithRandomGoals) {
  Random rng(2024);
  constexpr int kGoals = 6;
  constexpr int kStartsPerGoal = 400;
  for (int g = 0; g < kGoals; ++g) {
    const Board goal = g == 0 ? Board::standard_goal({3, 3}) : random_board({3, 3}, rng);
    const auto dist = bfs_distances(goal);
    for (int i = 0; i < kStartsPerGoal; ++i) {
      const Board start = random_solvable_board(goal, rng);
      const Solution s = solve(start, goal);
      ASSERT_EQ(static_cast<int>(s.moves.size()), dist.at(pack(start)))
          << format_board(start) << " -> " << format_board(goal);
      ASSERT_EQ(replay(start, s.moves), goal);
    }
  }
}

TEST(Solver, SmallAndRectangularBoardsAreOptimal) {
  Random rng(7);
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}}) {
    const Board goal = random_board(shape, rng);
    const auto dist = bfs_distances(goal);
    for (int i = 0; i < 60; ++i) {
      const Board start = random_solvable_board(goal, rng);
      const Solution s = solve(start, goal);
      ASSERT_EQ(static_cast<int>(s.moves.size()), dist.at(pack(start))) << format_shape(shape);
      ASSERT_EQ(replay(start, s.moves), goal);
    }
  }
}

TEST(Solver, AlreadySolvedNeedsNoMoves) {
  const Board goal = Board::standard_goal({4, 4});
  const Solution s = solve(goal, goal);
  EXPECT_TRUE(s.moves.empty());
  EXPECT_TRUE(s.optimal);
}

TEST(Solver, EasyFifteenPuzzleIsOptimal) {
  // 10 random moves from the goal; IDA* with an admissible heuristic finds <= 10.
  const Board goal = Board::standard_goal({4, 4});
  Board start = goal;
  start.apply_all(moves_from_string("ULURDLLUUR"));
  const Solution s = solve(start, goal);
  EXPECT_LE(s.moves.size(), 10u);
  EXPECT_EQ(s.moves.size() % 2, 0u);  // parity of the blank's walk
  EXPECT_EQ(replay(start, s.moves), goal);
}

TEST(Solver, UnsolvablePairIsAnErrorThatSaysWhy) {
  const Board goal = Board::standard_goal({3, 3});
  try {
    solve(parse_board("213456780"), goal);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
    EXPECT_NE(std::string(e.what()).find("inversions"), std::string::npos) << e.what();
  }
}

TEST(Solver, BudgetStopsALongSearch) {
  // Korf's instance 88 (65 moves, the hardest of the 100, blank-last form) is far beyond 2000
  // nodes.
  const Board start = parse_board("12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1");
  const Board goal = parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0");
  SolveOptions options;
  options.max_nodes = 2000;
  options.near_optimal_fallback = false;
  try {
    solve(start, goal, options);
    FAIL() << "expected the budget to stop the search";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BudgetExceeded);
  }
}

// Boards over 16 cells are proven optimal only near their goal (IDA* on Manhattan + linear
// conflict, checked against the walk that made them); far from it, without a fallback, they
// are refused with a message.
TEST(Solver, LargerBoardsAreSolvedOptimallyOnlyNearTheirGoal) {
  const Board goal = Board::standard_goal({5, 5});
  Board start = goal;
  for (const Move m : moves_from_string("UULLDRDLUU")) start.apply(m);
  SolveOptions options;
  options.near_optimal_fallback = false;
  const Solution near = solve(start, goal, options);
  EXPECT_TRUE(near.optimal);
  EXPECT_LE(near.moves.size(), 10U);
  Board replayed = start;
  replayed.apply_all(near.moves);
  EXPECT_EQ(replayed, goal);
  Random rng(5);
  try {
    solve(random_solvable_board(goal, rng), goal, options);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsupported);
    EXPECT_NE(std::string(e.what()).find("within about 60 moves of the goal"), std::string::npos);
  }
}

// A stop requested from another thread ends a search that has no budget at all, with its own
// error kind (and no near-optimal answer, which the caller no longer wants).
// Iterative deepening without a heuristic: the shortest solution's length, by brute force
// (an independent check for boards too large for a breadth-first table).
int shortest_by_deepening(const Board& start, const Board& goal, int limit) {
  const std::function<bool(Board&, int, Move*)> reach = [&](Board& b, int depth,
                                                            Move* last) -> bool {
    if (b == goal) return true;
    if (depth == 0) return false;
    for (const Move m : {Move::Up, Move::Down, Move::Left, Move::Right}) {
      if ((last && m == opposite(*last)) || b.target(m) < 0) continue;
      b.apply(m);
      Move here = m;
      const bool found = reach(b, depth - 1, &here);
      b.apply(opposite(m));
      if (found) return true;
    }
    return false;
  };
  for (int depth = 0; depth <= limit; ++depth) {
    Board b = start;
    if (reach(b, depth, nullptr)) return depth;
  }
  return -1;
}

// A 10x10 and a 16x16 board a few moves from their goal are proven optimal: the same length as
// brute force finds.
TEST(Solver, BoardsUpTo16x16NearTheirGoalAreOptimal) {
  Random rng(10);
  for (const Shape shape : {Shape{10, 10}, Shape{16, 16}, Shape{7, 13}}) {
    const Board goal = Board::standard_goal(shape);
    for (int trial = 0; trial < 3; ++trial) {
      Board start = goal;
      Move last = Move::Up;
      for (int step = 0; step < 9; ++step) {  // a walk that never steps straight back
        Move m;
        do {
          m = static_cast<Move>(rng.below(4));
        } while (start.target(m) < 0 || (step > 0 && m == opposite(last)));
        start.apply(m);
        last = m;
      }
      SolveOptions options;
      options.near_optimal_fallback = false;
      const Solution s = solve(start, goal, options);
      EXPECT_TRUE(s.optimal);
      EXPECT_EQ(static_cast<int>(s.moves.size()), shortest_by_deepening(start, goal, 9))
          << format_shape(shape);
      EXPECT_EQ(replay(start, s.moves), goal);
    }
  }
}

TEST(Solver, AStopFromAnotherThreadEndsTheSearch) {
  const Board start = parse_board("12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1");  // Korf 88
  const Board goal = Board::standard_goal({4, 4});
  SolveOptions options;
  options.max_seconds = 0;  // none
  std::atomic<bool> stop{false};
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
  });
  try {
    solve(start, goal, options, {.progress = {}, .stop = &stop});
    FAIL() << "expected the stop to end the search";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Cancelled) << e.what();
  }
  stopper.join();
}

TEST(Solver, AStopAlreadyRequestedEndsTheNearOptimalSearchToo) {
  const Board goal = Board::standard_goal({6, 6});
  Random rng(4);
  const std::atomic<bool> stop{true};
  EXPECT_THROW(
      {
        try {
          solve(random_solvable_board(goal, rng), goal, {}, {.progress = {}, .stop = &stop});
        } catch (const Error& e) {
          EXPECT_EQ(e.kind(), Error::Kind::Cancelled);
          throw;
        }
      },
      Error);
}

}  // namespace
}  // namespace slidegif::detail
