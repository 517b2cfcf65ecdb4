// The multi-tile set (kMultiTileSet) through the store, the library and the binary: built on
// first use where it is quick, a long build declined with a note (the search goes on without
// it), checked like the other sets, and used by `solve --metric mtm` (api_test.cpp: by the
// library's Solver).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/data/pdb_cost.hpp"
#include "app/data/pdb_store.hpp"
#include "run_binary.hpp"
#include "solve/pattern/partition_presets.hpp"

namespace slidegif {
namespace {

TEST(MultiTileDatabases, BuiltOnFirstUseLoadedAndChecked) {
  testing::TempDir dir;
  const Board goal = Board::standard_goal({3, 4});
  std::vector<std::string> notes;
  auto note = [&](const std::string& n) { notes.push_back(n); };
  EXPECT_FALSE(app::load_multi_tile_pdb(goal, dir.path(), false, note));
  EXPECT_TRUE(notes.empty());
  auto pdb = app::load_multi_tile_pdb(goal, dir.path(), true, note);
  ASSERT_TRUE(pdb);
  ASSERT_TRUE(pdb->multi_tile);
  EXPECT_FALSE(pdb->heuristic);
  EXPECT_EQ(pdb->set, "mtm");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("--set mtm --size 3x4"), std::string::npos) << notes[0];
  auto files = dir.entries();
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files, (std::vector<std::string>{"3x4-mtm.pdb", "3x4-mtm.pdb.ok"}));
  // The single-tile sets never take it for theirs.
  EXPECT_FALSE(app::load_best_pdb(goal, dir.path(), false));
  const auto status = app::pdb_status(dir.path(), goal);
  ASSERT_EQ(status.size(), 4u);
  EXPECT_EQ(status[3].set, "mtm");
  EXPECT_TRUE(status[3].trusted);
  // A damaged table is refused, and rebuilt on the next first use.
  {
    std::FILE* f = std::fopen(dir.file("3x4-mtm.pdb").c_str(), "r+b");
    ASSERT_TRUE(f);
    std::fseek(f, 5000, SEEK_SET);
    std::fputc(0x55, f);
    std::fclose(f);
  }
  EXPECT_FALSE(app::load_pdb_file(dir.file("3x4-mtm.pdb"), app::PdbVerify::Full));
}

TEST(MultiTileDatabases, ALongBuildDeclinedLeavesANoteAndNoFile) {
  testing::TempDir dir;
  const Board goal = Board::standard_goal({4, 4});
  const app::PdbBuildCost cost = app::pdb_build_cost(goal, detail::kMultiTileSet);
  EXPECT_EQ(cost.file_bytes, 2 * 57'657'600ULL + 43'680ULL);  // 16!/9! twice, 16!/12!
  EXPECT_TRUE(cost.is_long());
  EXPECT_FALSE(app::pdb_build_cost(Board::standard_goal({3, 4}), detail::kMultiTileSet).is_long());
  std::vector<std::string> notes;
  std::string asked;
  auto pdb = app::load_multi_tile_pdb(
      goal, dir.path(), true, [&](const std::string& n) { notes.push_back(n); }, {},
      [&](const std::string& c) {
        asked = c;
        return false;
      });
  EXPECT_FALSE(pdb);
  EXPECT_NE(asked.find("115.4 MB"), std::string::npos) << asked;
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("'slidegif pdb build --set mtm'"), std::string::npos) << notes[0];
  EXPECT_TRUE(dir.entries().empty());
  EXPECT_FALSE(app::load_multi_tile_pdb(Board::standard_goal({5, 5}), dir.path(), true));
}

TEST(MultiTileDatabases, ThroughTheBinary) {
  testing::TempDir dir;
  auto r =
      testing::run_slidegif({"pdb", "build", "--set", "mtm", "--size", "4x3", "--dir", dir.path()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("4x3-mtm.pdb"), std::string::npos) << r.out;
  r = testing::run_slidegif({"pdb", "status", "--size", "4x3", "--dir", dir.path()});
  EXPECT_NE(r.out.find("mtm        ok"), std::string::npos) << r.out;
  const std::vector<std::string> solve = {"random",   "--size", "4x3",       "--seed",   "3",
                                          "--metric", "mtm",    "--pdb-dir", dir.path(), "--json"};
  r = testing::run_slidegif(solve);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"optimal\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("multi-tile pattern database"), std::string::npos) << r.out;
  auto without = solve;
  without.push_back("--no-pdb");
  const auto w = testing::run_slidegif(without);
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_NE(w.out.find("walking distance"), std::string::npos) << w.out;
  auto length = [](const std::string& json) {
    const auto at = json.find("\"length\":");
    return at == std::string::npos ? -1 : std::stoi(json.substr(at + 9));
  };
  EXPECT_EQ(length(r.out), length(w.out));
  EXPECT_GT(length(r.out), 0);
  // 4x4's set is long to build: off a terminal it is not built; the answer comes without it.
  testing::TempDir empty;
  r = testing::run_slidegif({"solve", "1,6,2,3/5,12,8,4/14,10,15,11/9,13,7,0", "--metric", "mtm",
                             "--pdb-dir", empty.path(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("slidegif pdb build --set mtm"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("walking distance"), std::string::npos) << r.out;
  EXPECT_TRUE(empty.entries().empty());
  r = testing::run_slidegif({"pdb", "build", "--set", "mtm", "--size", "5", "--dir", dir.path()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("12 to 16 cells"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slidegif
