#pragma once
// Test-side reference: plain breadth-first search from a goal over the whole state space of a
// small board. It shares only the domain's operator table (domain_test checks it against the
// board's geometry) with the searches under test: no heuristic, no pruning.

#include <cstdint>
#include <unordered_map>

#include "slidegif/board.hpp"

namespace slidegif::testing {

// 4 bits per cell; boards of at most 16 cells.
std::uint64_t pack(const Board& board);

// Distance (in moves) from every board reachable from `goal` to `goal`.
std::unordered_map<std::uint64_t, int> bfs_distances(const Board& goal);

}  // namespace slidegif::testing
