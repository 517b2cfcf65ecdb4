// What a set costs to build, known before building it: the file's size exactly (checked
// against a file built here), and the long builds told from the short ones.
#include "app/data/pdb_cost.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "private_home.hpp"
#include "run_binary.hpp"

namespace slidegif::app {
namespace {

TEST(PdbCost, TheFileSizeIsTheTablesOfTheBuiltFile) {
  const auto cost = pdb_build_cost(Board::standard_goal({4, 4}), "small");
  const auto file = std::filesystem::file_size(testing::small_pdb_dir() + "/4x4-small.pdb");
  // The file is the tables and a 4 KB header (pdb_format.hpp), aligned.
  EXPECT_LE(cost.file_bytes, file);
  EXPECT_GT(cost.file_bytes + 64 * 1024, file);
  EXPECT_FALSE(cost.is_long());
}

TEST(PdbCost, LongBuildsAreTheOnesMeasuredLong) {
  // Measured with /usr/bin/time (docs/BENCHMARKS.md): 2x8 513 MB, 74 CPU-s; 3x5 164 MB;
  // 4x4 large 2.29 GB; 2x7 80 MB, 12 CPU-s; 4x4 small 57 MB, 4.5 CPU-s.
  const auto two_by_eight = pdb_build_cost(Board::standard_goal({2, 8}), "large");
  EXPECT_TRUE(two_by_eight.is_long());
  EXPECT_NEAR(static_cast<double>(two_by_eight.memory_bytes), 513e6, 0.1 * 513e6);
  EXPECT_NEAR(static_cast<double>(two_by_eight.file_bytes), 57.7e6, 0.01 * 57.7e6);
  EXPECT_TRUE(pdb_build_cost(Board::standard_goal({3, 5}), "large").is_long());
  EXPECT_NEAR(
      static_cast<double>(pdb_build_cost(Board::standard_goal({4, 4}), "large").memory_bytes),
      2.29e9, 0.1 * 2.29e9);
  EXPECT_FALSE(pdb_build_cost(Board::standard_goal({2, 7}), "large").is_long());
  EXPECT_FALSE(pdb_build_cost(Board::standard_goal({3, 4}), "large").is_long());
  EXPECT_NE(describe(two_by_eight).find("57.7 MB on disk"), std::string::npos)
      << describe(two_by_eight);
}

TEST(PdbCost, ALongFirstUseBuildIsNotStartedUnasked) {
  // Off a terminal (as here) and without --yes: refused at once, nothing built.
  const auto r = testing::run_slidegif({"random", "--size", "2x8", "--seed", "1"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("needs its pattern database first (57.7 MB on disk"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("'slidegif pdb build --size 2x8' builds it, or add --yes"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(testing::private_cache_dir() + "/2x8-large.pdb"));
  // Without databases the same puzzle is answered (near-optimally), as --no-pdb asks.
  const auto none = testing::run_slidegif(
      {"random", "--size", "2x8", "--seed", "1", "--no-pdb", "--max-seconds", "1"});
  EXPECT_EQ(none.exit_code, 0) << none.err;
}

}  // namespace
}  // namespace slidegif::app
