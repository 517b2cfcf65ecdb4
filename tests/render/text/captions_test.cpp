// The captions of an animation: what each says, and the illegal move they refuse.

#include "render/text/captions.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

// An optimal solution of 867254301.
const Board kStart = parse_board("867254301");
const std::vector<Move> kMoves = moves_from_string("UULDDRRUULDLDRRUULDLDRRUULLDDRR");

TEST(Captions, SayWhatEachMoveDoes) {
  const Captions c = make_captions(kStart, kMoves, true);
  EXPECT_EQ(c.first, "Start — 31 moves to go");
  ASSERT_EQ(c.steps.size(), 31u);
  EXPECT_EQ(c.steps[0], "Step 1 / 31 — tile 5 moves down");  // the blank goes up
  EXPECT_EQ(c.steps[30], "Step 31 / 31 — tile 8 moves left");
  EXPECT_EQ(c.last, "Solved in 31 moves");
  const auto all = c.all();
  ASSERT_EQ(all.size(), 33u);
  EXPECT_EQ(all[31], c.first);
  EXPECT_EQ(all[32], c.last);
}

TEST(Captions, OneMoveNoMovesAndUnprovenSolutions) {
  EXPECT_EQ(make_captions(kStart, {Move::Up}, false).last, "Solved in 1 move (not proven optimal)");
  EXPECT_EQ(make_captions(kStart, {Move::Up}, true).first, "Start — 1 move to go");
  const Captions none = make_captions(Board::standard_goal({3, 3}), {}, true);
  EXPECT_EQ(none.first, "Start — already solved");
  EXPECT_TRUE(none.steps.empty());
}

TEST(Captions, AnIllegalMoveIsBadInputNamingIt) {
  std::vector<Move> moves(kMoves.begin(), kMoves.begin() + 2);
  moves.push_back(Move::Up);  // after UU the blank is on the top row
  try {
    make_captions(kStart, moves, true);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("move 3 (U)"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace slidegif::detail
