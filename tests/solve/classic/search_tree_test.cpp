// The tree of a small search against the search: its expanded nodes are the run's expansions,
// every child a successor of its parent (never the grandparent), the marked way a chain from
// the start to the goal as long as the answer; IDA* its last pass, bidirectional BFS two trees.
#include "solve/classic/search_tree.hpp"

#include <gtest/gtest.h>

#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

const Board kTreeGoal = Board::standard_goal({3, 3});
const Board kFiveMoves = parse_board("413026758");
const ClassicLimits kTreeLimits{
    .max_seconds = 60, .max_expanded = 0, .max_bytes = 1u << 30, .stop = nullptr};

bool neighbours(const Board& a, const Board& b) {
  for (const Move m : kAllMoves) {
    if (!a.can_apply(m)) continue;
    Board next = a;
    next.apply(m);
    if (next == b) return true;
  }
  return false;
}

void check_tree(const SearchTree& t, const Board& start, std::uint64_t expanded_nodes) {
  std::uint64_t expanded = 0;
  int on_path = 0;
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    const TreeNode& n = t.nodes[i];
    expanded += n.expanded > 0 ? 1 : 0;
    on_path += n.on_path ? 1 : 0;
    if (n.parent < 0) continue;
    ASSERT_LT(n.parent, static_cast<int>(i));
    const TreeNode& p = t.nodes[static_cast<std::size_t>(n.parent)];
    EXPECT_GT(p.expanded, 0u) << "a parent was expanded";
    EXPECT_TRUE(neighbours(p.board, n.board));
    EXPECT_EQ(n.g, p.g + 1);
    EXPECT_EQ(n.backward, p.backward);
    if (n.expanded > 0) EXPECT_GT(n.expanded, p.expanded);
    if (p.parent >= 0) EXPECT_FALSE(n.board == t.nodes[static_cast<std::size_t>(p.parent)].board);
    if (n.on_path) EXPECT_TRUE(p.on_path);
  }
  EXPECT_EQ(expanded, expanded_nodes);
  EXPECT_EQ(on_path, static_cast<int>(t.result.moves.size()) + 1);
  EXPECT_EQ(t.nodes.front().board, start);
  EXPECT_TRUE(t.nodes.front().on_path);
}

TEST(SearchTree, AStarsTreeHoldsEveryExpansionAndTheWayToTheGoal) {
  const SearchTree t = search_tree({ClassicAlgorithm::AStar, ClassicHeuristic::Manhattan},
                                   kFiveMoves, kTreeGoal, kTreeLimits);
  ASSERT_TRUE(t.result.solved);
  check_tree(t, kFiveMoves, t.result.expanded);
  // The goal is the last expansion and is on the way.
  for (const TreeNode& n : t.nodes) {
    if (n.expanded == t.result.expanded) {
      EXPECT_EQ(n.board, kTreeGoal);
      EXPECT_TRUE(n.on_path);
    }
  }
}

TEST(SearchTree, BreadthFirstAndGreedyToo) {
  for (const ClassicMethod m :
       {ClassicMethod{ClassicAlgorithm::Bfs, ClassicHeuristic::None},
        ClassicMethod{ClassicAlgorithm::Greedy, ClassicHeuristic::Misplaced},
        ClassicMethod{ClassicAlgorithm::UniformCost, ClassicHeuristic::None}}) {
    const SearchTree t = search_tree(m, kFiveMoves, kTreeGoal, kTreeLimits);
    ASSERT_TRUE(t.result.solved) << classic_name(m);
    check_tree(t, kFiveMoves, t.result.expanded);
  }
}

TEST(SearchTree, IdaStarShowsItsLastPass) {
  // 8 moves; misplaced tiles says 6: passes at 6, 7 and 8.
  const SearchTree one = search_tree({ClassicAlgorithm::IdaStar, ClassicHeuristic::Misplaced},
                                     parse_board("023175846"), kTreeGoal, kTreeLimits);
  ASSERT_TRUE(one.result.solved);
  ASSERT_GE(one.result.thresholds.size(), 2u);
  EXPECT_EQ(one.bound, one.result.thresholds.back());
  for (const TreeNode& n : one.nodes) {
    if (n.expanded > 0) EXPECT_LE(n.g + n.h, one.bound);
  }
  std::uint64_t last_pass = 0;
  for (const TreeNode& n : one.nodes) last_pass += n.expanded > 0 ? 1 : 0;
  EXPECT_LT(last_pass, one.result.expanded);  // the earlier passes are not drawn
  check_tree(one, parse_board("023175846"), last_pass);
}

TEST(SearchTree, BidirectionalGrowsATreeFromEachEnd) {
  const SearchTree t = search_tree({ClassicAlgorithm::BidirectionalBfs, ClassicHeuristic::None},
                                   kFiveMoves, kTreeGoal, kTreeLimits);
  ASSERT_TRUE(t.result.solved);
  int roots = 0;
  for (const TreeNode& n : t.nodes) roots += n.parent < 0 ? 1 : 0;
  EXPECT_EQ(roots, 2);
  int on_path = 0;
  for (const TreeNode& n : t.nodes) on_path += n.on_path ? 1 : 0;
  // The way from each end to the meeting state, which each side holds.
  EXPECT_GE(on_path, static_cast<int>(t.result.moves.size()) + 1);
}

TEST(SearchTree, ALargeSearchIsRefusedSayingSo) {
  try {
    search_tree({ClassicAlgorithm::Bfs, ClassicHeuristic::None}, parse_board("867254301"),
                kTreeGoal, kTreeLimits);
    FAIL() << "a 31-move BFS";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("more than 60 states"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace slidegif::detail
