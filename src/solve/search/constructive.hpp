#pragma once
// The constructive solver behind the near-optimal one (near_optimal.hpp): rows, then columns,
// placed two tiles at a time by a small exact search (one at a time on boards over 64 cells),
// the last 2x2 block exactly. It answers any solvable board up to 8x8 in milliseconds and 16x16
// in well under a second, with a valid but usually long solution.

#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

// A region of more free cells than this is placed a tile at a time (constructive.cpp says why).
inline constexpr int kMaxPairwiseCells = 64;

// Throws Error(Unsolvable) when goal cannot be reached from start.
std::vector<Move> solve_constructively(const Board& start, const Board& goal);

}  // namespace slidegif::detail
