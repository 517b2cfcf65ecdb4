// The batch reader: lines, comments, splitting, the length bound.
#include "cli/batch_input.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "slidegif/error.hpp"

namespace slidegif::cli {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string line; read_batch_line(in, line);) out.push_back(line);
  return out;
}

TEST(ReadBatchLine, SplitsOnNewlinesKeepingALastPartialLine) {
  EXPECT_EQ(lines_of("a\nb c\n\nd"), (std::vector<std::string>{"a", "b c", "", "d"}));
  EXPECT_EQ(lines_of("a\n"), (std::vector<std::string>{"a"}));
  EXPECT_TRUE(lines_of("").empty());
  EXPECT_EQ(lines_of("x\r\n"), (std::vector<std::string>{"x\r"}));
}

TEST(ReadBatchLine, KeepsOnlyEnoughOfAHugeLineToRefuseIt) {
  const auto lines = lines_of(std::string(100'000, '1') + "\nnext");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].size(), kMaxBatchLine + 1);
  EXPECT_EQ(lines[1], "next");
  PuzzleSpec spec;
  try {
    parse_batch_line(lines[0], spec);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("line is too long"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(parse_batch_line(std::string(kMaxBoardText - 9, ' ') + "123456780", spec));
}

TEST(IsBlankOrComment, SpacesTabsCarriageReturnsAndHashes) {
  for (const char* line : {"", "  ", "\t\r", "# x", "   # indented"}) {
    EXPECT_TRUE(is_blank_or_comment(line)) << line;
  }
  for (const char* line : {"123456780", " 1 2 3 4 5 6 7 8 0", "x#"}) {
    EXPECT_FALSE(is_blank_or_comment(line)) << line;
  }
}

TEST(SplitBatchLine, SemicolonWordsOrOneSpacedBoard) {
  auto f = split_batch_line("1 2 3 ; 4 5 6");
  EXPECT_EQ(f.start, "1 2 3 ");
  EXPECT_EQ(f.goal, " 4 5 6");
  f = split_batch_line("283104765  123804765");
  EXPECT_EQ(f.start, "283104765");
  EXPECT_EQ(f.goal, "123804765");
  f = split_batch_line(" 867254301 ");
  EXPECT_EQ(f.start, "867254301");
  EXPECT_EQ(f.goal, "");
  f = split_batch_line("\t283104765\t123804765\r");  // any white space separates
  EXPECT_EQ(f.start, "283104765");
  EXPECT_EQ(f.goal, "123804765");
  f = split_batch_line("1 2 3 4 5 6 7 0 8");
  EXPECT_EQ(f.start, "1 2 3 4 5 6 7 0 8");
  EXPECT_EQ(f.goal, "");
}

TEST(ParseBatchLine, BoardsWithTheShapeAndTheStartsShapeForTheGoal) {
  PuzzleSpec spec{.shape = Shape{2, 4}};
  parse_batch_line("1,2,3,4,5,0,6,7 ; 1,2,3,4,5,6,0,7", spec);
  EXPECT_EQ(spec.start->shape(), (Shape{2, 4}));
  EXPECT_EQ(spec.goal->shape(), (Shape{2, 4}));
  PuzzleSpec keeps_goal{.goal = parse_board("123804765")};
  parse_batch_line("283104765", keeps_goal);
  EXPECT_EQ(keeps_goal.goal, parse_board("123804765"));  // the default goal stays
  PuzzleSpec bad;
  EXPECT_THROW(parse_batch_line("283104765 1234/5670", bad), Error);
}

}  // namespace
}  // namespace slidegif::cli
