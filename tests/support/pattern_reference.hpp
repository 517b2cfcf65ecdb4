#pragma once
// An independent pattern table for tests: a plain 0-1 BFS over (pattern tiles' cells, blank
// cell), compared entry for entry with the builder's table.

#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::testing {

// Per placement rank, the fewest pattern-tile moves home (the blank anywhere at the end); with
// `zero_aware`, per zero_aware_index(placement, blank cell), the same with the blank there.
std::vector<int> reference_table(const Board& goal, const detail::Pattern& pattern,
                                 bool zero_aware = false);

// Builds the table with `threads` threads and checks every entry against reference_table.
void expect_matches_reference(const Board& goal, const detail::Pattern& pattern, int threads,
                              bool zero_aware = false);

}  // namespace slidegif::testing
