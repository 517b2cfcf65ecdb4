// IDA* on several threads: the same answer as on one (the last iterations of these searches
// shared), and a budget or a stop ends every thread.
#include "solve/search/ida_star.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "solve/heuristic/manhattan_linear_conflict.hpp"

namespace slidegif::detail {
namespace {

const Board kFifteenGoal = Board::standard_goal({4, 4});

// 48 moves from the goal (`random --size 4 --moves 48 --seed 3, 4, 5`): 0.5-1.8 M nodes, their
// last iterations large enough to share.
const char* const kStarts[] = {"5,4,3,9/13,0,14,2/11,7,12,8/1,6,10,15",
                               "12,8,5,7/3,0,4,15/9,2,6,14/10,13,11,1",
                               "1,2,4,6/7,3,5,0/13,15,11,9/8,12,14,10"};

SearchLimits unlimited(int threads) {
  SearchLimits limits;
  limits.max_seconds = 0;
  limits.threads = threads;
  return limits;
}

std::optional<std::vector<Move>> solve_on(const Board& start, int threads, SearchStats* stats,
                                          int* shared) {
  const ManhattanLinearConflict h(kFifteenGoal);
  IdaStar search(kFifteenGoal, h, unlimited(threads));
  auto moves = search.run(start);
  *stats = search.stats();
  *shared = search.shared_iterations();
  return moves;
}

TEST(IdaStar, EveryNumberOfThreadsGivesTheOneThreadAnswer) {
  for (const char* text : kStarts) {
    const Board start = parse_board(text);
    SearchStats one{};
    int shared = 0;
    const auto alone = solve_on(start, 1, &one, &shared);
    EXPECT_EQ(shared, 0);
    ASSERT_TRUE(alone) << text;
    EXPECT_EQ(alone->size(), 48u) << text;
    Board end = start;
    end.apply_all(*alone);
    EXPECT_EQ(end, kFifteenGoal) << text;
    for (int threads : {2, 3, 8}) {
      SearchStats many{};
      const auto answer = solve_on(start, threads, &many, &shared);
      ASSERT_TRUE(answer) << text << " threads " << threads;
      EXPECT_EQ(*answer, *alone) << text << " threads " << threads;
      EXPECT_GE(shared, 1) << text << " threads " << threads;
      EXPECT_EQ(many.iterations, one.iterations) << text;
      EXPECT_EQ(many.last_bound, one.last_bound) << text;
      // Every subtree one thread walks is walked (the others' walks past the answer add to it).
      EXPECT_GE(many.nodes, one.nodes) << text << " threads " << threads;
    }
  }
}

// The duplicate-move automaton changes no answer (IDA* keeps the first optimal path in move
// order, which it never refuses), on one thread and on two, and saves nodes.
TEST(IdaStar, TheAutomatonKeepsTheAnswerWithFewerNodes) {
  const ManhattanLinearConflict h(kFifteenGoal);
  for (const char* text : kStarts) {
    const Board start = parse_board(text);
    for (int threads : {1, 2}) {
      IdaStar plain(kFifteenGoal, h, unlimited(threads), nullptr);
      IdaStar pruned(kFifteenGoal, h, unlimited(threads), &built_in_automaton());
      const auto a = plain.run(start);
      const auto b = pruned.run(start);
      ASSERT_TRUE(a && b) << text;
      EXPECT_EQ(*a, *b) << text << " threads " << threads;
      EXPECT_EQ(plain.stats().last_bound, pruned.stats().last_bound) << text;
      EXPECT_LT(pruned.stats().nodes * 10, plain.stats().nodes * 9) << text;  // 10 % or more
    }
  }
}

// Korf's instance 88 (65 moves) takes Manhattan IDA* hours: only a budget or a stop ends it.
const Board kFar = parse_board("12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1");

TEST(IdaStar, ANodeBudgetStopsEveryThread) {
  const ManhattanLinearConflict h(kFifteenGoal);
  SearchLimits limits = unlimited(2);
  limits.max_nodes = 200'000;
  IdaStar search(kFifteenGoal, h, limits);
  EXPECT_FALSE(search.run(kFar));
  EXPECT_GE(search.stats().nodes, 200'000u);
  EXPECT_LE(search.stats().nodes, 200'000u + 2 * 4096u);
}

TEST(IdaStar, AStopFromAnotherThreadEndsEveryThread) {
  const ManhattanLinearConflict h(kFifteenGoal);
  std::atomic<bool> stop{false};
  SearchLimits limits = unlimited(2);
  limits.stop = &stop;
  IdaStar search(kFifteenGoal, h, limits);
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  EXPECT_FALSE(search.run(kFar));  // a thread that missed the stop would hang here
  stopper.join();
  EXPECT_GT(search.stats().nodes, 0u);
}

}  // namespace
}  // namespace slidegif::detail
