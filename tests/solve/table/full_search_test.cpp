// The full breadth-first search and its state numbering, against the plain reference BFS
// (tests/support/bfs_reference) and the published 3x3 counts (tests/data).
#include "solve/table/full_search.hpp"

#include <gtest/gtest.h>

#include <map>

#include "bfs_reference.hpp"
#include "published_counts.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

TEST(StateIndex, NumbersEveryReachableStateOnce) {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{2, 4}}) {
    const Board goal = Board::standard_goal(shape);
    const StateIndex index(goal);
    const auto all = testing::bfs_distances(goal);
    ASSERT_EQ(all.size(), index.size()) << format_shape(shape);
    std::vector<bool> seen(index.size());
    for (std::uint64_t i = 0; i < index.size(); ++i) {
      const Board b = index.board(i);
      ASSERT_TRUE(all.count(testing::pack(b))) << format_shape(shape) << " " << i;
      ASSERT_EQ(index.of(b), i);
      ASSERT_FALSE(seen[i]);
      seen[i] = true;
    }
  }
}

TEST(FullSearch, EveryStateGetsItsReferenceDistance) {
  // Every shape the engine is compiled for up to 9 cells, the blank of the goal anywhere.
  for (const char* text : {"12/30", "123/450", "12/34/50", "1234/5670", "12/34/56/70",
                           "283/104/765", "02/31", "12/04/35", "1204/5673"}) {
    const Board goal = parse_board(text);
    const auto reference = testing::bfs_distances(goal);
    for (auto storage : {DistanceStorage::Mod3, DistanceStorage::Exact}) {
      for (int threads : {1, 2}) {
        FullSearchOptions options;
        options.storage = storage;
        options.threads = threads;
        const FullSearch all = full_search(goal, options);
        std::uint64_t total = 0;
        for (auto n : all.histogram) total += n;
        EXPECT_EQ(total, all.index.size());
        for (std::uint64_t i = 0; i < all.index.size(); ++i) {
          const int d = reference.at(testing::pack(all.index.board(i)));
          if (storage == DistanceStorage::Exact)
            ASSERT_EQ(all.distance[i], d) << text << " " << i;
          else
            ASSERT_EQ(mod3_entry(all.mod3.data(), i), d % 3) << text << " " << i;
        }
      }
    }
  }
}

TEST(FullSearch, WithoutDistancesFindsTheSameLayers) {
  // The histogram-only store closes states as it expands them: its layers must be Mod3's
  // (checked above against the reference BFS).
  // 4x2 and 5x2 have rows with two vertical moves, which no mark of a vertical parent skips.
  for (const char* text : {"12/30", "123/450", "12/34/50", "1234/5670", "283/104/765", "02/31",
                           "1204/5673", "12345/67890", "12/34/56/70", "12/34/56/78/90"}) {
    const Board goal = parse_board(text);
    FullSearchOptions mod3;
    mod3.list_limit = 40;  // some layers listed, some not
    const FullSearch expected = full_search(goal, mod3);
    for (int threads : {1, 2}) {
      FullSearchOptions options = mod3;
      options.storage = DistanceStorage::None;
      options.threads = threads;
      const FullSearch all = full_search(goal, options);
      EXPECT_EQ(all.histogram, expected.histogram) << text << " threads " << threads;
      EXPECT_EQ(all.listed, expected.listed) << text;
      EXPECT_EQ(all.lists, expected.lists) << text;
      EXPECT_TRUE(all.mod3.empty() && all.distance.empty()) << text;
    }
  }
}

// Threads own blocks of the store and hand each other the children found in the other's (most
// boards above fit in one block, so one thread does all): on 2x5 and 5x2 (1.8 M states, 7 to
// 56 chunks, a block each) and 3x3 (2 to 6 chunks but for mod 3), every store gives two and
// three threads one thread's table.
TEST(FullSearch, ThreadsOwningBlocksOfTheStoreFindOneThreadsTable) {
  for (const char* text : {"12345/67890", "12/34/56/78/90", "283/104/765", "123/456/780"}) {
    const Board goal = parse_board(text);
    FullSearchOptions one;
    one.threads = 1;
    one.storage = DistanceStorage::Exact;
    const FullSearch exact = full_search(goal, one);
    one.storage = DistanceStorage::Mod3;
    const FullSearch mod3 = full_search(goal, one);
    for (int threads : {2, 3}) {
      FullSearchOptions options;
      options.threads = threads;
      options.storage = DistanceStorage::Exact;
      EXPECT_EQ(full_search(goal, options).distance, exact.distance) << text << " " << threads;
      options.storage = DistanceStorage::Mod3;
      const FullSearch all = full_search(goal, options);
      EXPECT_EQ(all.mod3, mod3.mod3) << text << " threads " << threads;
      EXPECT_EQ(all.histogram, exact.histogram) << text << " threads " << threads;
      options.storage = DistanceStorage::None;
      EXPECT_EQ(full_search(goal, options).histogram, exact.histogram)
          << text << " threads " << threads;
    }
  }
}

TEST(FullSearch, ThreeByThreeMatchesThePublishedCounts) {
  for (const char* goal : {"123456780", "123804765", "012345678"}) {
    for (int threads : {1, 2}) {
      for (auto storage : {DistanceStorage::Mod3, DistanceStorage::None}) {
        FullSearchOptions options;
        options.threads = threads;
        options.storage = storage;
        const FullSearch all = full_search(parse_board(goal), options);
        EXPECT_EQ(all.histogram, testing::published_8puzzle_counts(goal))
            << goal << " threads " << threads;
      }
    }
  }
}

TEST(FullSearch, ListsTheAntipodes) {
  const FullSearch all = full_search(Board::standard_goal({3, 3}));
  ASSERT_EQ(all.gods_number(), 31);
  ASSERT_TRUE(all.listed.back());
  std::vector<std::string> antipodes;
  for (auto i : all.lists.back()) antipodes.push_back(format_board(all.index.board(i)));
  std::sort(antipodes.begin(), antipodes.end());
  EXPECT_EQ(antipodes, (std::vector<std::string>{"647850321", "867254301"}));
}

TEST(FullSearch, RefusesBoardsOverTheLimitNamingStatesAndMemory) {
  try {
    full_search(Board::standard_goal({4, 4}));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsupported);
    const std::string what = e.what();
    EXPECT_NE(what.find("10,461,394,944,000 states"), std::string::npos) << what;
    EXPECT_NE(what.find("3923 GB"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace slidegif::detail
