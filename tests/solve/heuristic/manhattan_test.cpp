// The shared Manhattan table: distances by hand, sums, slides and the counted tiles.
#include "solve/heuristic/manhattan.hpp"

#include <gtest/gtest.h>

#include "solve/board/random.hpp"

namespace slidegif::detail {
namespace {

TEST(ManhattanTable, DistancesToTheGoalCell) {
  const ManhattanTable m(parse_board("1,2,3,4/5,6,7,8/9,10,11,0", Shape{3, 4}));
  EXPECT_EQ(m.home(1), 0);
  EXPECT_EQ(m.home(0), 11);
  EXPECT_EQ(m.distance(1, 0), 0);
  EXPECT_EQ(m.distance(1, 11), 5);  // 2 rows down, 3 columns right
  EXPECT_EQ(m.distance(8, 4), 3);
  EXPECT_EQ(m.distance(0, 0), 0);  // the blank never counts
  EXPECT_EQ(m.sum(parse_board("0,2,3,4/5,6,7,8/9,10,11,1").tiles().data()), 5);
}

TEST(ManhattanTable, DeltaIsTheChangeOfTheSum) {
  Random rng(5);
  for (Shape shape : {Shape{2, 2}, Shape{4, 4}, Shape{5, 5}, Shape{8, 8}}) {
    const Board goal = random_board(shape, rng);
    const ManhattanTable m(goal);
    const Domain domain(shape);
    Position here(random_board(shape, rng));
    int sum = m.sum(here.tiles.data());
    for (int step = 0; step < 300; ++step) {
      const auto ops = domain.operators(here.blank);
      const Slide slide = here.apply(ops[rng.below(ops.size())]);
      EXPECT_EQ(std::abs(m.delta(slide)), 1);  // a tile moves one cell
      sum += m.delta(slide);
      ASSERT_EQ(sum, m.sum(here.tiles.data()));
    }
  }
}

TEST(ManhattanTable, OnlyCountedTilesAdd) {
  const Board goal = Board::standard_goal({3, 3});
  const Board start = parse_board("876543210");
  const ManhattanTable all(goal);
  const ManhattanTable some(goal, (1u << 1) | (1u << 8));
  EXPECT_EQ(some.distance(2, 0), 0);
  EXPECT_EQ(some.distance(1, 8), all.distance(1, 8));
  EXPECT_EQ(some.sum(start.tiles().data()), all.distance(8, 0) + all.distance(1, 7));
  EXPECT_EQ(some.sum(start.tiles().data()), 6);
  EXPECT_EQ(all.sum(start.tiles().data()), 16);  // 3+3+1+1+1+1+3+3
}

}  // namespace
}  // namespace slidegif::detail
