// The command line's services: the font it names, pattern databases loaded once per goal, no
// progress line unless asked for on a terminal.
#include "cli/services.hpp"

#include <gtest/gtest.h>

#include "../pdb/pdb_fixture.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::cli {
namespace {

TEST(PatternDatabases, FourByFourGoalsAreLoadedOncePerGoal) {
  PatternDatabases databases(testing::small_pdb_dir());
  const Board goal = Board::standard_goal({4, 4});
  const PdbHeuristic* first = databases(goal);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(databases(goal), first);  // mapped once, not per call
  EXPECT_EQ(first->goal(), goal);
  EXPECT_EQ(databases(Board::standard_goal({3, 3})), nullptr);
}

TEST(CliServices, TheFontFlagAndTheDatabases) {
  OutputFlags flags;
  flags.font = testing::kTestFontPath;
  PatternDatabases databases(testing::small_pdb_dir());
  const app::Services s = cli_services(flags, databases, /*show_progress=*/false);
  EXPECT_EQ(s.font().name(), testing::kTestFontPath);
  EXPECT_FALSE(s.control.progress);
  EXPECT_EQ(s.pattern_database(Board::standard_goal({3, 3})), nullptr);
  EXPECT_NE(s.entropy(), s.entropy());  // the operating system's, not a constant
  flags.font = "/nonexistent.ttf";
  EXPECT_THROW(cli_services(flags, databases, false).font(), Error);
}

}  // namespace
}  // namespace slidegif::cli
