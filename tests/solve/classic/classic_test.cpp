// The classic searches against what is known independently: the distance table's lengths, the
// God's-eye histogram for breadth-first search, no state reopened under a consistent estimate,
// IDA*'s bounds rising by two where parity forces it, and every answer replayed to the goal.
#include "solve/classic/classic.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "slidegif/error.hpp"
#include "solve/board/random.hpp"
#include "solve/table/distance_table.hpp"

namespace slidegif::detail {
namespace {

const ClassicLimits kGenerous{
    .max_seconds = 60, .max_expanded = 0, .max_bytes = 1u << 30, .stop = nullptr};

Board replayed(Board board, const std::vector<Move>& moves) {
  for (const Move m : moves) board.apply(m);
  return board;
}

TEST(Classic, EveryOptimalMethodMatchesTheDistanceTable) {
  const Board goal = Board::standard_goal({3, 3});
  const DistanceTable table = DistanceTable::build(goal);
  Random rng(5);
  for (int i = 0; i < 6; ++i) {
    const Board start = random_solvable_board(goal, rng);
    const int optimal = table.distance(start);
    for (const ClassicMethod& method : all_classic_methods()) {
      const ClassicResult r = run_classic(method, start, goal, kGenerous);
      ASSERT_TRUE(r.solved) << classic_name(method) << ": " << r.stopped;
      EXPECT_EQ(replayed(start, r.moves), goal) << classic_name(method);
      if (method.algorithm == ClassicAlgorithm::Greedy) {
        EXPECT_FALSE(r.optimal);
        EXPECT_GE(static_cast<int>(r.moves.size()), optimal);
      } else {
        EXPECT_TRUE(r.optimal);
        EXPECT_EQ(static_cast<int>(r.moves.size()), optimal)
            << classic_name(method) << " on " << format_board(start);
      }
    }
  }
}

TEST(Classic, RectangularBoardsToo) {
  for (const Shape shape : {Shape{2, 3}, Shape{2, 4}, Shape{3, 2}}) {
    const Board goal = Board::standard_goal(shape);
    const DistanceTable table = DistanceTable::build(goal);
    Random rng(9);
    const Board start = random_solvable_board(goal, rng);
    for (const char* name : {"bfs", "bibfs", "astar-lc", "idastar-manhattan"}) {
      const ClassicResult r = run_classic(parse_classic_method(name), start, goal, kGenerous);
      EXPECT_EQ(static_cast<int>(r.moves.size()), table.distance(start)) << name;
      EXPECT_EQ(replayed(start, r.moves), goal) << name;
    }
  }
}

// BFS expands every state nearer the start than the answer, then some of the answer's layer:
// the layers are the distance table built towards the start (moves are reversible).
TEST(Classic, BreadthFirstExpansionsAgreeWithTheGodsEyeHistogram) {
  Random rng(3);
  for (int i = 0; i < 5; ++i) {
    const Board start = random_board({3, 3}, rng);
    const Board goal = random_solvable_board(start, rng);
    const DistanceTable from_start = DistanceTable::build(start);
    const auto& layers = from_start.histogram();
    const auto d = static_cast<std::size_t>(from_start.distance(goal));
    const std::uint64_t nearer = std::accumulate(layers.begin(), layers.begin() + d, 0ull);
    const ClassicResult r = run_classic(parse_classic_method("bfs"), start, goal, kGenerous);
    ASSERT_TRUE(r.solved);
    EXPECT_EQ(r.moves.size(), d);
    EXPECT_GT(r.expanded, nearer);
    EXPECT_LE(r.expanded, nearer + layers[d]);
    EXPECT_LE(r.max_held, nearer + layers[d] + (d + 1 < layers.size() ? layers[d + 1] : 0));
  }
}

TEST(Classic, AConsistentEstimateReopensNothing) {
  Random rng(8);
  const Board goal = Board::standard_goal({3, 3});
  for (int i = 0; i < 5; ++i) {
    const Board start = random_solvable_board(goal, rng);
    for (const char* name : {"ucs", "astar-misplaced", "astar-manhattan", "astar-lc"}) {
      const ClassicResult r = run_classic(parse_classic_method(name), start, goal, kGenerous);
      EXPECT_EQ(r.reopened, 0u) << name << " on " << format_board(start);
      EXPECT_LE(r.expanded, r.max_held) << name;  // each state expanded once at most
    }
  }
}

// Manhattan distance changes by one a move, as g does: f keeps its parity, so each bound is the
// last plus two.
TEST(Classic, IdaStarBoundsRiseByTwoUnderManhattan) {
  Random rng(2);
  for (const Shape shape : {Shape{3, 3}, Shape{4, 4}}) {
    const Board goal = Board::standard_goal(shape);
    const Board start = shape.cells() == 9 ? random_solvable_board(goal, rng)
                                           : parse_board("1,2,3,4/5,6,7,8/9,10,11,12/0,13,14,15");
    const ClassicResult r =
        run_classic(parse_classic_method("idastar-manhattan"), start, goal, kGenerous);
    ASSERT_TRUE(r.solved);
    for (std::size_t k = 1; k < r.thresholds.size(); ++k) {
      EXPECT_EQ(r.thresholds[k], r.thresholds[k - 1] + 2);
    }
    EXPECT_EQ(r.thresholds.back(), static_cast<int>(r.moves.size()));
  }
}

TEST(Classic, CountsAreTheSameEveryRun) {
  const Board goal = Board::standard_goal({3, 3});
  Random rng(4);
  const Board start = random_solvable_board(goal, rng);
  for (const ClassicMethod& method : all_classic_methods()) {
    const ClassicResult a = run_classic(method, start, goal, kGenerous);
    const ClassicResult b = run_classic(method, start, goal, kGenerous);
    EXPECT_EQ(a.expanded, b.expanded) << classic_name(method);
    EXPECT_EQ(a.generated, b.generated) << classic_name(method);
    EXPECT_EQ(a.moves, b.moves) << classic_name(method);
  }
}

TEST(Classic, LimitsEndARunAndSaySo) {
  const Board start = parse_board("14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3");
  const Board goal = parse_board("0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15");
  ClassicLimits few = kGenerous;
  few.max_expanded = 1000;
  const ClassicResult a = run_classic(parse_classic_method("astar-manhattan"), start, goal, few);
  EXPECT_FALSE(a.solved);
  EXPECT_NE(a.stopped.find("1024 expanded"), std::string::npos) << a.stopped;
  // A breadth-first search of the 15-puzzle is refused before it starts, with its size.
  const ClassicResult b = run_classic(parse_classic_method("bfs"), start, goal, kGenerous);
  EXPECT_FALSE(b.solved);
  EXPECT_EQ(b.expanded, 0u);
  EXPECT_NE(b.stopped.find("10,461,394,944,000"), std::string::npos) << b.stopped;
}

TEST(Classic, BadInputIsRefused) {
  EXPECT_THROW(parse_classic_method("astar-euclid"), Error);
  EXPECT_THROW(run_classic(parse_classic_method("astar-lc"), parse_board("123456870"),
                           Board::standard_goal({3, 3}), kGenerous),
               Error);  // unsolvable
  const Board five = Board::standard_goal({5, 5});
  try {
    run_classic(parse_classic_method("astar-lc"), five, five, kGenerous);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsupported);
  }
}

}  // namespace
}  // namespace slidegif::detail
