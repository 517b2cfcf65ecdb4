// The command line's services: the font it names, pattern databases loaded once per goal, the
// built-in tables, no
// progress line unless asked for on a terminal.
#include "cli/services.hpp"

#include <gtest/gtest.h>

#include "pdb_fixture.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::cli {
namespace {

TEST(CliData, FourByFourGoalsAreLoadedOncePerGoal) {
  app::DataServices data(cli_data(testing::small_pdb_dir(), false));
  const Board goal = Board::standard_goal({4, 4});
  const detail::PdbHeuristic* first = data.pattern_database(goal);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(data.pattern_database(goal), first);  // mapped once, not per call
  EXPECT_EQ(first->goal(), goal);
  EXPECT_EQ(data.pattern_database(Board::standard_goal({3, 3})), nullptr);
  // The 3x3 tables built into the program answer without building.
  EXPECT_NE(data.distance_table(Board::standard_goal({3, 3}), false), nullptr);
}

TEST(CliServices, TheFontFlagAndTheDatabases) {
  JobFlags flags;
  flags.font = testing::kTestFontPath;
  app::DataServices data(cli_data(testing::small_pdb_dir(), false));
  const app::Services s = cli_services(flags, data, /*show_progress=*/false);
  EXPECT_EQ(s.font().name(), testing::kTestFontPath);
  EXPECT_FALSE(s.control.progress);
  EXPECT_EQ(s.pattern_database(Board::standard_goal({3, 3})), nullptr);
  EXPECT_NE(s.entropy(), s.entropy());  // the operating system's, not a constant
  flags.font = "/nonexistent.ttf";
  EXPECT_THROW(cli_services(flags, data, false).font(), Error);
}

}  // namespace
}  // namespace slidegif::cli
