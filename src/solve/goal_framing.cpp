#include "slidegif/goal_framing.hpp"

#include <utility>

#include "slidegif/domain.hpp"
#include "slidegif/error.hpp"

namespace slidegif {
namespace {

// The 8 symmetries of a square (4 of a rectangle) as cell maps.
std::vector<std::vector<std::uint8_t>> symmetries(Shape s) {
  std::vector<std::vector<std::uint8_t>> out;
  const int kinds = s.rows == s.cols ? 8 : 4;
  for (int k = 0; k < kinds; ++k) {
    std::vector<std::uint8_t> map(static_cast<std::size_t>(s.cells()));
    for (int r = 0; r < s.rows; ++r) {
      for (int c = 0; c < s.cols; ++c) {
        int rr = (k & 1) ? s.rows - 1 - r : r;  // vertical flip
        int cc = (k & 2) ? s.cols - 1 - c : c;  // horizontal flip
        if (k & 4) std::swap(rr, cc);           // transpose (square only)
        map[static_cast<std::size_t>(r * s.cols + c)] = static_cast<std::uint8_t>(rr * s.cols + cc);
      }
    }
    out.push_back(std::move(map));
  }
  return out;
}

}  // namespace

GoalFraming::GoalFraming(const Board& goal, const Board& base) : shape_(goal.shape()) {
  if (goal.shape() != base.shape()) return;
  for (auto& map : symmetries(shape_)) {
    if (map[goal.blank()] != base.blank()) continue;
    cell_ = map;
    label_.resize(static_cast<std::size_t>(goal.cells()));
    for (int c = 0; c < goal.cells(); ++c) label_[goal.at(c)] = base.at(map[c]);
    valid_ = true;
    return;
  }
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

}  // namespace slidegif
