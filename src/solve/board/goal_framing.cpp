#include "solve/board/goal_framing.hpp"

#include <utility>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"

namespace slidegif::detail {
int symmetry_kinds(Shape s) {
  return s.rows == s.cols ? 8 : 4;
}

int map_by_symmetry(Shape s, int k, int cell) {
  int rr = (k & 1) ? s.rows - 1 - cell / s.cols : cell / s.cols;
  int cc = (k & 2) ? s.cols - 1 - cell % s.cols : cell % s.cols;
  if (k & 4) std::swap(rr, cc);
  return rr * s.cols + cc;
}

namespace {

// The first symmetry taking goal's blank onto base's blank, or -1 (none, or other shapes).
int blank_symmetry(const Board& goal, const Board& base) {
  if (goal.shape() != base.shape()) return -1;
  for (int k = 0; k < symmetry_kinds(goal.shape()); ++k)
    if (map_by_symmetry(goal.shape(), k, goal.blank()) == base.blank()) return k;
  return -1;
}

}  // namespace

bool GoalFraming::serves(const Board& goal, const Board& base) {
  return blank_symmetry(goal, base) >= 0;
}

// Built for every solve through a table: the matching symmetry is found from the blank alone,
// and only it is written out.
GoalFraming::GoalFraming(const Board& goal, const Board& base) : shape_(goal.shape()) {
  const int k = blank_symmetry(goal, base);
  if (k < 0) return;
  const auto cells = static_cast<std::size_t>(goal.cells());
  cell_.resize(cells);
  label_.resize(cells);
  for (int c = 0; c < goal.cells(); ++c) {
    const int to = map_by_symmetry(shape_, k, c);
    cell_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(to);
    label_[goal.at(c)] = base.at(to);
  }
  valid_ = true;
}

Board GoalFraming::map_board(const Board& board) const {
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(board.cells()));
  for (int c = 0; c < board.cells(); ++c) tiles[cell_[c]] = label_[board.at(c)];
  return Board(shape_, std::move(tiles));
}

Board GoalFraming::unmap_board(const Board& board) const {
  std::vector<std::uint8_t> back(label_.size());
  for (std::size_t t = 0; t < label_.size(); ++t) back[label_[t]] = static_cast<std::uint8_t>(t);
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(board.cells()));
  for (int c = 0; c < board.cells(); ++c)
    tiles[static_cast<std::size_t>(c)] = back[board.at(cell_[c])];
  return Board(shape_, std::move(tiles));
}

std::vector<Move> GoalFraming::unmap_moves(const Board& start,
                                           const std::vector<Move>& moves) const {
  std::vector<std::uint8_t> back(cell_.size());
  for (std::size_t c = 0; c < cell_.size(); ++c) back[cell_[c]] = static_cast<std::uint8_t>(c);
  std::vector<Move> out;
  out.reserve(moves.size());
  int here = start.blank();
  const Domain domain(shape_);
  for (Move m : moves) {
    const int base_next = neighbour(shape_, cell_[here], m);
    if (base_next < 0) throw Error(Error::Kind::BadInput, "move leaves the board");
    // A symmetry keeps cells adjacent, so the move back in the original frame exists.
    const int next = back[static_cast<std::size_t>(base_next)];
    out.push_back(*domain.move_between(here, next));
    here = next;
  }
  return out;
}

}  // namespace slidegif::detail
