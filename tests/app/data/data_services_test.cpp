// The one wiring of databases and tables every front end uses: each database loaded once per
// goal whose files serve it, a server's keeping only the standard goal's, tables as the policy
// says, and nothing loaded where there is no loader.
#include "app/data/data_services.hpp"

#include <gtest/gtest.h>

#include "pdb_fixture.hpp"

namespace slidegif::app {
namespace {

// Counts the loads, reading the small set.
struct CountingLoader {
  int* loads;
  PdbLoader read = read_pdbs(testing::small_pdb_dir());
  std::optional<LoadedPdb> operator()(const Board& goal, Metric metric) const {
    ++*loads;
    return read(goal, metric);
  }
};

TEST(DataServices, GoalsFramedOntoOneSetShareOneLoad) {
  int loads = 0;
  DataServices data({.load = CountingLoader{&loads}});
  const Board standard = Board::standard_goal({4, 4});
  const Board blank_last = parse_board("1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0");
  const detail::PdbHeuristic* first = data.pattern_database(standard);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(data.pattern_database(standard), first);
  EXPECT_EQ(data.pattern_database(blank_last), first);  // framed onto the standard goal's files
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(data.pattern_database(Board::standard_goal({3, 3})), nullptr);  // no presets
  EXPECT_EQ(loads, 2);
  EXPECT_EQ(data.pattern_database(Board::standard_goal({3, 3})), nullptr);
  EXPECT_EQ(loads, 2);  // a missing one is remembered as missing
}

TEST(DataServices, AServerKeepsTheStandardGoalsAndOneOther) {
  int loads = 0;
  DataServices data({.load = CountingLoader{&loads}, .keep_standard_only = true});
  const Board standard = Board::standard_goal({4, 4});
  const Board blank_inside = parse_board("1,2,3,4/5,0,6,7/8,9,10,11/12,13,14,15");
  ASSERT_NE(data.pattern_database(standard), nullptr);
  EXPECT_EQ(data.pattern_database(blank_inside), nullptr);  // no files for it in the set
  EXPECT_EQ(data.pattern_database(blank_inside), nullptr);
  EXPECT_EQ(loads, 3);  // the other goal is looked up every time, into one slot
  EXPECT_NE(data.pattern_database(standard), nullptr);
  EXPECT_EQ(loads, 3);
}

TEST(DataServices, WiredServicesAnswerFromIt) {
  DataServices data({.load = read_pdbs(testing::small_pdb_dir()),
                     .tables = {.max_build_bytes = 1'000'000, .build_to_solve = true, .dir = {}}});
  Services services;
  data.wire(services);
  const Board goal = Board::standard_goal({4, 4});
  EXPECT_EQ(services.pattern_database(goal), data.pattern_database(goal));
  EXPECT_EQ(services.multi_tile_database(goal), nullptr);  // the small set has none
  const detail::DistanceTable* table = services.distance_table(Board::standard_goal({3, 3}), false);
  ASSERT_NE(table, nullptr);  // 181 KB: built under the policy's limit
  EXPECT_EQ(services.distance_table(Board::standard_goal({3, 3}), false), table);
  EXPECT_EQ(services.distance_table(goal, false), nullptr);  // 4x4's would be 10^13 bytes
}

TEST(DataServices, NoLoaderNoDatabases) {
  DataServices data({.load = read_pdbs("")});
  EXPECT_EQ(data.pattern_database(Board::standard_goal({4, 4})), nullptr);
  EXPECT_EQ(data.multi_tile_database(Board::standard_goal({4, 4})), nullptr);
}

}  // namespace
}  // namespace slidegif::app
