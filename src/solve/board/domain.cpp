#include "solve/board/domain.hpp"

#include <algorithm>

namespace slidegif::detail {

int neighbour(Shape shape, int cell, Move m) {
  const int row = cell / shape.cols;
  const int col = cell % shape.cols;
  switch (m) {
    case Move::Up:
      return row > 0 ? cell - shape.cols : -1;
    case Move::Down:
      return row + 1 < shape.rows ? cell + shape.cols : -1;
    case Move::Left:
      return col > 0 ? cell - 1 : -1;
    case Move::Right:
      return col + 1 < shape.cols ? cell + 1 : -1;
  }
  return -1;
}

Domain::Domain(Shape shape) : shape_(shape) {
  validate_shape(shape);
  for (int cell = 0; cell < shape.cells(); ++cell) {
    CellOperators& c = table_[static_cast<std::size_t>(cell)];
    for (Move m : kAllMoves) {
      const int to = neighbour(shape, cell, m);
      if (to >= 0) c.ops[c.count++] = Operator{m, static_cast<std::uint8_t>(to)};
    }
  }
}

std::optional<Move> Domain::move_between(int from, int to) const {
  for (Operator op : operators(from))
    if (op.target == to) return op.move;
  return std::nullopt;
}

Position::Position(const Board& board) : blank(board.blank()) {
  std::copy(board.tiles().begin(), board.tiles().end(), tiles.begin());
}

}  // namespace slidegif::detail
