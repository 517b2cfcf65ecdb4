#pragma once
// A lower bound on multi-tile moves (Metric::MultiTile): Takahashi's walking distance, counted
// in line moves. A vertical move changes the rows of the tiles it slides and nothing else; a
// horizontal one their columns. So the moves left are at least the vertical moves that the
// rows alone need plus the horizontal ones the columns need. For the rows, a board is reduced
// to how many tiles of each goal row every row holds, and where the blank is; a vertical line
// move takes one tile from each row the blank passes into the row before it. The fewest such
// moves to the goal's counts are found by a breadth-first search over the counts once per goal
// (4x4: 24,964 count states an axis; both axes 16 ms, 3x5's 0.16 s, `pdb_bench wd-tables`);
// the columns likewise.
//
// An axis of more than kMaxTableLines lines (a 2x6 board's six columns) has too many count
// states: its bound is then its tiles' line distances over the longest move's tiles.
//
//   WalkingDistance h(goal);
//   IdaStar<WalkingDistance, Metric::MultiTile> search(goal, h, limits);

#include <array>
#include <cstdint>
#include <memory>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"

namespace slidegif::detail {

class WalkingDistance {
 public:
  // The largest axis given a table (count states of a 3x5 board's 5 columns: about 95,000).
  static constexpr int kMaxTableLines = 5;

  explicit WalkingDistance(const Board& goal);

  // An axis's reduced board, packed: the counts four bits each (a table's), or the sum of line
  // distances (without one).
  struct Key {
    std::uint64_t lo = 0, hi = 0;
    bool operator==(const Key&) const = default;
  };
  struct State {
    std::array<Key, 2> keys;          // rows, columns
    std::array<std::uint8_t, 2> h{};  // each axis's moves
  };

  int estimate(const std::uint8_t* tiles, State& out) const;
  int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const;

  class Axis;

 private:
  std::array<std::shared_ptr<const Axis>, 2> axes_;  // shared: copies keep one set of tables
};

}  // namespace slidegif::detail
