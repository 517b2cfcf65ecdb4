// The parity theorem, checked in both directions against reachability by BFS.
#include "slidegif/solvability.hpp"

#include <gtest/gtest.h>

#include "bfs_reference.hpp"
#include "solve/board/random.hpp"

namespace slidegif::detail {
namespace {

TEST(Solvability, ParityMatchesReachabilityOnSmallBoards) {
  Random rng(99);
  for (Shape shape :
       {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3}, Shape{2, 4}, Shape{4, 2}}) {
    const Board goal = random_board(shape, rng);
    const auto reachable = testing::bfs_distances(goal);
    int solvable = 0;
    for (int i = 0; i < 300; ++i) {
      const Board start = random_board(shape, rng);
      const bool by_bfs = reachable.count(testing::pack(start)) > 0;
      EXPECT_EQ(check_solvable(start, goal).solvable, by_bfs)
          << format_board(start) << " -> " << format_board(goal);
      solvable += by_bfs;
    }
    EXPECT_GT(solvable, 100);  // both verdicts were exercised
    EXPECT_LT(solvable, 200);
  }
}

// parity_facts() counts the blank like a tile and takes its pairs off after; here the pairs
// of tiles are counted one by one, the blank skipped, on shapes up to 16x16.
TEST(Solvability, InversionsAreThoseOfTheTilesAlone) {
  Random rng(7);
  for (Shape shape : {Shape{2, 2}, Shape{3, 3}, Shape{3, 4}, Shape{4, 4}, Shape{5, 5}, Shape{2, 7},
                      Shape{7, 6}, Shape{16, 16}}) {
    for (int i = 0; i < 50; ++i) {
      const Board board = random_board(shape, rng);
      long inversions = 0;
      const auto& t = board.tiles();
      for (std::size_t a = 0; a < t.size(); ++a)
        for (std::size_t b = a + 1; b < t.size(); ++b)
          if (t[a] != 0 && t[b] != 0 && t[b] < t[a]) ++inversions;
      const ParityFacts facts = parity_facts(board);
      EXPECT_EQ(facts.inversions, inversions) << format_board(board);
      const int row = shape.cols % 2 == 0 ? board.blank() / shape.cols : 0;
      EXPECT_EQ(facts.parity, (inversions + row) % 2) << format_board(board);
    }
  }
}

TEST(Solvability, ExplanationGivesTheFacts) {
  const auto odd = check_solvable(parse_board("213456780"), Board::standard_goal({3, 3}));
  EXPECT_FALSE(odd.solvable);
  EXPECT_EQ(odd.start.inversions, 1);
  EXPECT_EQ(odd.goal.inversions, 0);
  EXPECT_NE(odd.explanation.find("start has 1 inversions (odd)"), std::string::npos)
      << odd.explanation;
  EXPECT_NE(odd.explanation.find("they differ"), std::string::npos);

  // Even width: the blank's row counts. Blank-first and blank-last 4x4 goals differ by 3 rows.
  const auto even = check_solvable(parse_board("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
                                   Board::standard_goal({4, 4}));
  EXPECT_FALSE(even.solvable);
  EXPECT_NE(even.explanation.find("blank in row"), std::string::npos) << even.explanation;
}

TEST(Solvability, RequireSolvableThrowsUnsolvable) {
  try {
    require_solvable(parse_board("213456780"), Board::standard_goal({3, 3}));
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
  }
  EXPECT_THROW(check_solvable(parse_board("123456780"), Board::standard_goal({4, 4})), Error);
}

}  // namespace
}  // namespace slidegif::detail
