// Cutting loops: the shortened path replays to the same board and visits no board twice.
#include "solve/search/cut_loops.hpp"

#include <gtest/gtest.h>

#include <set>

#include "bfs_reference.hpp"
#include "solve/board/random.hpp"

namespace slidegif::detail {
namespace {

TEST(CutLoops, KnownPaths) {
  const Board start = Board::standard_goal({3, 3});
  EXPECT_EQ(moves_to_string(cut_loops(start, moves_from_string("UD"))), "");
  EXPECT_EQ(moves_to_string(cut_loops(start, moves_from_string("LUURDD"))), "LUURDD");
  // Around a 2x2 block three times: the tiles are back where they were.
  EXPECT_EQ(moves_to_string(cut_loops(start, moves_from_string("ULDRULDRULDR"))), "");
  EXPECT_EQ(moves_to_string(cut_loops(start, moves_from_string("LULRDR"))), "");
  EXPECT_EQ(moves_to_string(cut_loops(start, moves_from_string("ULRL"))), "UL");
}

TEST(CutLoops, RandomWalksKeepTheirEnd) {
  Random rng(12);
  for (Shape shape : {Shape{2, 2}, Shape{3, 3}, Shape{2, 5}}) {
    for (int walk = 0; walk < 30; ++walk) {
      const Board start = random_board(shape, rng);
      Board end = start;
      std::vector<Move> moves;
      while (moves.size() < 300) {
        const Move m = kAllMoves[rng.below(4)];
        if (!end.can_apply(m)) continue;
        end.apply(m);
        moves.push_back(m);
      }
      const auto cut = cut_loops(start, moves);
      EXPECT_LE(cut.size(), moves.size());
      Board b = start;
      std::set<std::uint64_t> seen{testing::pack(b)};
      for (Move m : cut) {
        b.apply(m);
        ASSERT_TRUE(seen.insert(testing::pack(b)).second) << "a board visited twice";
      }
      ASSERT_EQ(b, end);
    }
  }
}

}  // namespace
}  // namespace slidegif::detail
