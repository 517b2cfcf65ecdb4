// Distance-table files: a saved table loads and answers like the search it came from; damaged,
// truncated and foreign files are refused naming the problem; a failed write leaves nothing.
#include "app/table_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/distance_tables.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"

namespace slidegif::app {
namespace {

using testing::TempDir;

FullSearch search(const char* goal) {
  return full_search(parse_board(goal));
}

std::string refusal(const std::string& path) {
  try {
    load_table_file(path);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    return e.what();
  }
  return "";
}

void poke(const std::string& path, std::size_t at, char byte) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(at));
  f.put(byte);
}

TEST(TableFile, RoundTripAnswersLikeTheSearch) {
  TempDir dir;
  const FullSearch all = search("123/450");
  const std::string path = save_table_file(dir.path(), all);
  EXPECT_EQ(std::filesystem::path(path).filename(), "2x3-distances.dist");
  EXPECT_EQ(dir.entries().size(), 1u);
  const LoadedTable loaded = load_table_file(path);
  EXPECT_EQ(loaded.table->histogram(), all.histogram);
  EXPECT_EQ(format_board(loaded.table->goal()), "123/450");
  for (std::uint64_t i = 0; i < all.index.size(); ++i)
    ASSERT_EQ(loaded.table->mod3(i), mod3_entry(all.mod3.data(), i));
  EXPECT_EQ(loaded.table->distance(parse_board("450/123")), 21);
  const std::string other = save_table_file(dir.path(), search("012/345"));
  EXPECT_EQ(std::filesystem::path(other).filename(), "2x3-distances-0.1.2.3.4.5.dist");
  EXPECT_EQ(table_files(dir.path(), {2, 3}).size(), 2u);
  EXPECT_TRUE(table_files(dir.path(), {3, 2}).empty());
}

TEST(TableFile, DamagedTruncatedAndForeignFilesAreRefused) {
  TempDir dir;
  const std::string path = save_table_file(dir.path(), search("123/450"));
  const auto size = std::filesystem::file_size(path);
  poke(path, 4096 + 10, '\x55');
  EXPECT_NE(refusal(path).find("table checksum mismatch"), std::string::npos) << refusal(path);
  save_table_file(dir.path(), search("123/450"));
  poke(path, 20, '\x07');
  EXPECT_NE(refusal(path).find("header checksum mismatch"), std::string::npos);
  save_table_file(dir.path(), search("123/450"));
  std::filesystem::resize_file(path, size - 1);
  EXPECT_NE(refusal(path).find("size"), std::string::npos) << refusal(path);
  std::ofstream(dir.file("junk.dist")) << "GIF89a, not a table";
  EXPECT_NE(refusal(dir.file("junk.dist")).find("truncated"), std::string::npos);
  std::ofstream(dir.file("big.dist")) << std::string(5000, 'x');
  EXPECT_NE(refusal(dir.file("big.dist")).find("not a slidegif distance table"), std::string::npos);
  EXPECT_NE(refusal(path).find(path), std::string::npos) << "names the file";
}

TEST(TableFile, AFailedWriteLeavesNothing) {
  TempDir dir;
  const std::string blocked = dir.file("file-not-dir");
  std::ofstream(blocked) << "x";
  EXPECT_ANY_THROW(save_table_file(blocked, search("12/30")));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"file-not-dir"});
}

TEST(DistanceTables, SavedTablesServeBoardsTooLargeToBuild) {
  TempDir dir;
  save_table_file(dir.path(), search("123/450"));
  DistanceTables none({.max_build_bytes = 100, .build_to_solve = true, .dir = ""});
  EXPECT_EQ(none(parse_board("123/450"), false), nullptr);
  DistanceTables saved({.max_build_bytes = 100, .build_to_solve = true, .dir = dir.path()});
  const DistanceTable* t = saved(parse_board("123/450"), false);
  ASSERT_NE(t, nullptr);
  EXPECT_FALSE(t->exact());
  EXPECT_EQ(saved(parse_board("321/054"), false), t) << "framed by a mirror and relabelled";
  DistanceTables built({.max_build_bytes = 1000, .build_to_solve = false, .dir = ""});
  EXPECT_EQ(built(parse_board("123/450"), false), nullptr) << "not built to solve";
  ASSERT_NE(built(parse_board("123/450"), true), nullptr) << "built to draw";
  EXPECT_TRUE(built(parse_board("123/450"), false)->exact()) << "kept once built";
}

}  // namespace
}  // namespace slidegif::app
