#pragma once
// The God's-eye view: every position's distance to one goal, from a breadth-first search over
// the whole state space, and what it answers without any search: God's number, how many
// positions lie at each distance, any position's exact distance and an optimal solution.
//
//   slidegif::GodsEyeTable table(slidegif::Board::standard_goal({3, 3}));
//   table.gods_number();                              // 31
//   table.histogram()[31];                            // 2 positions are 31 moves away
//   table.solve(slidegif::parse_board("867254301"));  // 31 optimal moves, in microseconds

#include <cstdint>
#include <memory>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/export.hpp"

namespace slidegif {

namespace detail {
class DistanceTable;  // the internal table this one shares
}

class SLIDEGIF_API GodsEyeTable {
 public:
  // Boards of up to kMaxGodsEyeCells: 3x3 takes about 0.1 s and 181 KB, 3x4 about 20 s and
  // 60 MB (two bits a position). Throws Error(Unsupported) for larger boards.
  explicit GodsEyeTable(const Board& goal);

  const Board& goal() const;
  // Positions at each distance from the goal (histogram()[0] == 1, the goal itself).
  const std::vector<std::uint64_t>& histogram() const;
  // The largest distance: histogram().size() - 1.
  int gods_number() const;
  // The number of moves from `state` to the goal. Throws Error(BadInput) for another shape,
  // Error(Unsolvable) when the goal cannot be reached from it.
  int distance(const Board& state) const;
  // An optimal solution from `start`; the same errors as distance().
  std::vector<Move> solve(const Board& start) const;

 private:
  void check(const Board& state) const;
  std::shared_ptr<const detail::DistanceTable> table_;
};

// The largest board a GodsEyeTable is built for.
inline constexpr int kMaxGodsEyeCells = 12;

}  // namespace slidegif
