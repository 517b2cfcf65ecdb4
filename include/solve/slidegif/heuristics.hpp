#pragma once
// Admissible heuristics for the search, updated incrementally from precomputed tables.
//
// A heuristic H used by ida_star() provides:
//   int estimate(const std::uint8_t* tiles) const;                 // from scratch
//   int update(const std::uint8_t* tiles, int h, int tile, int from, int to) const;
// where `tiles` already shows the move (tile went from cell `from` to cell `to`) and `h` is
// the estimate before it.

#include <array>
#include <cstdint>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif {

// Manhattan distance plus linear conflict (Hansson, Mayer & Yung 1992): in each row and
// column, the tiles whose goal lies in that line and that are out of goal order must leave the
// line and come back, two extra moves each. We charge 2 * (tiles in line - longest increasing
// subsequence), which is admissible and additive over rows and columns.
class ManhattanLinearConflict {
 public:
  explicit ManhattanLinearConflict(const Board& goal, bool linear_conflict = true);

  int estimate(const std::uint8_t* tiles) const;
  int update(const std::uint8_t* tiles, int h, int tile, int from, int to) const;

 private:
  std::size_t index(int tile, int cell) const {
    return static_cast<std::size_t>(tile) * static_cast<std::size_t>(shape_.cells()) +
           static_cast<std::size_t>(cell);
  }
  int row_conflict(const std::uint8_t* tiles, int row) const;
  int col_conflict(const std::uint8_t* tiles, int col) const;
  int line_conflict(const std::uint8_t* line_tiles, int count, int line, bool row) const;

  Shape shape_;
  bool linear_conflict_;
  std::vector<int> distance_;  // distance_[tile * cells + cell]: Manhattan distance to goal
  std::array<int, 64> goal_row_{};
  std::array<int, 64> goal_col_{};
};

}  // namespace slidegif
