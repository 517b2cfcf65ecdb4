#pragma once
// The tree a small classic search grows, for the figure a textbook prints: every state it
// expanded under the state that generated it, the successors it generated and never expanded
// (the frontier when it ended, or IDA*'s cut-offs) as leaves, and the way to the goal marked.
// IDA* shows its last pass, bidirectional BFS a tree from each end.
//
//   SearchTree t = search_tree(parse_classic_method("astar"), start, goal, {}, 60);
//   for (const TreeNode& n : t.nodes) ...  // parents come before their children

#include <cstddef>
#include <cstdint>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/classic/classic.hpp"

namespace slidegif::detail {

struct TreeNode {
  Board board;
  int g = 0, h = 0;
  int parent = -1;             // index into SearchTree::nodes; -1 for a root
  std::uint64_t expanded = 0;  // the expansion's number; 0: generated, never expanded
  bool on_path = false;        // on the answer's way from the start to the goal
  bool backward = false;       // bidirectional BFS: in the tree grown from the goal
};

struct SearchTree {
  ClassicResult result;
  std::vector<TreeNode> nodes;  // a parent before its children, children in Move order
  int bound = -1;               // IDA*: the last pass's bound
};

// The tree view's default largest search.
inline constexpr std::size_t kMaxTreeExpansions = 60;

// Runs the search (within `limits` and at most max_expanded expansions) and builds its tree.
// Throws as run_classic, and Error(BadInput) when the search expands more than max_expanded
// states (the figure would be unreadable: it says how many it needed if it found out) or ends
// unsolved.
SearchTree search_tree(const ClassicMethod& method, const Board& start, const Board& goal,
                       const ClassicLimits& limits, std::size_t max_expanded = kMaxTreeExpansions);

}  // namespace slidegif::detail
