#pragma once
// The one domain the classic searches share: a board of up to 16 cells as its tiles, packed
// into 64 bits for the tables of seen states, moved in Move order, estimated from scratch by
// the chosen heuristic. And the budget every search checks as it goes.

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "slidegif/board.hpp"
#include "solve/classic/classic.hpp"
#include "solve/heuristic/manhattan_linear_conflict.hpp"

namespace slidegif::detail::classic {

inline constexpr int kMaxClassicCells = 16;  // 4 bits a cell in 64 bits

struct State {
  std::array<std::uint8_t, kMaxClassicCells> tiles{};
  int blank = 0;
};
using Key = std::uint64_t;

class Problem {
 public:
  // Throws Error(Unsupported) past 16 cells.
  Problem(const Board& start, const Board& goal, ClassicHeuristic heuristic);

  int cells() const { return cells_; }
  const State& start() const { return start_; }
  const State& goal() const { return goal_; }
  Key key(const State& s) const;
  State state(Key key) const;
  // The cell the blank reaches by `m`, or -1 off the board.
  int target(int blank, Move m) const { return targets_[blank][static_cast<int>(m)]; }
  State moved(const State& s, Move m) const;
  int estimate(const State& s) const;

 private:
  Shape shape_;
  int cells_;
  ClassicHeuristic heuristic_;
  State start_, goal_;
  std::array<std::array<int, 4>, kMaxClassicCells> targets_{};
  ManhattanLinearConflict manhattan_;        // Manhattan alone
  ManhattanLinearConflict linear_conflict_;  // with linear conflicts
};

// The limits of one run, checked every so many expansions.
class Budget {
 public:
  explicit Budget(const ClassicLimits& limits)
      : limits_(limits), began_(std::chrono::steady_clock::now()) {}
  // Why the run must end now ("" to go on), given what it has expanded and holds.
  std::string exceeded(std::uint64_t expanded, std::uint64_t bytes) const;
  double seconds() const;

 private:
  ClassicLimits limits_;
  std::chrono::steady_clock::time_point began_;
};

// The moves from `from` to `to` when they are neighbours: the blank's direction.
Move move_between(const Problem& problem, const State& from, const State& to);

}  // namespace slidegif::detail::classic
