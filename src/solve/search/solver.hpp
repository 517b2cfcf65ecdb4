#pragma once
// Optimal solving by search, the heart of slidegif::solve (solve.hpp) and of every front end's
// solve when no distance table answers (table_solve.hpp).
//
//   auto result = slidegif::solve_by_search(start, goal, {.max_seconds = 5}, {}, pdb);
//
// It checks solvability first (Error::Unsolvable with the parity facts), refuses boards it
// cannot search (Error::Unsupported), stops at the budget (Error::BudgetExceeded) unless the
// options ask for the near-optimal fallback, and at a requested stop (Error::Cancelled).

#include <atomic>
#include <cstdint>
#include <functional>

#include "slidegif/board.hpp"
#include "slidegif/solve.hpp"

namespace slidegif {

// Whether a stop flag (SolveControl::stop) is there and set.
inline bool stop_set(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

// The budget of one search run (IDA*, the near-optimal search): a solve splits its options'
// budget between the runs it makes.
struct SearchLimits {
  double max_seconds = 5.0;     // wall-clock budget; <= 0 means none
  std::uint64_t max_nodes = 0;  // node budget; 0 means none
  // Called about twice a second while a search runs (for progress display); may be empty.
  std::function<void(const SearchStats&)> progress;
  const std::atomic<bool>* stop = nullptr;  // when it turns true, the run ends as at its budget
  int threads = 1;  // IDA*: threads sharing each large iteration (the answer is the same)

  bool stopped() const { return stop_set(stop); }
};

class PdbHeuristic;  // pattern/pdb_heuristic.hpp
class MultiTilePdb;  // pattern/multi_tile_pdb.hpp

// `pdb`: a pattern database for this board size, used instead of Manhattan + linear conflict
// when it serves the goal (options.use_pdb is the caller's business). On a board over
// kMaxOptimalCells (5x5) it guides the near-optimal search, which answers first (a tenth of
// fallback_seconds, at least 2 s), and IDA* gets the rest of fallback_seconds to prove an
// answer optimal (without the fallback: IDA* alone within max_seconds). The fallback fits
// within max_seconds: the optimal search stops early enough to leave it a fifth of the budget
// (at most fallback_seconds), and the fallback gets what is left. `multi_tile`: the same for
// the multi-tile metric (options.metric), used instead of the walking distance when it serves
// the goal.
Solution solve_by_search(const Board& start, const Board& goal, const SolveOptions& options,
                         const SolveControl& control = {}, const PdbHeuristic* pdb = nullptr,
                         const MultiTilePdb* multi_tile = nullptr);

// Throws Error(Cancelled) when the control's stop was requested.
void throw_if_stopped(const SolveControl& control);

}  // namespace slidegif
