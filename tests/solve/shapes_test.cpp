// Pattern databases for every shape of 12 to 16 cells: the partitions cover each tile once,
// the answers are as long as an independent solver's (plain IDA* with Manhattan distance, written
// here from scratch), and the files go through the store like the 4x4 ones.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>

#include "app/data/pdb_store.hpp"
#include "plain_ida_star.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "solve/board/random.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/pattern/pattern_table.hpp"
#include "solve/pdb_solve.hpp"

namespace slidegif::detail {
namespace {

const Shape kShapes[] = {{2, 6}, {6, 2}, {3, 4}, {4, 3}, {2, 7}, {7, 2},
                         {3, 5}, {5, 3}, {2, 8}, {8, 2}, {4, 4}};

using testing::PlainIdaStar;
using testing::random_walk;

TEST(ShapePartitions, EveryTileOnceInPatternsOfAtMostSeven) {
  for (const Shape shape : kShapes) {
    Random rng(7);
    for (const Board& goal : {Board::standard_goal(shape), random_board(shape, rng)}) {
      for (const char* set : {"small", "large"}) {
        const Partition part = preset_partition(set, goal);
        std::multiset<int> tiles;
        for (const auto& p : part) {
          EXPECT_LE(p.size(), (shape == Shape{4, 4} ? 8u : 7u));
          EXPECT_NO_THROW(check_pattern(goal, p));
          tiles.insert(p.begin(), p.end());
        }
        std::multiset<int> want;
        for (int t = 1; t < shape.cells(); ++t) want.insert(t);
        EXPECT_EQ(tiles, want) << format_shape(shape) << " " << set;
      }
    }
  }
  auto sizes = [](const Partition& part) {
    std::vector<std::size_t> s;
    for (const auto& p : part) s.push_back(p.size());
    return s;
  };
  const Board two_by_eight = Board::standard_goal({2, 8});
  EXPECT_EQ(sizes(preset_partition("small", two_by_eight)), (std::vector<std::size_t>{6, 6, 3}));
  EXPECT_EQ(sizes(preset_partition("large", two_by_eight)), (std::vector<std::size_t>{7, 7, 1}));
  // 4x4 keeps Korf & Felner's sets.
  EXPECT_EQ(sizes(preset_partition("small", Board::standard_goal({4, 4}))),
            (std::vector<std::size_t>{6, 6, 3}));
  EXPECT_EQ(sizes(preset_partition("large", Board::standard_goal({4, 4}))),
            (std::vector<std::size_t>{8, 7}));
  // 5x5 has its own presets (pdb24_test); 5x6 is past them.
  for (const Shape small_or_big : {Shape{3, 3}, Shape{2, 5}, Shape{3, 6}, Shape{5, 6}}) {
    EXPECT_FALSE(has_preset_partitions(small_or_big));
    EXPECT_THROW(preset_partition("small", Board::standard_goal(small_or_big)), Error);
  }
}

// Tables built in memory; lengths against the plain solver on walks of up to 34 moves.
void expect_optimal_lengths(Shape shape, const Board& goal, int instances) {
  const Partition part = preset_partition("small", goal);
  std::vector<std::vector<std::uint8_t>> tables;
  for (const auto& p : part) tables.push_back(build_pattern_table(goal, p, {}));
  const PdbHeuristic h(goal, part, {tables.begin(), tables.end()});
  PlainIdaStar reference(goal);
  Random rng(13);
  for (int i = 0; i < instances; ++i) {
    const Board start = random_walk(goal, 20 + static_cast<int>(rng.below(15)), rng);
    const auto r = search_with_pdb(
        start, goal, h, SearchLimits{.max_seconds = 0, .max_nodes = 0, .progress = {}, .stop = {}});
    ASSERT_TRUE(r.applicable && r.moves);
    Board end = start;
    end.apply_all(*r.moves);
    EXPECT_EQ(end, goal);
    EXPECT_EQ(static_cast<int>(r.moves->size()), reference.length(start))
        << format_shape(shape) << " " << format_board(start);
  }
}

TEST(ShapeDatabases, LengthsMatchPlainIdaStarWithManhattan) {
  for (const Shape shape : {Shape{3, 4}, Shape{4, 3}, Shape{2, 6}}) {
    expect_optimal_lengths(shape, Board::standard_goal(shape), 12);
    Random rng(5);
    expect_optimal_lengths(shape, random_board(shape, rng), 4);  // the blank anywhere
  }
}

TEST(ShapeDatabases, BuiltOnFirstUseCachedAndTrustedLikeFourByFour) {
  testing::TempDir dir;
  const Board goal = Board::standard_goal({3, 4});
  std::vector<std::string> notes;
  auto note = [&](const std::string& n) { notes.push_back(n); };
  EXPECT_FALSE(app::load_best_pdb(goal, dir.path(), false, note));
  auto pdb = app::load_best_pdb(goal, dir.path(), true, note);
  ASSERT_TRUE(pdb);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("--size 3x4"), std::string::npos) << notes[0];
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"3x4-large.pdb", "3x4-large.pdb.ok"}));
  // Loaded again without building; the status reports it.
  EXPECT_TRUE(app::load_best_pdb(goal, dir.path(), false, note));
  const auto status = app::pdb_status(dir.path(), goal);
  ASSERT_EQ(status.size(), 4u);
  EXPECT_FALSE(status[0].present);  // zero-aware
  EXPECT_TRUE(status[1].trusted);   // large
  EXPECT_FALSE(status[2].present);
  EXPECT_FALSE(status[3].present);  // mtm
  // A damaged file is not used.
  {
    std::FILE* f = std::fopen(dir.file("3x4-large.pdb").c_str(), "r+b");
    ASSERT_TRUE(f);
    std::fseek(f, 5000, SEEK_SET);
    std::fputc(0x55, f);
    std::fclose(f);
  }
  EXPECT_FALSE(app::load_pdb_file(dir.file("3x4-large.pdb"), app::PdbVerify::Full));
}

TEST(ShapeDatabases, ThroughTheBinary) {
  testing::TempDir dir;
  const std::string bin = testing::slidegif_binary();
  auto r = testing::run_binary({bin, "pdb", "build", "--size", "4x3", "--dir", dir.path()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("4x3-large.pdb"), std::string::npos) << r.out;
  r = testing::run_binary({bin, "pdb", "status", "--size", "4x3", "--dir", dir.path()});
  EXPECT_NE(r.out.find("ok"), std::string::npos) << r.out;
  r = testing::run_binary(
      {bin, "random", "--size", "4x3", "--seed", "3", "--pdb-dir", dir.path(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"optimal\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pattern databases 7-4"), std::string::npos) << r.out;
  r = testing::run_binary({bin, "pdb", "build", "--size", "3x3", "--dir", dir.path()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("12 to 16 cells"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slidegif::detail
