#pragma once
// Weighted A* for the near-optimal solver: f = g + weight * h with Manhattan + linear conflict
// or pattern databases, pruned by an admissible bound, over the domain's operators; the board is
// packed into as few 64-bit words as its size allows.

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/heuristic/manhattan_linear_conflict.hpp"
#include "solve/pattern/pdb_heuristic.hpp"

namespace slidegif::detail {

// A path from start to goal shorter than `shorter_than` moves (g + h >= shorter_than is
// pruned), or empty when there is none or max_nodes or the deadline came first. `tick`, if
// set, is called every 1,024 expansions (for progress); its false ends the search.
// Instantiated for ManhattanLinearConflict and PdbHeuristic (whose goal must be `goal`).
template <class H>
std::vector<Move> weighted_astar(const Board& start, const Board& goal, const H& h, double weight,
                                 std::size_t shorter_than, std::uint64_t max_nodes,
                                 std::chrono::steady_clock::time_point deadline,
                                 const std::function<bool()>& tick = {});

}  // namespace slidegif::detail
