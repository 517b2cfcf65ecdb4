#pragma once
// Reusing a pattern database built for one goal to solve towards another.

#include <cstdint>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

// Symmetry k of the board, k < symmetry_kinds (8 of a square, 4 of a rectangle), as a map of
// cells: bit 0 flips vertically, bit 1 horizontally, bit 2 transposes (square only).
int symmetry_kinds(Shape s);
int map_by_symmetry(Shape s, int k, int cell);

// Solving start -> goal through a table built for another goal `base`: a symmetry of the board
// that takes goal's blank onto base's blank, then a relabelling of the tiles. Move counts are
// unchanged, so optimal stays optimal.
class GoalFraming {
 public:
  // std::nullopt-like: valid() is false when no symmetry lines the blanks up.
  GoalFraming(const Board& goal, const Board& base);
  // Whether GoalFraming(goal, base) would be valid, without writing out its maps: asked of
  // every table for every solve of a batch.
  static bool serves(const Board& goal, const Board& base);
  bool valid() const { return valid_; }
  Board map_board(const Board& board) const;    // a board seen in base's frame
  Board unmap_board(const Board& board) const;  // a board of base's frame seen in the original
  int map_cell(int cell) const { return cell_[static_cast<std::size_t>(cell)]; }
  // Moves found in base's frame, replayed from `start` in the original frame.
  std::vector<Move> unmap_moves(const Board& start, const std::vector<Move>& moves) const;

 private:
  bool valid_ = false;
  Shape shape_;
  std::vector<std::uint8_t> cell_;   // original cell -> base cell
  std::vector<std::uint8_t> label_;  // original tile -> base tile
};

}  // namespace slidegif::detail
