#pragma once
// A placement's rank kept up to date slide by slide, for the pattern-database heuristic's
// lookups (pdb_heuristic.hpp).
//
// rank_placement (pattern.hpp) is the sum of r_i * w_i over the pattern's tiles: r_i is tile i's
// cell counted among the cells tiles 0..i-1 leave free, w_i the placements of the tiles after
// it. When tile j slides from cell a to cell b, r_j changes by b - a less the earlier tiles on
// the cells between, and every later tile between gains or loses one. A slide along a row has
// no cell between, and one along a column has a row's width less one: the new rank is a few
// additions away, where ranking afresh takes a multiplication and a popcount a tile. In the
// profile ranking was most of the search's time.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "solve/pattern/pattern.hpp"

namespace slidegif::detail {

class RankSteps {
 public:
  // Where a board tile sits in the patterns as this view sees them: pattern 0xFF for none.
  struct Place {
    std::uint8_t pattern = 0xFF;
    std::uint8_t index = 0;
  };

  RankSteps() = default;
  // `partition`'s placements on `cells` cells, seen through `view` (view cell -> board cell:
  // the board itself, or its reflection) with `member` (board tile -> its place in the view).
  RankSteps(int cells, const Partition& partition, std::vector<std::uint8_t> view,
            const std::vector<Place>& member);

  // How much pattern p's rank changes when its tile at place j slides from view cell a to the
  // neighbouring view cell b; `tiles` is the board (cell -> tile) after the slide.
  std::int64_t delta(std::size_t p, int j, int a, int b, const std::uint8_t* tiles) const {
    const auto pj = p * kMaxPatternTiles + static_cast<std::size_t>(j);
    const std::int64_t* add = between_.data() + pj * static_cast<std::size_t>(cells_);
    const int lo = std::min(a, b);
    const int hi = std::max(a, b);
    std::int64_t d = weight_[pj] * (hi - lo);
    for (int x = lo + 1; x < hi; ++x) d += add[tiles[view_[static_cast<std::size_t>(x)]]];
    return b > a ? d : -d;
  }

 private:
  int cells_ = 0;
  std::vector<std::uint8_t> view_;
  std::vector<std::int64_t> weight_;   // [p][j]: w_j of pattern p
  std::vector<std::int64_t> between_;  // [p][j][tile]: what that tile on a cell between adds
};

}  // namespace slidegif::detail
