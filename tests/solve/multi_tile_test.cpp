// The multi-tile metric (a line of tiles sliding together is one move) against a breadth-first
// search over Board alone (tests/support/line_move_reference.hpp): the solver's answers are as
// short as the search's, the walking distance never overestimates, and the full search's histogram
// is the search's (3x3: God's number 24, one antipode).

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "line_move_reference.hpp"
#include "slidegif/error.hpp"
#include "slidegif/solve.hpp"
#include "solve/board/random.hpp"
#include "solve/heuristic/walking_distance.hpp"
#include "solve/table/full_search.hpp"

namespace slidegif::detail {
namespace {

using testing::board_key;
using testing::line_move_distances;

// States of the map, a few hundred spread over all distances.
std::vector<std::pair<Board, int>> sample(const std::map<std::string, int>& dist, Shape shape,
                                          std::size_t every) {
  std::vector<std::pair<Board, int>> out;
  std::size_t i = 0;
  for (const auto& [tiles, d] : dist)
    if (i++ % every == 0)
      out.emplace_back(Board(shape, std::vector<std::uint8_t>(tiles.begin(), tiles.end())), d);
  return out;
}

TEST(MultiTile, MovesCountAsRuns) {
  const auto moves = moves_from_string("UULDDRRU");
  EXPECT_EQ(count_moves(moves, Metric::SingleTile), 8);
  EXPECT_EQ(count_moves(moves, Metric::MultiTile), 5);
  EXPECT_EQ(count_moves({}, Metric::MultiTile), 0);
  EXPECT_EQ(metric_from_name("mtm"), Metric::MultiTile);
  EXPECT_EQ(metric_from_name("stm"), Metric::SingleTile);
  EXPECT_EQ(metric_from_name("MTM"), std::nullopt);
  EXPECT_STREQ(metric_name(Metric::MultiTile), "mtm");
}

class MultiTileShapes : public ::testing::TestWithParam<Shape> {};

// Every shape's table axes (3x3, 2x4, 4x2).
TEST_P(MultiTileShapes, AnswersAreAsShortAsTheBreadthFirstSearchs) {
  const Shape shape = GetParam();
  const Board goal = Board::standard_goal(shape);
  const auto dist = line_move_distances(goal);
  const WalkingDistance h(goal);
  std::size_t checked = 0;
  for (const auto& [start, d] : sample(dist, shape, dist.size() / 150 + 1)) {
    WalkingDistance::State state;
    EXPECT_LE(h.estimate(start.tiles().data(), state), d) << format_board(start);
    const Solution s = solve(start, goal, {.max_seconds = 0, .metric = Metric::MultiTile});
    ASSERT_TRUE(s.optimal) << format_board(start);
    EXPECT_EQ(s.metric, Metric::MultiTile);
    EXPECT_EQ(count_moves(s.moves, Metric::MultiTile), d) << format_board(start);
    Board end = start;
    end.apply_all(s.moves);
    EXPECT_EQ(end, goal);
    ++checked;
  }
  EXPECT_GE(checked, 100u);
  WalkingDistance::State state;
  EXPECT_EQ(h.estimate(goal.tiles().data(), state), 0);
}

TEST_P(MultiTileShapes, FullSearchHistogramIsTheBreadthFirstSearchs) {
  const Shape shape = GetParam();
  const Board goal = Board::standard_goal(shape);
  std::vector<std::uint64_t> expected;
  for (const auto& [tiles, d] : line_move_distances(goal)) {
    if (expected.size() <= static_cast<std::size_t>(d)) expected.resize(d + 1);
    ++expected[d];
  }
  const FullSearch all = full_search(goal, {.metric = Metric::MultiTile});
  EXPECT_EQ(all.histogram, expected);
  ASSERT_EQ(all.distance.size(), all.index.size());
  EXPECT_EQ(all.distance[all.index.of(goal)], 0);
}

INSTANTIATE_TEST_SUITE_P(Shapes, MultiTileShapes,
                         ::testing::Values(Shape{3, 3}, Shape{2, 4}, Shape{4, 2}),
                         [](const auto& info) { return format_shape(info.param); });

TEST(MultiTile, EightPuzzleGodsNumberIs24WithOneAntipode) {
  const FullSearch all = full_search(Board::standard_goal({3, 3}), {.metric = Metric::MultiTile});
  EXPECT_EQ(all.gods_number(), 24);  // the published 3x3 figure in this metric
  ASSERT_TRUE(all.listed.back());
  ASSERT_EQ(all.lists.back().size(), 1u);
  EXPECT_EQ(format_board(all.index.board(all.lists.back().front())), "147208365");
  const Solution s =
      solve(parse_board("147208365"), Board::standard_goal({3, 3}), {.metric = Metric::MultiTile});
  EXPECT_EQ(count_moves(s.moves, Metric::MultiTile), 24);
}

// The layers of line moves from the goal up to `depth`, by breadth-first search.
std::vector<std::vector<Board>> first_layers(const Board& goal, int depth) {
  std::map<std::string, int> dist{{board_key(goal), 0}};
  std::vector<std::vector<Board>> layers{{goal}};
  for (int d = 1; d <= depth; ++d) {
    std::vector<Board> next;
    for (const Board& b : layers.back()) {
      for (const Move m : kAllMoves) {
        Board n = b;
        while (n.can_apply(m)) {
          n.apply(m);
          if (dist.emplace(board_key(n), d).second) next.push_back(n);
        }
      }
    }
    layers.push_back(std::move(next));
  }
  return layers;
}

// Every board of the last layer sampled is solved in exactly its distance.
void expect_last_layer_solved(const std::vector<std::vector<Board>>& layers, const Board& goal) {
  const std::vector<Board>& last = layers.back();
  const int d = static_cast<int>(layers.size()) - 1;
  for (std::size_t i = 0; i < last.size(); i += last.size() / 40 + 1) {
    const Solution s = solve(last[i], goal, {.max_seconds = 0, .metric = Metric::MultiTile});
    EXPECT_TRUE(s.optimal);
    EXPECT_EQ(count_moves(s.moves, Metric::MultiTile), d) << format_board(last[i]);
  }
}

// The 15-puzzle's first layers in this metric as OEIS A389728 has them (blank in a corner),
// and the solver's answers on the last of them.
TEST(MultiTile, FifteenPuzzleLayersMatchOeisA389728) {
  const Board goal = Board::standard_goal({4, 4});
  const auto layers = first_layers(goal, 7);
  std::vector<std::uint64_t> counts;
  for (const auto& layer : layers) counts.push_back(layer.size());
  EXPECT_EQ(counts, (std::vector<std::uint64_t>{1, 6, 18, 54, 162, 486, 1457, 4334}));
  expect_last_layer_solved(layers, goal);
}

// The walking distance of one axis computed plainly, as the reference: a board reduced to how
// many tiles of each goal line every line holds (and the blank's line), and a breadth-first
// search over those counts from the goal's by whole line moves, each a run of tiles chosen one
// line after another.
class AxisReference {
 public:
  AxisReference(const Board& goal, bool columns) : goal_(goal), columns_(columns) {
    lines_ = columns ? goal.cols() : goal.rows();
    std::vector<std::vector<int>> layer{counts(goal)};
    dist_.emplace(layer.front(), 0);
    for (int d = 1; !layer.empty(); ++d) {
      std::vector<std::vector<int>> next;
      for (const auto& c : layer)
        for (const int dir : {-1, 1})
          runs(c, dir, [&](const std::vector<int>& child) {
            if (dist_.emplace(child, d).second) next.push_back(child);
          });
      layer.swap(next);
    }
  }
  int of(const Board& b) const { return dist_.at(counts(b)); }

