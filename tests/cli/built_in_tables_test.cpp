// The three 3x3 tables built into the command line: each one the full search of its goal, the
// goal the command line would build for its class (corner, edge, centre of the blank), so
// every 3x3 goal is served by one of them.
#include "cli/built_in_tables.hpp"

#include <gtest/gtest.h>

#include "app/data/distance_tables.hpp"
#include "app/data/table_file.hpp"
#include "solve/table/full_search.hpp"

namespace slidegif {
namespace {

TEST(BuiltInTables, EachIsTheFullSearchOfItsClass) {
  const auto built_in = cli::built_in_tables();
  ASSERT_EQ(built_in.size(), 3u);
  const int blank_cells[] = {8, 1, 4};  // corner, edge, centre
  for (std::size_t k = 0; k < built_in.size(); ++k) {
    const auto table = app::view_table_bytes(built_in[k], "built in");
    std::vector<std::uint8_t> tiles = {1, 2, 3, 4, 5, 6, 7, 8};
    tiles.insert(tiles.begin() + blank_cells[k], 0);
    EXPECT_EQ(table->goal(), app::table_goal_for(Board({3, 3}, tiles)));
    detail::FullSearchOptions options;
    options.storage = detail::DistanceStorage::Mod3;
    const detail::FullSearch all = full_search(table->goal(), options);
    EXPECT_EQ(table->histogram(), all.histogram);
    for (std::uint64_t i = 0; i < all.index.size(); ++i)
      ASSERT_EQ(table->mod3(i), detail::mod3_entry(all.mod3.data(), i)) << "table " << k;
  }
}

TEST(BuiltInTables, EveryBlankCellIsServed) {
  app::DistanceTables tables({.max_build_bytes = 0, .build_to_solve = true, .dir = ""},
                             cli::built_in_tables());
  for (int blank = 0; blank < 9; ++blank) {
    std::vector<std::uint8_t> tiles = {8, 7, 6, 5, 4, 3, 2, 1};
    tiles.insert(tiles.begin() + blank, 0);
    const detail::DistanceTable* t = tables(Board({3, 3}, tiles), false);
    ASSERT_NE(t, nullptr) << "blank at " << blank;
    EXPECT_EQ(t->build_seconds(), 0) << "blank at " << blank;
  }
}

}  // namespace
}  // namespace slidegif
