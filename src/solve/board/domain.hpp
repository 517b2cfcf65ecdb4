#pragma once
// The sliding-tile search domain of one board shape, after the `tiles` domain of Burns et al.'s
// search library: for every cell the blank can be on, its operators (the legal moves and the
// cells they reach), worked out once. The searches (IDA*, weighted A*, the pattern-database
// builder, the constructive solver's breadth-first search) walk these tables; neighbour() is
// the one place a move is computed. Nothing here assumes a size: any shape up to kMaxSide x
// kMaxSide (16x16, board.hpp).
//
//   const Domain domain(goal.shape());
//   Position here(start);
//   for (Operator op : domain.operators(here.blank)) {
//     const Slide slide = here.apply(op);  // slide.tile went from slide.from to slide.to
//     ...
//     here.undo(slide);
//   }

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "slidegif/board.hpp"

namespace slidegif::detail {

inline constexpr int kMaxCells = kMaxSide * kMaxSide;

// The cell the blank reaches from `cell` with move m, or -1 when that leaves the board.
int neighbour(Shape shape, int cell, Move m);

// A legal move of the blank: its direction and the cell it reaches, whose tile slides the
// other way into the blank's cell.
struct Operator {
  Move move;
  std::uint8_t target;
};

class Domain {
 public:
  // Throws Error(BadInput) for a shape validate_shape() refuses.
  explicit Domain(Shape shape);

  Shape shape() const { return shape_; }
  int cells() const { return shape_.cells(); }
  // The operators of a blank on `cell`, in Move order (Up, Down, Left, Right): 2 to 4.
  std::span<const Operator> operators(int cell) const {
    const CellOperators& c = table_[static_cast<std::size_t>(cell)];
    return {c.ops.data(), c.count};
  }
  // The move taking the blank from `from` to `to`, or std::nullopt if they are not adjacent.
  std::optional<Move> move_between(int from, int to) const;

 private:
  struct CellOperators {
    std::array<Operator, 4> ops{};
    std::uint8_t count = 0;
  };
  Shape shape_;
  std::array<CellOperators, kMaxCells> table_{};
};

// What one operator did, and all that undoing it needs: `tile` slid from cell `from` into cell
// `to` (where the blank was); the blank is now on `from`.
struct Slide {
  std::uint8_t tile;
  std::uint8_t from;
  std::uint8_t to;
};

// A board as the searches hold it: the tiles in a fixed array (no allocation), the blank's cell
// beside them. Operators come from the Domain of the board's shape and are applied in place.
struct Position {
  std::array<std::uint8_t, kMaxCells> tiles{};
  int blank = 0;

  Position() = default;
  explicit Position(const Board& board);

  Slide apply(Operator op) {
    const Slide slide{tiles[op.target], op.target, static_cast<std::uint8_t>(blank)};
    tiles[slide.to] = slide.tile;
    tiles[slide.from] = 0;
    blank = slide.from;
    return slide;
  }
  void undo(Slide slide) {
    tiles[slide.from] = slide.tile;
    tiles[slide.to] = 0;
    blank = slide.to;
  }
};

}  // namespace slidegif::detail
