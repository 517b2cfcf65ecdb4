#pragma once
// Shortening a move sequence without searching: the near-optimal solver's answers often pass
// through a board twice.

#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

// Removes every stretch of moves that comes back to a board already visited.
std::vector<Move> cut_loops(const Board& start, const std::vector<Move>& moves);

}  // namespace slidegif::detail
