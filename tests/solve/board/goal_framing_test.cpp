// Goal framing: a symmetry and a relabelling take one goal onto another and keep distances, and
// moves found in the other frame replay in the original one.
#include "solve/board/goal_framing.hpp"

#include <gtest/gtest.h>

#include "bfs_reference.hpp"
#include "solve/board/random.hpp"
#include "solve/solver.hpp"

namespace slidegif::detail {
namespace {

bool blank_in_corner(const Board& b) {
  const int r = b.blank() / b.cols(), c = b.blank() % b.cols();
  return (r == 0 || r == b.rows() - 1) && (c == 0 || c == b.cols() - 1);
}

TEST(GoalFraming, ValidExactlyWhenASymmetryTakesTheBlankThere) {
  Random rng(4);
  for (Shape shape : {Shape{3, 3}, Shape{2, 4}, Shape{4, 4}}) {
    const Board base = Board::standard_goal(shape);  // blank in a corner
    for (int i = 0; i < 50; ++i) {
      const Board goal = random_board(shape, rng);
      const GoalFraming framing(goal, base);
      // Board symmetries map corners to corners and nothing else onto them.
      ASSERT_EQ(framing.valid(), blank_in_corner(goal)) << format_board(goal);
      EXPECT_EQ(GoalFraming::serves(goal, base), framing.valid()) << format_board(goal);
      if (framing.valid()) {
        EXPECT_EQ(framing.map_board(goal), base);
      }
    }
  }
  EXPECT_FALSE(GoalFraming(Board::standard_goal({3, 3}), Board::standard_goal({3, 4})).valid());
  EXPECT_FALSE(GoalFraming::serves(Board::standard_goal({3, 3}), Board::standard_goal({3, 4})));
}

TEST(GoalFraming, KeepsDistancesAndUnmapsMoves) {
  Random rng(9);
  // Goals with the blank in each corner: flips, a transpose, relabellings.
  for (const char* text : {"012/345/678", "876/543/210", "120/345/678", "0613/7254", "1234/5670"}) {
    const Board goal = parse_board(text);
    const Board base = Board::standard_goal(goal.shape());
    const GoalFraming framing(goal, base);
    ASSERT_TRUE(framing.valid()) << text;
    const auto to_goal = testing::bfs_distances(goal);
    const auto to_base = testing::bfs_distances(base);
    for (int i = 0; i < 40; ++i) {
      const Board start = random_solvable_board(goal, rng);
      const Board framed = framing.map_board(start);
      ASSERT_EQ(to_goal.at(testing::pack(start)), to_base.at(testing::pack(framed)));
      const auto framed_moves = solve(framed, base).moves;
      const auto moves = framing.unmap_moves(start, framed_moves);
      EXPECT_EQ(moves.size(), framed_moves.size());
      Board end = start;
      end.apply_all(moves);
      ASSERT_EQ(end, goal) << format_board(start);
    }
  }
}

TEST(GoalFraming, RefusesMovesOffTheBoard) {
  const Board base = Board::standard_goal({3, 3});
  const GoalFraming framing(parse_board("012345678"), base);
  ASSERT_TRUE(framing.valid());
  // The start's blank maps onto base's blank corner, from where Down leaves the board.
  EXPECT_THROW(framing.unmap_moves(parse_board("012345678"), {Move::Down}), Error);
}

}  // namespace
}  // namespace slidegif::detail
