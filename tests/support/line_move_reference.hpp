#pragma once
// Test-side reference for the multi-tile metric: breadth-first search over Board alone (no
// domain table, no heuristic), a line move of the blank (1, 2, ... cells one way) one move.

#include <map>
#include <string>

#include "slidegif/board.hpp"

namespace slidegif::testing {

// A board's tiles as a map key (a string: GCC 12 misreads a vector key's comparison).
std::string board_key(const Board& board);

// Every board's distance in line moves to `goal`, keyed by board_key().
std::map<std::string, int> line_move_distances(const Board& goal);

}  // namespace slidegif::testing
