#pragma once
// Near-optimal solving for any board from 2x2 to 16x16: always a valid solution within the
// budget, never proven optimal.
//
//   Solution s = slidegif::detail::solve_near_optimal(start, goal, {.limits = {.max_seconds = 2}});
//   // s.optimal == false; s.moves replays start to goal.
//
// How: a constructive solver first (constructive.hpp), which guarantees an answer in
// milliseconds; then, up to 8x8, weighted A* (Manhattan + linear conflict, or pattern databases
// when given) with shrinking weights for half the budget, pruned by the best length so far; every
// answer has its loops cut out (cut_loops.hpp) and the shortest wins; the rest of the budget
// replaces stretches of it by optimal ones (IDA* over windows of the path).

#include <vector>

#include "slidegif/board.hpp"
#include "solve/search/search_limits.hpp"

namespace slidegif::detail {

class PdbHeuristic;  // pattern/pdb_heuristic.hpp

struct NearOptimalOptions {
  SearchLimits limits{
      .max_seconds = 2.0, .max_nodes = 0, .progress = {}, .stop = {}};  // overall budget
  std::uint64_t max_nodes_per_search = 4'000'000;  // bounds memory (~60 bytes a node on 5x5)
  // Pattern databases for this board size: the weighted searches use them (in their goal's
  // frame, goal_framing.hpp) instead of Manhattan + linear conflict when they serve the goal.
  const PdbHeuristic* pdb = nullptr;
};

// Throws Error(Unsolvable) when goal cannot be reached; otherwise always returns.
Solution solve_near_optimal(const Board& start, const Board& goal,
                            const NearOptimalOptions& options = {});

}  // namespace slidegif::detail
