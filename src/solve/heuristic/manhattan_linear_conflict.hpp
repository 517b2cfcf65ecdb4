#pragma once
// Manhattan distance plus linear conflict (Hansson, Mayer & Yung 1992), updated incrementally:
// the default heuristic of the optimal and near-optimal searches (heuristic.hpp's interface).
//
// In each row and column, the tiles whose goal lies in that line and that are out of goal
// order must leave the line and come back, two extra moves each. We charge
// 2 * (tiles in line - longest increasing subsequence), which is admissible and additive over
// rows and columns.

#include <array>
#include <cstdint>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"
#include "solve/heuristic/manhattan.hpp"

namespace slidegif::detail {

class ManhattanLinearConflict {
 public:
  // The estimate is all a node needs: the tables are global to the goal.
  struct State {
    int value = 0;
  };

  explicit ManhattanLinearConflict(const Board& goal, bool linear_conflict = true);

  int estimate(const std::uint8_t* tiles, State& out) const;
  // Inline so that a search adds the Manhattan change without a call; the conflicts of the
  // one line that can change are worked out out of line.
  int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const {
    int h = parent.value + manhattan_.delta(slide);
    if (linear_conflict_) h += conflict_change(tiles, slide.tile, slide.from, slide.to);
    child.value = h;
    return h;
  }

 private:
  int conflicts(const std::uint8_t* tiles) const;
  // The change of the conflicts when `tile` went from cell `from` to cell `to`.
  int conflict_change(const std::uint8_t* tiles, int tile, int from, int to) const;
  int row_conflict(const std::uint8_t* tiles, int row) const;
  int col_conflict(const std::uint8_t* tiles, int col) const;
  int line_conflict(const std::uint8_t* line_tiles, int count, int line, bool row) const;

  Shape shape_;
  bool linear_conflict_;
  ManhattanTable manhattan_;
  std::array<int, kMaxCells> goal_row_{};
  std::array<int, kMaxCells> goal_col_{};
};

}  // namespace slidegif::detail
