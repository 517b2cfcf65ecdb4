#pragma once
// Building one pattern's table in the multi-tile metric (multi_tile_pdb.hpp has the overview).

#include <cstdint>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"
#include "solve/pattern/pattern_table.hpp"

namespace slidegif::detail {

// Placements of a pattern's tiles and the blank: the entries of its multi-tile table.
inline std::uint64_t multi_tile_entries(int cells, int tiles) {
  return pattern_entries(cells, tiles + 1);
}

// Breadth-first search backwards from the goal over placements of the blank and the pattern's
// tiles (the blank first in rank_placement's order), the other tiles indistinguishable: a line
// move slides every tile between the blank and the cell it goes to, pattern tiles or not, and
// costs one. One byte an entry, the number of line moves (at most 32 on 4x4's 6-tile patterns).
// Throws Error(BadInput) as check_pattern() does, and for a pattern of kMaxPatternTiles tiles
// (the blank makes one more).
std::vector<std::uint8_t> build_multi_tile_table(const Board& goal, const Pattern& pattern,
                                                 const PdbBuildOptions& options,
                                                 PdbBuildStats* stats = nullptr);

}  // namespace slidegif::detail
