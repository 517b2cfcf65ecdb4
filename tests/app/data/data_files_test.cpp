// The data directory's inventory: every file of ours listed and checked, a damaged one named,
// clean removes ours and nothing else.
#include "app/data/data_files.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "private_home.hpp"
#include "run_binary.hpp"

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;
using K = DataFile::Kind;

TEST(DataFiles, NamesOfOursAndOfOthers) {
  K k;
  EXPECT_TRUE(is_data_file_name("4x4-small.pdb", &k));
  EXPECT_EQ(k, K::PatternDatabase);
  EXPECT_TRUE(is_data_file_name("3x4-distances.dist", &k));
  EXPECT_EQ(k, K::DistanceTable);
  EXPECT_TRUE(is_data_file_name("move-pieces.bin", &k));
  EXPECT_EQ(k, K::MovePieces);
  EXPECT_TRUE(is_data_file_name("4x4-small.pdb.ok", &k));
  EXPECT_EQ(k, K::TrustStamp);
  EXPECT_TRUE(is_data_file_name(".4x4-large.pdb.a1B2c3", &k));
  EXPECT_EQ(k, K::Leftover);
  for (const char* other : {"notes.txt", "pdb", ".ok", "x.ok", ".bashrc", "move-pieces.bin.bak"})
    EXPECT_FALSE(is_data_file_name(other)) << other;
}

TEST(DataFiles, ListedCheckedAndCleaned) {
  testing::TempDir dir;
  const std::string pdb = dir.file("4x4-small.pdb");
  fs::copy_file(testing::small_pdb_dir() + "/4x4-small.pdb", pdb);
  fs::copy_file(pdb, dir.file("4x4-large.pdb"));
  fs::resize_file(dir.file("4x4-large.pdb"), fs::file_size(pdb) / 2);  // cut short
  // Past the kernel's clock tick, so that checking the good copy stamps it (pdb_trust.hpp).
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  { std::ofstream(dir.file("3x3-distances.dist")) << "not a table"; }
  { std::ofstream(dir.file("keep-me.txt")) << "someone else's"; }

  const auto files = list_data_files(dir.path());
  ASSERT_EQ(files.size(), 3u);  // the stamp checking the good one writes comes after listing
  EXPECT_EQ(fs::path(files[0].path).filename(), "3x3-distances.dist");
  EXPECT_FALSE(files[0].trusted);
  EXPECT_NE(files[0].problem, "");
  EXPECT_EQ(fs::path(files[1].path).filename(), "4x4-large.pdb");
  EXPECT_FALSE(files[1].trusted);
  EXPECT_NE(files[1].problem, "");
  EXPECT_EQ(fs::path(files[2].path).filename(), "4x4-small.pdb");
  EXPECT_TRUE(files[2].trusted) << files[2].problem;
  EXPECT_EQ(files[2].bytes, fs::file_size(pdb));
  EXPECT_TRUE(fs::exists(pdb + ".ok"));

  const auto pdb_bytes = fs::file_size(pdb);
  const Removed removed = remove_data_files(dir.path());
  EXPECT_EQ(removed.files, 4u);  // the three and the good one's stamp
  EXPECT_GT(removed.bytes, pdb_bytes * 3 / 2);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"keep-me.txt"});
}

TEST(DataFiles, CleanKeepsTheDirectoryItEmptiesAndMissingIsNothing) {
  testing::TempDir dir;
  const std::string sub = dir.file("cache");
  fs::create_directories(sub);
  { std::ofstream(sub + "/move-pieces.bin") << "x"; }
  EXPECT_EQ(remove_data_files(sub).files, 1u);
  EXPECT_TRUE(fs::is_directory(sub));  // the operator's, as its link is (below)
  EXPECT_TRUE(list_data_files(sub).empty());
  EXPECT_EQ(remove_data_files(dir.file("missing")).files, 0u);
}

TEST(DataFiles, HumanSizes) {
  EXPECT_EQ(human_size(0), "0 bytes");
  EXPECT_EQ(human_size(999), "999 bytes");
  EXPECT_EQ(human_size(49'152), "49 KB");
  EXPECT_EQ(human_size(5'800'000), "5.8 MB");
  EXPECT_EQ(human_size(288'000'000), "288.0 MB");
  EXPECT_EQ(human_size(2'200'000'000), "2.2 GB");
}

TEST(DataFiles, CleanLeavesTheDirectoryAndALinkToIt) {
  const testing::TempDir dir;
  fs::create_directory(dir.file("disk"));
  fs::create_directory_symlink(dir.file("disk"), dir.file("cache"));
  std::ofstream(dir.file("disk/4x4-small.pdb")) << "not really";
  std::ofstream(dir.file("disk/notes.txt")) << "the operator's";
  const Removed removed = remove_data_files(dir.file("cache"));
  EXPECT_EQ(removed.files, 1u);
  EXPECT_TRUE(fs::is_symlink(dir.file("cache")));
  EXPECT_TRUE(fs::exists(dir.file("disk/notes.txt")));
  fs::remove(dir.file("disk/notes.txt"));
  EXPECT_EQ(remove_data_files(dir.file("cache")).files, 0u);  // empty now, and still there
  EXPECT_TRUE(fs::is_symlink(dir.file("cache")));
  EXPECT_TRUE(fs::is_directory(dir.file("disk")));
}

TEST(DataFiles, StatusAndCleanThroughTheBinary) {
  testing::install_small_pdb_in_cache();
  auto r = testing::run_slidegif({"pdb", "status"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(testing::private_cache_dir()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4x4-small.pdb"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pattern database, ok"), std::string::npos) << r.out;
  r = testing::run_slidegif({"pdb", "clean"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("removed 2 files (5.8 MB)"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(testing::private_cache_dir() + "/4x4-small.pdb"));
}

}  // namespace
}  // namespace slidegif::app