 private:
  int line(int cell) const { return columns_ ? cell % goal_.cols() : cell / goal_.cols(); }
  // counts[line * lines + goal line], then the blank's line.
  std::vector<int> counts(const Board& b) const {
    std::vector<int> c(lines_ * lines_ + 1, 0);
    for (int cell = 0; cell < b.cells(); ++cell) {
      if (b.at(cell) == 0) {
        c.back() = line(cell);
        continue;
      }
      for (int g = 0; g < goal_.cells(); ++g)
        if (goal_.at(g) == b.at(cell)) ++c[line(cell) * lines_ + line(g)];
    }
    return c;
  }
  // Every line move of the blank going `dir`, however long.
  template <class F>
  void runs(const std::vector<int>& c, int dir, F&& visit) const {
    const int blank = c.back(), from = blank + dir;
    if (from < 0 || from >= lines_) return;
    for (int type = 0; type < lines_; ++type) {
      if (c[from * lines_ + type] == 0) continue;
      std::vector<int> child = c;
      --child[from * lines_ + type];
      ++child[blank * lines_ + type];
      child.back() = from;
      visit(child);
      runs(child, dir, visit);
    }
  }

  Board goal_;
  bool columns_;
  int lines_;
  std::map<std::vector<int>, int> dist_;
};

// Every table axis (at most five lines) gives the reference's moves, on random boards.
TEST(MultiTile, WalkingDistanceIsTheLineMovesOfTheCounts) {
  for (const Shape shape : {Shape{3, 3}, Shape{3, 4}, Shape{4, 3}, Shape{4, 4}, Shape{2, 5}}) {
    const Board goal = Board::standard_goal(shape);
    const AxisReference rows(goal, false), columns(goal, true);
    const WalkingDistance h(goal);
    Random rng(7);
    for (int i = 0; i < 150; ++i) {
      const Board b = random_solvable_board(goal, rng);
      const int vertical = rows.of(b), horizontal = columns.of(b);
      WalkingDistance::State state;
      EXPECT_EQ(h.estimate(b.tiles().data(), state), vertical + horizontal) << format_board(b);
      EXPECT_EQ(state.h[0], vertical) << format_board(b);
      EXPECT_EQ(state.h[1], horizontal) << format_board(b);
    }
  }
}

// Six lines are too many for a table: that axis counts line distances (6x2, 2x6).
TEST(MultiTile, LongAxesUseTheLineDistanceBound) {
  for (const Shape shape : {Shape{6, 2}, Shape{2, 6}}) {
    const Board goal = Board::standard_goal(shape);
    const auto layers = first_layers(goal, 9);
    const WalkingDistance h(goal);
    for (const Board& b : layers.back()) {
      WalkingDistance::State state;
      EXPECT_LE(h.estimate(b.tiles().data(), state), 9) << format_board(b);
    }
    expect_last_layer_solved(layers, goal);
  }
}

// A near-optimal answer: counted in the metric, not proven, and it reaches the goal.
void expect_near_optimal(const Board& start, const Board& goal, const Solution& s) {
  EXPECT_FALSE(s.optimal);
  EXPECT_EQ(s.metric, Metric::MultiTile);
  Board end = start;
  end.apply_all(s.moves);
  EXPECT_EQ(end, goal);
}

TEST(MultiTile, PastTheBudgetTheAnswerIsNearOptimalOrRefused) {
  // A 4x4 80 single-tile moves from its goal: 100 nodes do not prove it.
  const Board start = parse_board("0,11,9,13,12,15,10,14,3,7,6,2,4,8,5,1");
  const Board goal = Board::standard_goal({4, 4});
  expect_near_optimal(start, goal,
                      solve(start, goal, {.max_nodes = 100, .metric = Metric::MultiTile}));
  EXPECT_THROW(
      solve(start, goal,
            {.max_nodes = 100, .near_optimal_fallback = false, .metric = Metric::MultiTile}),
      Error);
}

TEST(MultiTile, LargeBoardsGetTheNearOptimalAnswer) {
  std::mt19937 rng(7);
  Board start = Board::standard_goal({5, 5});
  for (int i = 0; i < 200; ++i) {
    const Move m = kAllMoves[rng() % 4];
    if (start.can_apply(m)) start.apply(m);
  }
  const Board goal = Board::standard_goal({5, 5});
  expect_near_optimal(start, goal,
                      solve(start, goal, {.max_seconds = 2, .metric = Metric::MultiTile}));
  try {
    solve(start, goal, {.near_optimal_fallback = false, .metric = Metric::MultiTile});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsupported);
    EXPECT_NE(std::string(e.what()).find("multi-tile"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace slidegif::detail
