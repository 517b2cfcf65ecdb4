#include "solve/classic/problem.hpp"

#include <stdexcept>

#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail::classic {
namespace {

State state_of(const Board& board) {
  State s;
  for (int c = 0; c < board.cells(); ++c) {
    s.tiles[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(board.at(c));
    if (board.at(c) == 0) s.blank = c;
  }
  return s;
}

// The cells of a puzzle the classic searches take, checked before anything is made of it.
int checked_cells(const Board& start, const Board& goal) {
  if (start.cells() > kMaxClassicCells) {
    throw Error(Error::Kind::Unsupported,
                detail::format("the classic searches take boards of up to {} cells; {} has {}",
                               kMaxClassicCells, format_shape(start.shape()), start.cells()));
  }
  require_solvable(start, goal);
  return start.cells();
}

}  // namespace

Problem::Problem(const Board& start, const Board& goal, ClassicHeuristic heuristic)
    : shape_(start.shape()),
      cells_(checked_cells(start, goal)),
      heuristic_(heuristic),
      start_(state_of(start)),
      goal_(state_of(goal)),
      manhattan_(goal, /*linear_conflict=*/false),
      linear_conflict_(goal, /*linear_conflict=*/true) {
  const int cols = shape_.cols;
  for (int cell = 0; cell < cells_; ++cell) {
    const int row = cell / cols;
    const int col = cell % cols;
    auto& t = targets_[static_cast<std::size_t>(cell)];
    t[static_cast<int>(Move::Up)] = row > 0 ? cell - cols : -1;
    t[static_cast<int>(Move::Down)] = row + 1 < shape_.rows ? cell + cols : -1;
    t[static_cast<int>(Move::Left)] = col > 0 ? cell - 1 : -1;
    t[static_cast<int>(Move::Right)] = col + 1 < cols ? cell + 1 : -1;
  }
}

Key Problem::key(const State& s) const {
  Key k = 0;
  for (int c = 0; c < cells_; ++c) k |= Key{s.tiles[static_cast<std::size_t>(c)]} << (4 * c);
  return k;
}

State Problem::state(Key key) const {
  State s;
  for (int c = 0; c < cells_; ++c) {
    const auto tile = static_cast<std::uint8_t>((key >> (4 * c)) & 0xf);
    s.tiles[static_cast<std::size_t>(c)] = tile;
    if (tile == 0) s.blank = c;
  }
  return s;
}

State Problem::moved(const State& s, Move m) const {
  State out = s;
  const int to = target(s.blank, m);
  out.tiles[static_cast<std::size_t>(s.blank)] = s.tiles[static_cast<std::size_t>(to)];
  out.tiles[static_cast<std::size_t>(to)] = 0;
  out.blank = to;
  return out;
}

int Problem::estimate(const State& s) const {
  ManhattanLinearConflict::State unused;
  switch (heuristic_) {
    case ClassicHeuristic::None:
      return 0;
    case ClassicHeuristic::Misplaced: {
      int misplaced = 0;
      for (int c = 0; c < cells_; ++c) {
        const auto i = static_cast<std::size_t>(c);
        misplaced += s.tiles[i] != 0 && s.tiles[i] != goal_.tiles[i] ? 1 : 0;
      }
      return misplaced;
    }
    case ClassicHeuristic::Manhattan:
      return manhattan_.estimate(s.tiles.data(), unused);
    case ClassicHeuristic::LinearConflict:
      return linear_conflict_.estimate(s.tiles.data(), unused);
  }
  return 0;
}

std::string Budget::exceeded(std::uint64_t expanded, std::uint64_t bytes) const {
  if (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed)) return "stopped";
  if (limits_.max_expanded > 0 && expanded >= limits_.max_expanded) {
    return detail::format("stopped at {} expanded states (the limit)", expanded);
  }
  if (limits_.max_bytes > 0 && bytes > limits_.max_bytes) {
    return detail::format("stopped at {} MB held (the limit: {} MB)", bytes >> 20,
                          limits_.max_bytes >> 20);
  }
  if (limits_.max_seconds > 0 && seconds() > limits_.max_seconds) {
    return detail::format("stopped after {} s (the limit)", limits_.max_seconds);
  }
  return "";
}

double Budget::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
}

Move move_between(const Problem& problem, const State& from, const State& to) {
  for (const Move m : kAllMoves) {
    if (problem.target(from.blank, m) == to.blank) return m;
  }
  throw std::logic_error("move_between: the states are not neighbours");
}

}  // namespace slidegif::detail::classic
