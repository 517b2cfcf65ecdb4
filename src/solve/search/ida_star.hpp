#pragma once
// IDA* written once over the sliding-tile domain (domain.hpp) and any heuristic (heuristic.hpp).
// Operators are applied and undone in place on one Position; the move back to the parent is
// never generated.
//
//   ManhattanLinearConflict h(goal);
//   IdaStar search(goal, h, {.max_seconds = 5});
//   if (auto moves = search.run(start)) { ... }  // optimal
//   else { search.stats().last_bound ... }        // budget ran out: a lower bound

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <optional>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/search/domain.hpp"
#include "solve/search/heuristic.hpp"
#include "solve/search/solver.hpp"

namespace slidegif {

template <Heuristic H>
class IdaStar {
 public:
  IdaStar(const Board& goal, const H& heuristic, SearchLimits limits)
      : goal_(goal), domain_(goal.shape()), heuristic_(heuristic), limits_(limits) {}

  // The optimal move sequence, or std::nullopt when the budget ran out first.
  std::optional<std::vector<Move>> run(const Board& start);
  // A solution of `length` moves is known (found by another search): run() stops with
  // std::nullopt instead of searching a bound of `length` or more, and stats().last_bound
  // >= length then proves the known one optimal, without the last and largest iteration.
  void known_length(int length) { known_length_ = length; }
  const SearchStats& stats() const { return stats_; }

 private:
  static constexpr int kFound = -1;
  static constexpr int kOutOfBudget = -2;
  static constexpr int kNoParent = 4;

  int search(int g, int h, int forbidden, int bound);
  bool at_goal() const {
    return std::memcmp(here_.tiles.data(), goal_.tiles().data(), cells_) == 0;
  }
  bool out_of_budget();

  const Board& goal_;
  Domain domain_;
  const H& heuristic_;
  SearchLimits limits_;
  SearchStats stats_;
  Position here_;  // the node being expanded
  std::size_t cells_ = 0;
  std::vector<Move> path_;
  std::vector<typename H::State> states_;  // per depth
  std::chrono::steady_clock::time_point started_;
  double next_progress_ = 0.5;
  int known_length_ = 0;  // 0: none
};

// Details ---------------------------------------------------------------------------------

template <Heuristic H>
std::optional<std::vector<Move>> IdaStar<H>::run(const Board& start) {
  started_ = std::chrono::steady_clock::now();
  stats_ = {};
  next_progress_ = 0.5;
  cells_ = static_cast<std::size_t>(start.cells());
  here_ = Position(start);
  path_.clear();
  states_.resize(1);
  const int h = heuristic_.estimate(here_.tiles.data(), states_[0]);
  int bound = h;
  std::optional<std::vector<Move>> result;
  for (;;) {
    stats_.last_bound = bound;
    if (known_length_ > 0 && bound >= known_length_) break;
    ++stats_.iterations;
    // Depth never exceeds the bound (h >= 0), so this is the only resize of an iteration.
    states_.resize(static_cast<std::size_t>(bound) + 2);
    const int next = search(0, h, kNoParent, bound);
    if (next == kFound) {
      result = path_;
      break;
    }
    if (next == kOutOfBudget || next == INT_MAX) break;  // INT_MAX: nothing left (unsolvable)
    bound = next;
  }
  stats_.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  return result;
}

template <Heuristic H>
bool IdaStar<H>::out_of_budget() {
  if (limits_.max_nodes != 0 && stats_.nodes >= limits_.max_nodes) return true;
  // Reading the clock costs more than expanding a node, so look only every 4096 nodes.
  if ((stats_.nodes & 4095) != 0) return false;
  if (limits_.stopped()) return true;
  const auto spent = std::chrono::steady_clock::now() - started_;
  stats_.seconds = std::chrono::duration<double>(spent).count();
  if (limits_.progress && stats_.seconds >= next_progress_) {
    limits_.progress(stats_);
    next_progress_ = stats_.seconds + 0.5;
  }
  return limits_.max_seconds > 0 && stats_.seconds > limits_.max_seconds;
}

template <Heuristic H>
int IdaStar<H>::search(int g, int h, int forbidden, int bound) {
  const int f = g + h;
  if (f > bound) return f;
  if (h == 0 && at_goal()) return kFound;
  ++stats_.nodes;
  if (out_of_budget()) return kOutOfBudget;

  int next_bound = INT_MAX;
  for (const Operator op : domain_.operators(here_.blank)) {
    if (static_cast<int>(op.move) == forbidden) continue;
    const Slide slide = here_.apply(op);
    path_.push_back(op.move);
    const int child_h =
        heuristic_.update(here_.tiles.data(), slide, states_[static_cast<std::size_t>(g)],
                          states_[static_cast<std::size_t>(g) + 1]);
    const int r = search(g + 1, child_h, static_cast<int>(opposite(op.move)), bound);
    if (r == kFound) return kFound;  // leave the path in place
    path_.pop_back();
    here_.undo(slide);
    if (r == kOutOfBudget) return kOutOfBudget;
    next_bound = std::min(next_bound, r);
  }
  return next_bound;
}

}  // namespace slidegif
