// The comparison every front end prints: rows in the order asked (short names made whole),
// slidegif's own last by default, refusals before any search runs, and the JSON's keys.
#include "app/explain/comparison.hpp"

#include <gtest/gtest.h>

#include "slidegif/error.hpp"

namespace slidegif::app {
namespace {

const Board kStart = parse_board("152703846");
const Board kGoal = Board::standard_goal({3, 3});
const detail::ClassicLimits kLimits{
    .max_seconds = 10, .max_expanded = 1'000'000, .max_bytes = 1u << 30, .stop = nullptr};

TEST(Comparison, RowsInTheOrderAskedWithWholeNames) {
  const auto rows = compare_searches(kStart, kGoal, {"idastar", "bfs", "slidegif"}, kLimits, {});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].name, "idastar-manhattan");
  EXPECT_EQ(rows[0].heuristic, "Manhattan");
  EXPECT_EQ(rows[1].name, "bfs");
  EXPECT_TRUE(rows[2].own);
  for (const ComparisonRow& r : rows) EXPECT_EQ(r.result.moves.size(), 8u) << r.name;
  const auto all = compare_searches(kStart, kGoal, {}, kLimits, {});
  EXPECT_EQ(all.size(), detail::all_classic_methods().size() + 1);
  EXPECT_EQ(all.back().name, kOwnSearch);
}

TEST(Comparison, RefusalsComeBeforeAnySearch) {
  try {
    compare_searches(kStart, kGoal, {"bfs", "dfs"}, kLimits, {});
    FAIL() << "dfs";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
  }
  try {
    compare_searches(kStart, parse_board("213456780"), {}, kLimits, {});
    FAIL() << "unsolvable";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
  }
  // Past 16 cells a classic search says so in its row; the comparison goes on.
  const Board big = Board::standard_goal({5, 5});
  Board start = big;
  start.apply(Move::Up);
  const auto rows = compare_searches(start, big, {"astar"}, kLimits, {});
  EXPECT_FALSE(rows[0].result.solved);
  EXPECT_EQ(rows[0].result.stopped.rfind("not run: ", 0), 0u) << rows[0].result.stopped;
}

TEST(Comparison, JsonRowsHoldTheCounts) {
  const auto rows = compare_searches(kStart, kGoal, {"idastar-lc", "slidegif"}, kLimits, {});
  const auto j = comparison_json(kStart, kGoal, rows);
  EXPECT_EQ(j["start"], "152703846");
  EXPECT_EQ(j["rows"][0]["expanded"], rows[0].result.expanded);
  EXPECT_EQ(j["rows"][0]["generated"], rows[0].result.generated);
  EXPECT_EQ(j["rows"][0]["solution"], moves_to_string(rows[0].result.moves));
  EXPECT_FALSE(j["rows"][0]["thresholds"].empty());
  EXPECT_FALSE(j["rows"][1].contains("generated"));  // slidegif's own does not count them
}

}  // namespace
}  // namespace slidegif::app
