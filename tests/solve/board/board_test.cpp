// Parsing, formatting and moving boards.
#include "slidegif/board.hpp"

#include <gtest/gtest.h>

#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

std::string error_of(std::string_view text, std::optional<Shape> shape = std::nullopt) {
  try {
    parse_board(text, shape);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    return e.what();
  }
  return "no error";
}

TEST(Board, AllNotationsGiveTheSameBoard) {
  const Board a = parse_board("283104765");
  EXPECT_EQ(parse_board("2,8,3,1,0,4,7,6,5"), a);
  EXPECT_EQ(parse_board("2 8 3 1 0 4 7 6 5"), a);
  EXPECT_EQ(parse_board(" 283/104/765\n"), a);
  EXPECT_EQ(parse_board("2,8,3/1,0,4/7,6,5"), a);
  EXPECT_EQ(parse_board("283/1_4/765"), a);
  EXPECT_EQ(a.shape(), (Shape{3, 3}));
  EXPECT_EQ(a.blank(), 4);
}

TEST(Board, ShapeFromRowsSizeOrSquareCount) {
  EXPECT_EQ(parse_board("123/450").shape(), (Shape{2, 3}));
  EXPECT_EQ(parse_board("1,2,3,4,5,0", Shape{3, 2}).shape(), (Shape{3, 2}));
  EXPECT_EQ(parse_board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0").shape(), (Shape{4, 4}));
  std::string big;
  for (int i = 1; i < 64; ++i) big += std::to_string(i) + ",";
  EXPECT_EQ(parse_board(big + "0").shape(), (Shape{8, 8}));
}

TEST(Board, FormatReadsBack) {
  for (const char* text :
       {"283104765", "123/450", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0", "12/30"}) {
    const Board b = parse_board(text);
    EXPECT_EQ(parse_board(format_board(b)), b) << text;
  }
  EXPECT_EQ(format_board(parse_board("2,8,3,1,0,4,7,6,5")), "283104765");
}

TEST(Board, EveryMalformedBoardNamesTheProblem) {
  EXPECT_NE(error_of("").find("empty"), std::string::npos);
  EXPECT_NE(error_of("   ").find("empty"), std::string::npos);
  EXPECT_NE(error_of("12345678").find("square"), std::string::npos);
  EXPECT_NE(error_of("283104766").find("tile 6 appears twice"), std::string::npos);
  EXPECT_NE(error_of("1,2,3,4,5,6,7,8,9").find("tile 9 is out of range"), std::string::npos);
  EXPECT_NE(error_of("28310476x").find("unexpected character 'x'"), std::string::npos);
  EXPECT_NE(error_of("123/45").find("row 2 has 2 tiles"), std::string::npos);
  EXPECT_NE(error_of("123//456").find("row 2 is empty"), std::string::npos);
  EXPECT_NE(error_of("1234567890123456").find("one digit per tile"), std::string::npos);
  EXPECT_NE(error_of("1,2,3,0", Shape{2, 3}).find("needs 6 tiles, got 4"), std::string::npos);
  EXPECT_NE(error_of("123/450", Shape{3, 2}).find("but the size is 3x2"), std::string::npos);
  EXPECT_NE(error_of("1,0").find("square"), std::string::npos);
  EXPECT_NE(error_of("1,2,99999,0").find("out of range"), std::string::npos);
  EXPECT_NE(error_of(std::string(5000, '1')).find("too long"), std::string::npos);
  EXPECT_NE(error_of("1,2,3,4,5,6,7,8,9,0", Shape{1, 10}).find("out of range"), std::string::npos);
  EXPECT_NE(error_of("1,2,3,0", Shape{17, 17}).find("out of range"), std::string::npos);
}

TEST(Board, ParseShape) {
  EXPECT_EQ(parse_shape("3"), (Shape{3, 3}));
  EXPECT_EQ(parse_shape("2x5"), (Shape{2, 5}));
  EXPECT_EQ(parse_shape("8X8"), (Shape{8, 8}));
  EXPECT_EQ(parse_shape("16x10"), (Shape{16, 10}));
  for (const char* bad : {"", "x", "1", "17", "3x", "3x3x3", "-3", "abc", "100x100", "16x17"}) {
    EXPECT_THROW(parse_shape(bad), Error) << bad;
  }
}

TEST(Board, MovesAreNamedByTheBlank) {
  Board b = parse_board("123405678");  // blank in the centre
  b.apply(Move::Up);
  EXPECT_EQ(b, parse_board("103425678"));
  b.apply(Move::Left);
  EXPECT_EQ(b, parse_board("013425678"));
  EXPECT_FALSE(b.can_apply(Move::Up));
  EXPECT_FALSE(b.can_apply(Move::Left));
  EXPECT_THROW(b.apply(Move::Left), Error);
  EXPECT_STREQ(tile_direction_name(Move::Up), "down");
  EXPECT_EQ(moves_to_string(moves_from_string("udlr")), "UDLR");
  EXPECT_THROW(moves_from_string("UX"), Error);
}

TEST(Board, StandardGoal) {
  EXPECT_EQ(format_board(Board::standard_goal({3, 3})), "123456780");
  EXPECT_EQ(format_board(Board::standard_goal({2, 3})), "123/450");
}

}  // namespace
}  // namespace slidegif::detail

namespace slidegif::detail {
namespace {

TEST(Board, ASquareTooLargeSaysWhatWasUnderstoodAndTheLimit) {
  std::string tiles = "0";
  for (int t = 1; t < 289; ++t) tiles += "," + std::to_string(t % 256);
  try {
    parse_board(tiles);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "289 tiles make a 17x17 board; boards are 2 to 16 rows and columns (up to 16x16, "
              "256 tiles)");
  }
}

}  // namespace
}  // namespace slidegif::detail
