#pragma once
// Near-optimal solving for any board from 2x2 to 8x8: always a valid solution within the
// budget, never proven optimal.
//
//   Solution s = slidegif::solve_near_optimal(start, goal, {.limits = {.max_seconds = 2}});
//   // s.optimal == false; s.moves replays start to goal.
//
// How: a constructive solver first (rows, then columns, placed two tiles at a time by a small
// exact search; the last 2x2 block exactly), which guarantees an answer in milliseconds; then
// weighted A* (Manhattan + linear conflict) with shrinking weights while the budget lasts,
// pruned by the best length so far; every answer has its loops cut out; the shortest wins.

#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/solver.hpp"

namespace slidegif {

struct NearOptimalOptions {
  SearchLimits limits{.max_seconds = 2.0, .max_nodes = 0, .progress = {}};  // overall budget
  std::uint64_t max_nodes_per_search = 4'000'000;  // bounds memory (~60 bytes a node on 5x5)
};

// Throws Error(Unsolvable) when goal cannot be reached; otherwise always returns.
Solution solve_near_optimal(const Board& start, const Board& goal,
                            const NearOptimalOptions& options = {});

// The constructive part alone (exposed for tests): a valid, usually long, solution.
std::vector<Move> solve_constructively(const Board& start, const Board& goal);

// Removes every stretch of moves that comes back to a board already visited.
std::vector<Move> cut_loops(const Board& start, const std::vector<Move>& moves);

}  // namespace slidegif
