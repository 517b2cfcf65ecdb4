// The search domain: operator tables against the board's geometry, apply/undo in place.
#include "solve/board/domain.hpp"

#include <gtest/gtest.h>

#include "solve/board/random.hpp"

namespace slidegif::detail {
namespace {

TEST(Domain, NeighbourStopsAtTheEdges) {
  const Shape s{3, 4};  // cells 0..11, four to a row
  EXPECT_EQ(neighbour(s, 0, Move::Up), -1);
  EXPECT_EQ(neighbour(s, 0, Move::Left), -1);
  EXPECT_EQ(neighbour(s, 0, Move::Down), 4);
  EXPECT_EQ(neighbour(s, 0, Move::Right), 1);
  EXPECT_EQ(neighbour(s, 3, Move::Right), -1);  // not 4: that is the next row
  EXPECT_EQ(neighbour(s, 4, Move::Left), -1);
  EXPECT_EQ(neighbour(s, 11, Move::Down), -1);
  EXPECT_EQ(neighbour(s, 6, Move::Up), 2);
  EXPECT_EQ(neighbour(s, 6, Move::Down), 10);
}

TEST(Domain, OperatorsAreTheLegalMovesInMoveOrder) {
  for (int rows = kMinSide; rows <= kMaxSide; ++rows) {
    for (int cols = kMinSide; cols <= kMaxSide; ++cols) {
      const Domain d({rows, cols});
      int total = 0;
      for (int cell = 0; cell < rows * cols; ++cell) {
        const auto ops = d.operators(cell);
        const bool edge_row = cell / cols == 0 || cell / cols == rows - 1;
        const bool edge_col = cell % cols == 0 || cell % cols == cols - 1;
        ASSERT_EQ(static_cast<int>(ops.size()), 4 - edge_row - edge_col) << rows << "x" << cols;
        std::size_t i = 0;
        for (Move m : kAllMoves) {
          const int to = neighbour({rows, cols}, cell, m);
          if (to < 0) continue;
          ASSERT_LT(i, ops.size());
          EXPECT_EQ(ops[i].move, m);
          EXPECT_EQ(ops[i].target, to);
          // Every move can be taken back from where it lands.
          EXPECT_EQ(d.move_between(to, cell), opposite(m));
          ++i;
        }
        total += static_cast<int>(ops.size());
      }
      // Each pair of adjacent cells, once from either side.
      EXPECT_EQ(total, 2 * (rows * (cols - 1) + cols * (rows - 1)));
    }
  }
}

TEST(Domain, MoveBetweenNonAdjacentCellsIsNone) {
  const Domain d({4, 4});
  EXPECT_EQ(d.move_between(5, 6), Move::Right);
  EXPECT_EQ(d.move_between(5, 1), Move::Up);
  EXPECT_FALSE(d.move_between(3, 4));  // row ends are not adjacent
  EXPECT_FALSE(d.move_between(5, 10));
  EXPECT_FALSE(d.move_between(5, 5));
}

TEST(Domain, RefusesShapesOutOfRange) {
  EXPECT_THROW(Domain({1, 5}), Error);
  EXPECT_THROW(Domain({17, 8}), Error);
}

TEST(Position, ApplyMatchesTheBoardAndUndoRestores) {
  Random rng(3);
  for (Shape shape : {Shape{2, 2}, Shape{3, 3}, Shape{3, 5}, Shape{8, 8}}) {
    const Domain d(shape);
    Board board = random_board(shape, rng);
    Position here(board);
    for (int step = 0; step < 500; ++step) {
      const auto ops = d.operators(here.blank);
      const Operator op = ops[rng.below(ops.size())];
      const Position before = here;
      const Slide slide = here.apply(op);
      EXPECT_EQ(slide.tile, board.at(op.target));
      EXPECT_EQ(slide.from, op.target);
      EXPECT_EQ(slide.to, board.blank());
      board.apply(op.move);
      ASSERT_EQ(here.blank, board.blank());
      ASSERT_TRUE(std::equal(board.tiles().begin(), board.tiles().end(), here.tiles.begin()));
      Position back = here;
      back.undo(slide);
      ASSERT_EQ(back.tiles, before.tiles);
      ASSERT_EQ(back.blank, before.blank);
    }
  }
}

}  // namespace
}  // namespace slidegif::detail
