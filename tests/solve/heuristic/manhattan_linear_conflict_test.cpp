// The heuristic is admissible (never above the true distance) and its incremental update
// equals a recomputation from scratch.
#include "solve/heuristic/manhattan_linear_conflict.hpp"

#include <gtest/gtest.h>

#include "bfs_reference.hpp"
#include "solve/board/random.hpp"
#include "solve/heuristic/heuristic.hpp"

namespace slidegif::detail {
namespace {

TEST(Heuristics, AdmissibleOnEveryThreeByThreeState) {
  Random rng(11);
  for (int g = 0; g < 2; ++g) {
    const Board goal = g == 0 ? Board::standard_goal({3, 3}) : random_board({3, 3}, rng);
    const ManhattanLinearConflict h(goal);
    const ManhattanLinearConflict md(goal, false);
    const auto dist = testing::bfs_distances(goal);
    // Walk the state space through random boards rather than decoding keys.
    for (int i = 0; i < 20000; ++i) {
      const Board b = random_solvable_board(goal, rng);
      const int d = dist.at(testing::pack(b));
      const int lc = estimate_once(h, b.tiles().data());
      ASSERT_LE(lc, d) << format_board(b);
      ASSERT_LE(estimate_once(md, b.tiles().data()), lc);
      ASSERT_EQ(lc % 2, d % 2);  // both change parity with every move
    }
  }
}

TEST(Heuristics, KnownValues) {
  const ManhattanLinearConflict h(Board::standard_goal({3, 3}));
  EXPECT_EQ(estimate_once(h, parse_board("123456780").tiles().data()), 0);
  EXPECT_EQ(estimate_once(h, parse_board("123456708").tiles().data()), 1);
  // 2 and 1 swapped in their goal row: MD 2, conflict 2.
  EXPECT_EQ(estimate_once(h, parse_board("213456780").tiles().data()), 4);
}

TEST(Heuristics, IncrementalUpdateEqualsRecomputation) {
  Random rng(8);
  for (Shape shape : {Shape{3, 3}, Shape{4, 4}, Shape{3, 5}, Shape{8, 8}, Shape{2, 7}}) {
    const Board goal = random_board(shape, rng);
    const ManhattanLinearConflict h(goal);
    Board board = random_solvable_board(goal, rng);
    ManhattanLinearConflict::State state;
    int value = h.estimate(board.tiles().data(), state);
    for (int step = 0; step < 2000; ++step) {
      const Move m = kAllMoves[rng.below(4)];
      if (!board.can_apply(m)) continue;
      const int from = board.target(m);
      const int to = board.blank();
      const int tile = board.at(from);
      board.apply(m);
      ManhattanLinearConflict::State next;
      value = h.update(board.tiles().data(),
                       Slide{static_cast<std::uint8_t>(tile), static_cast<std::uint8_t>(from),
                             static_cast<std::uint8_t>(to)},
                       state, next);
      ASSERT_EQ(value, estimate_once(h, board.tiles().data())) << format_board(board);
      state = next;
    }
  }
}

}  // namespace
}  // namespace slidegif::detail
