#pragma once
// Manhattan distances towards one goal, tabulated once: the part every heuristic shares
// (Manhattan + linear conflict adds line conflicts to it, the pattern databases their excess;
// the pattern-database builder tracks it per placement). A slide changes it by delta(): one
// tile's two table entries.

#include <array>
#include <cstdint>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"

namespace slidegif::detail {

class ManhattanTable {
 public:
  // Counts the tiles whose bit is set in `counted` (tiles below 64: pattern databases' boards);
  // the default, every bit, counts every tile of any board. The blank never counts.
  explicit ManhattanTable(const Board& goal, std::uint64_t counted = ~std::uint64_t{0});

  // Moves tile `tile` needs from `cell` to its goal cell on an empty board (0 if not counted).
  int distance(int tile, int cell) const {
    return table_[static_cast<std::size_t>(tile) * kMaxCells + static_cast<std::size_t>(cell)];
  }
  int delta(Slide slide) const {
    return distance(slide.tile, slide.to) - distance(slide.tile, slide.from);
  }
  // The sum over the board's cells.
  int sum(const std::uint8_t* tiles) const;
  // The goal cell of `tile`.
  int home(int tile) const { return home_[static_cast<std::size_t>(tile)]; }

 private:
  Shape shape_;
  std::array<std::uint8_t, kMaxCells> home_{};
  // [tile * kMaxCells + cell]: a fixed stride, so an index is a shift and an add.
  std::array<std::uint8_t, kMaxCells * kMaxCells> table_{};
};

}  // namespace slidegif::detail
