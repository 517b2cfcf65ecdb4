// A recorded search against the search itself and against published figures: every expansion
// told once and in order, the start first and the goal last; the record thinned evenly within
// its bounds; BFS's histogram the published 3x3 counts; IDA*'s passes its bounds.
#include "solve/classic/search_trace.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "published_counts.hpp"

namespace slidegif::detail {
namespace {

const Board kTraceGoal = Board::standard_goal({3, 3});
const Board kTraceFar = parse_board("867254301");  // 31 moves from kTraceGoal
const ClassicLimits kUnlimited{
    .max_seconds = 60, .max_expanded = 0, .max_bytes = 1u << 30, .stop = nullptr};

class Counter final : public ClassicObserver {
 public:
  void expanding(const ClassicStep& step) override {
    numbers.push_back(step.number);
    if (first.empty()) first.assign(step.tiles.begin(), step.tiles.end());
    last.assign(step.tiles.begin(), step.tiles.end());
  }
  std::vector<std::uint64_t> numbers;
  std::vector<std::uint8_t> first, last;
};

TEST(SearchTrace, EveryExpansionIsToldOnceInOrderFromTheStartToTheGoal) {
  for (const ClassicMethod& method : all_classic_methods()) {
    Counter counter;
    const ClassicResult r =
        run_classic(method, parse_board("436718052"), kTraceGoal, kUnlimited, &counter);
    ASSERT_TRUE(r.solved) << classic_name(method);
    ASSERT_EQ(counter.numbers.size(), r.expanded) << classic_name(method);
    for (std::size_t i = 0; i < counter.numbers.size(); ++i) ASSERT_EQ(counter.numbers[i], i + 1);
    EXPECT_EQ(counter.first, parse_board("436718052").tiles()) << classic_name(method);
    // Bidirectional search meets in the middle: it never takes the goal as the expanded state.
    if (method.algorithm != ClassicAlgorithm::BidirectionalBfs)
      EXPECT_EQ(counter.last, kTraceGoal.tiles()) << classic_name(method);
    // The counts are the same watched or not.
    const ClassicResult unwatched =
        run_classic(method, parse_board("436718052"), kTraceGoal, kUnlimited);
    EXPECT_EQ(unwatched.expanded, r.expanded);
    EXPECT_EQ(unwatched.generated, r.generated);
  }
}

TEST(SearchTrace, ALongSearchIsThinnedEvenlyWithinItsBoundsKeepingFirstAndLast) {
  const SearchTrace t = trace_classic({ClassicAlgorithm::AStar, ClassicHeuristic::Manhattan},
                                      kTraceFar, kTraceGoal, kUnlimited, 50);
  ASSERT_TRUE(t.result.solved);
  ASSERT_GE(t.steps.size(), 50u);
  EXPECT_LE(t.steps.size(), 2 * 50u + 1);  // and the last expansion
  EXPECT_GT(t.stride, 1u);
  EXPECT_EQ(t.steps.front().number, 1u);
  EXPECT_EQ(t.steps.front().board, kTraceFar);
  EXPECT_EQ(t.steps.back().number, t.result.expanded);
  EXPECT_EQ(t.steps.back().board, kTraceGoal);
  for (std::size_t i = 0; i + 1 < t.steps.size(); ++i) {
    EXPECT_EQ(t.steps[i].number, 1 + i * t.stride);
    EXPECT_EQ(t.steps[i].g + t.steps[i].h >= 0, true);
  }
  // A* closes every state it expands (none reopened with Manhattan), and its histogram holds
  // every expansion so far.
  for (const TracedStep& s : t.steps) {
    EXPECT_EQ(s.closed, s.number - 1);
    EXPECT_EQ(std::accumulate(s.by_depth.begin(), s.by_depth.end(), std::uint64_t{0}), s.number);
    EXPECT_GE(s.by_depth.at(static_cast<std::size_t>(s.g)), 1u);
  }
}

TEST(SearchTrace, AShortSearchKeepsEveryExpansion) {
  const SearchTrace t = trace_classic({ClassicAlgorithm::Bfs, ClassicHeuristic::None},
                                      parse_board("123456708"), kTraceGoal, kUnlimited, 50);
  ASSERT_TRUE(t.result.solved);
  EXPECT_EQ(t.stride, 1u);
  EXPECT_EQ(t.steps.size(), t.result.expanded);
}

TEST(SearchTrace, BreadthFirstLayersAreThePublishedCounts) {
  // Outwards from 123456780 to one of its two antipodes: the layers are the published
  // distances from 123456780, all but the last, which ends at the antipode.
  const SearchTrace t = trace_classic({ClassicAlgorithm::Bfs, ClassicHeuristic::None}, kTraceGoal,
                                      kTraceFar, kUnlimited, 20);
  ASSERT_TRUE(t.result.solved);
  ASSERT_EQ(t.result.moves.size(), 31u);
  const std::vector<std::uint64_t> published = testing::published_8puzzle_counts("123456780");
  ASSERT_EQ(published.size(), 32u);
  const std::vector<std::uint64_t>& layers = t.steps.back().by_depth;
  ASSERT_EQ(layers.size(), 32u);
  for (std::size_t d = 0; d < 31; ++d) EXPECT_EQ(layers[d], published[d]) << "depth " << d;
  EXPECT_GE(layers[31], 1u);
  EXPECT_LE(layers[31], published[31]);
}

TEST(SearchTrace, IdaStarStartsAHistogramEachPassAtItsBound) {
  const SearchTrace t = trace_classic({ClassicAlgorithm::IdaStar, ClassicHeuristic::Manhattan},
                                      kTraceFar, kTraceGoal, kUnlimited, 400);
  ASSERT_TRUE(t.result.solved);
  const std::vector<int>& bounds = t.result.thresholds;
  ASSERT_GE(bounds.size(), 2u);
  int pass = 0;
  std::uint64_t pass_began = 0;
  for (const TracedStep& s : t.steps) {
    ASSERT_GE(s.pass, 1);
    ASSERT_LE(s.pass, static_cast<int>(bounds.size()));
    EXPECT_EQ(s.bound, bounds[static_cast<std::size_t>(s.pass - 1)]);
    EXPECT_LE(s.g + s.h, s.bound);
    if (s.pass != pass) {
      pass = s.pass;
      pass_began = s.number - 1 - s.closed;
    }
    EXPECT_EQ(s.number - 1 - s.closed, pass_began) << "the pass's own count";
    EXPECT_EQ(std::accumulate(s.by_depth.begin(), s.by_depth.end(), std::uint64_t{0}),
              s.closed + 1);
  }
  EXPECT_EQ(pass, static_cast<int>(bounds.size()));
}

TEST(SearchTrace, AStoppedSearchEndsWithItsLastExpansion) {
  const SearchTrace t = trace_classic(
      {ClassicAlgorithm::AStar, ClassicHeuristic::Misplaced}, kTraceFar, kTraceGoal,
      {.max_seconds = 60, .max_expanded = 1000, .max_bytes = 1u << 30, .stop = nullptr}, 10);
  EXPECT_FALSE(t.result.solved);
  EXPECT_FALSE(t.result.stopped.empty());
  EXPECT_EQ(t.steps.back().number, t.result.expanded);
}

}  // namespace
}  // namespace slidegif::detail
