// The CGI binary with the multi-tile set where the server keeps its databases
// (SLIDEGIF_PDB_DIR): a 3x5 board that the walking distance cannot prove within the request
// budget is answered optimal with it, and marked "not optimal" without it.

#include <gtest/gtest.h>

#include <string>

#include "run_binary.hpp"

namespace slidegif {
namespace {

// The X-Slidegif-Puzzle header of the CGI's answer to `query`, with SLIDEGIF_PDB_DIR=dir.
std::string puzzle_header(const std::string& query, const std::string& dir) {
  const auto r = testing::run_binary(
      {std::string(SLIDEGIF_PROGRAM_DIR) + "/slidegif.cgi"}, {},
      {{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}, {"SLIDEGIF_PDB_DIR", dir}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("X-Slidegif-Puzzle: ");
  if (at == std::string::npos) return r.out.substr(0, 300);
  return r.out.substr(at, r.out.find('\n', at) - at);
}

TEST(MultiTileCgi, TheServersDatabaseProvesWhatTheBudgetCannotWithout) {
  testing::TempDir with;
  testing::TempDir without;
  const auto built = testing::run_slidegif(
      {"pdb", "build", "--set", "mtm", "--size", "3x5", "--dir", with.path()});
  ASSERT_EQ(built.exit_code, 0) << built.err;
  // 31 line moves; the walking distance needs about 147 million nodes (the budget is 60).
  const std::string query = "start=0,5,12,3,7/10,14,1,13,9/4,6,11,2,8&metric=mtm&tween=1";
  EXPECT_NE(puzzle_header(query, with.path()).find("31 mtm moves (optimal)"), std::string::npos)
      << puzzle_header(query, with.path());
  EXPECT_NE(puzzle_header(query, without.path()).find("(not optimal)"), std::string::npos)
      << puzzle_header(query, without.path());
  EXPECT_TRUE(without.entries().empty());  // the CGI never builds one
}

}  // namespace
}  // namespace slidegif
