// Distance-table files: a saved table loads and answers like the search it came from; damaged,
// truncated, foreign and older files are refused naming the problem; a failed write leaves
// nothing; every distance draws uniformly, from the rare layers' lists or by rejection.
#include "app/data/table_file.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <thread>

#include "app/data/distance_tables.hpp"
#include "bfs_reference.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::app {
namespace {

using testing::TempDir;

detail::FullSearch search(const char* goal) {
  return detail::full_search(parse_board(goal));
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
  const detail::FullSearch all = search("123/450");
  const std::string path = save_table_file(dir.path(), all);
  EXPECT_EQ(std::filesystem::path(path).filename(), "2x3-distances.dist");
  EXPECT_EQ(dir.entries().size(), 1u);
  const LoadedTable loaded = load_table_file(path);
  EXPECT_EQ(loaded.table->histogram(), all.histogram);
  EXPECT_EQ(format_board(loaded.table->goal()), "123/450");
  for (std::uint64_t i = 0; i < all.index.size(); ++i)
    ASSERT_EQ(loaded.table->mod3(i), detail::mod3_entry(all.mod3.data(), i));
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

TEST(TableFile, EveryDistanceDrawsExactlyFromListsOrByRejection) {
  // Thresholds that list no layer (these boards are too small to have rare ones), some, and
  // all; a framed goal (the mirror of the saved one) for 2x3.
  const std::pair<const char*, const char*> boards[] = {{"123/450", "321/054"},
                                                        {"1234/5670", "1234/5670"}};
  for (const auto& [saved, goal_text] : boards) {
    const Board goal = parse_board(goal_text);
    const auto reference = testing::bfs_distances(goal);  // independent of the full search
    std::map<int, std::set<std::uint64_t>> layers;
    for (const auto& [packed, d] : reference) layers[d].insert(packed);
    const detail::FullSearch all = search(saved);
    for (std::uint64_t rare : {std::uint64_t{0}, all.index.size() / 100, all.index.size()}) {
      TempDir dir;
      const LoadedTable loaded = load_table_file(save_table_file(dir.path(), all, rare));
      const detail::DistanceTable& table = *loaded.table;
      ASSERT_EQ(table.gods_number(), layers.rbegin()->first);
      detail::Random rng(7);
      int listed = 0;
      for (int d = 0; d <= table.gods_number(); ++d) {
        const std::uint64_t limit = rare > 0 ? rare : all.index.size() / kRareLayerShare;
        const bool is_rare = table.histogram()[static_cast<std::size_t>(d)] <= limit;
        EXPECT_EQ(table.listed(d), is_rare) << saved << " " << rare << " " << d;
        listed += is_rare;
        // Small listed layers: every state comes up (uniform draws miss one of 16 in 400 draws
        // with probability below 1e-9). Few draws by rejection: slow on so rare a layer.
        const auto& layer = layers[d];
        const bool cover = is_rare && layer.size() <= 16;
        const int draws = cover ? 400 : 3;
        std::set<std::uint64_t> seen;
        for (int i = 0; i < draws; ++i) {
          const Board start = pick_at_distance(goal, d, table, rng);
          ASSERT_EQ(reference.at(testing::pack(start)), d) << saved << " " << rare;
          seen.insert(testing::pack(start));
        }
        if (cover) {
          EXPECT_EQ(seen, layer) << saved << " " << d;
        }
      }
      EXPECT_EQ(reference.at(testing::pack(pick_at_distance(goal, kHardestMoves, table, rng))),
                table.gods_number());
      if (rare == all.index.size() / 100) {
        EXPECT_GT(listed, 0);
        EXPECT_LT(listed, table.gods_number() + 1);
      }
    }
  }
}

TEST(TableFile, ContentsAreCheckedOnceAndAgainWhenTheFileChanges) {
  // Like the pattern databases (pdb_trust.hpp): the first load reads the whole file and
  // records it; later loads of the same file (device, inode, size, mtime, ctime) check only the
  // header. A file changed in the last clock tick is checked but not recorded.
  TempDir dir;
  const std::string path = save_table_file(dir.path(), search("123/450"));
  EXPECT_FALSE(std::filesystem::exists(path + ".ok"));
  load_table_file(path);
  EXPECT_FALSE(std::filesystem::exists(path + ".ok")) << "written a moment ago: not recorded";
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  load_table_file(path);
  EXPECT_TRUE(std::filesystem::exists(path + ".ok"));
  EXPECT_EQ(refusal(path), "") << "trusted";
  // Changed in place with its mtime put back: the ctime, which only the kernel sets, moved.
  const auto written = std::filesystem::last_write_time(path);
  poke(path, 4096 + 10, '\x55');
  std::filesystem::last_write_time(path, written);
  EXPECT_NE(refusal(path).find("table checksum mismatch"), std::string::npos) << refusal(path);
  EXPECT_EQ(table_files(dir.path(), {2, 3}), std::vector<std::string>{path}) << "no .ok listed";
}

TEST(TableFile, DamagedListsAndOlderFilesAreRefused) {
  TempDir dir;
  const detail::FullSearch all = search("1234/5670");
  const std::string path = save_table_file(dir.path(), all, 50);
  const std::size_t lists = 4096 + full_search_bytes({2, 4}, detail::DistanceStorage::Mod3);
  ASSERT_GT(std::filesystem::file_size(path), lists) << "some layers listed";
  poke(path, lists + 3, '\x11');
  EXPECT_NE(refusal(path).find("lists checksum mismatch"), std::string::npos) << refusal(path);
  // An older file (version 1: no lists): refused, saying to save it again.
  save_table_file(dir.path(), all, 50);
  poke(path, 8, '\x01');
  const std::string old = refusal(path);
  EXPECT_NE(old.find("format version 1 (this slidegif reads 2"), std::string::npos) << old;
  EXPECT_NE(old.find("save it again"), std::string::npos) << old;
  // Rare layers the search did not list cannot be saved.
  detail::FullSearchOptions few;
  few.list_limit = 1;
  EXPECT_THROW(save_table_file(dir.path(), full_search(parse_board("1234/5670"), few), 50),
               std::runtime_error);
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
  const detail::DistanceTable* t = saved(parse_board("123/450"), false);
  ASSERT_NE(t, nullptr);
  EXPECT_FALSE(t->exact());
  EXPECT_EQ(saved(parse_board("321/054"), false), t) << "framed by a mirror and relabelled";
  DistanceTables built({.max_build_bytes = 1000, .build_to_solve = false, .dir = ""});
  EXPECT_EQ(built(parse_board("123/450"), false), nullptr) << "not built to solve";
  ASSERT_NE(built(parse_board("123/450"), true), nullptr) << "built to draw";
  EXPECT_TRUE(built(parse_board("123/450"), false)->exact()) << "kept once built";
}

TEST(DistanceTables, ADamagedFileIsRefusedEveryTime) {
  // Once refused, the shape's files must not count as listed: a batch's later puzzles would
  // then be searched without the tables, silently.
  TempDir dir;
  const std::string path = save_table_file(dir.path(), search("123/450"));
  poke(path, 4096 + 10, '\x55');
  DistanceTables saved({.max_build_bytes = 100, .build_to_solve = true, .dir = dir.path()});
  for (int call = 0; call < 2; ++call)
    EXPECT_THROW(saved(parse_board("123/450"), false), Error) << "call " << call;
  save_table_file(dir.path(), search("123/450"));
  EXPECT_NE(saved(parse_board("123/450"), false), nullptr) << "mended: found";
}

std::vector<std::uint8_t> bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Bytes that outlive the tables (the command line's built-in ones) serve a solve of their
// class without a build, checked first; a pick still builds its exact table.
TEST(DistanceTables, BuiltInTablesServeInsteadOfABuild) {
  TempDir dir;
  const detail::FullSearch all = search("123/450");
  const std::vector<std::uint8_t> bytes = bytes_of(save_table_file(dir.path(), all));
  DistanceTables tables({}, {bytes});
  const detail::DistanceTable* t = tables(parse_board("321/054"), false);  // a mirror of the goal
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->build_seconds(), 0) << "viewed, not built";
  EXPECT_EQ(format_board(t->goal()), "123/450");
  for (std::uint64_t i = 0; i < all.index.size(); ++i)
    ASSERT_EQ(t->mod3(i), detail::mod3_entry(all.mod3.data(), i));
  EXPECT_EQ(tables(parse_board("123/450"), false), t);
  const detail::DistanceTable* drawn = tables(parse_board("123/450"), true);
  ASSERT_NE(drawn, nullptr);
  EXPECT_TRUE(drawn->exact()) << "a pick of the board needs exact distances: built";
  // Another class (the blank in the middle of a side) is built as before.
  const detail::DistanceTable* other = tables(parse_board("103/452"), false);
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other->build_seconds(), 0);

  // A damaged one among good ones is refused at every call, not only the first.
  std::vector<std::uint8_t> damaged = bytes;
  damaged[4096 + 10] ^= 0x55;
  DistanceTables refused({}, {bytes, damaged});
  for (int call = 0; call < 2; ++call) {
    try {
      refused(parse_board("123/450"), false);
      ADD_FAILURE() << "damaged built-in bytes were used, call " << call;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput);
      EXPECT_NE(std::string(e.what()).find("table checksum mismatch"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace slidegif::app
