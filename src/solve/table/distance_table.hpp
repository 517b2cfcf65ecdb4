#pragma once
// Every state's distance to one goal, as a table indexed by StateIndex (a full search's
// result, or a saved file mapped in), and what it answers without any search: optimal
// solutions by descent, a state's exact distance, and uniform draws among the states at a
// given distance (picked from the layer's list when the table has one: full_search.hpp lists
// the rare layers).
//
//   const DistanceTable table = DistanceTable::build(Board::standard_goal({3, 3}));
//   table.descend(parse_board("867254301"));  // 31 optimal moves, in a few microseconds
//
// Descent needs only the distance mod 3: the graph is bipartite, so a state at distance d has
// neighbours at d - 1 and d + 1 only, and they differ mod 3.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"
#include "solve/board/goal_framing.hpp"
#include "solve/table/full_search.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::detail {

class DistanceTable {
 public:
  // A full search to `goal` kept as one byte a state (exact distances, for the small boards)
  // or two (distance mod 3).
  static DistanceTable build(const Board& goal, DistanceStorage storage = DistanceStorage::Exact);
  // Distances mod 3 held elsewhere (a mapped file: it must outlive the table), 32 a word, with
  // the sorted states of some layers (lists[d]; empty: layer d not listed), held there too.
  static DistanceTable view(const Board& goal, std::span<const std::uint64_t> mod3,
                            std::vector<std::uint64_t> histogram,
                            std::vector<std::span<const std::uint64_t>> lists = {});

  DistanceTable(DistanceTable&&) = default;  // the span moves with the vector it views
  DistanceTable& operator=(DistanceTable&&) = default;
  DistanceTable(const DistanceTable&) = delete;
  DistanceTable& operator=(const DistanceTable&) = delete;

  const Board& goal() const { return goal_; }
  const StateIndex& index() const { return index_; }
  const Domain& domain() const { return domain_; }
  const std::vector<std::uint64_t>& histogram() const { return histogram_; }
  int gods_number() const { return static_cast<int>(histogram_.size()) - 1; }
  bool exact() const { return !bytes_.empty(); }
  double build_seconds() const { return build_seconds_; }  // 0 when not built here

  // Distance mod 3 of state i (< index().size()).
  int mod3(std::uint64_t i) const {
    return exact() ? bytes_[i] % 3 : static_cast<int>((mod3_[i / 32] >> (i % 32 * 2)) & 3);
  }
  // An optimal solution from `start` (which must reach the goal) to the goal: at each step the
  // first move, in Move order, to a state one closer. Throws Error(BadInput) if the table
  // leads nowhere (a damaged table).
  std::vector<Move> descend(const Board& start) const;
  // The same for a goal the table serves through a framing (goal_framing.hpp): the moves are
  // chosen in the original frame, in Move order there.
  std::vector<Move> descend(const Board& start, const GoalFraming& framing) const;
  // The exact distance of a state: read, or counted by descent.
  int distance(const Board& state) const;
  // The k-th state (index order) at distance d, k < histogram()[d]: on exact tables, and on
  // mod-3 ones for the listed layers (listed(d)).
  Board state_at(int d, std::uint64_t k) const;
  // Whether layer d's states are listed (state_at answers for it on a mod-3 table).
  bool listed(int d) const {
    return d >= 0 && static_cast<std::size_t>(d) < lists_.size() &&
           !lists_[static_cast<std::size_t>(d)].empty();
  }

 private:
  DistanceTable(const Board& goal, StateIndex index)
      : goal_(goal), index_(std::move(index)), domain_(goal.shape()) {}
  Board goal_;
  StateIndex index_;
  Domain domain_;  // the descent's moves, worked out once rather than a descent
  std::vector<std::uint64_t> histogram_;
  std::vector<std::uint8_t> bytes_;                      // exact: one byte a state
  std::vector<std::uint64_t> owned_mod3_;                // mod 3 built here
  std::span<const std::uint64_t> mod3_;                  // mod 3, owned or mapped
  std::vector<std::vector<std::uint64_t>> owned_lists_;  // listed layers built here
  std::vector<std::span<const std::uint64_t>> lists_;    // listed layers, owned or mapped
  double build_seconds_ = 0;
};

}  // namespace slidegif::detail
