#pragma once
// Optimal solving by search, the heart of slidegif::solve (solve.hpp) and of every front end's
// solve when no distance table answers (table_solve.hpp).
//
//   auto result = slidegif::detail::solve_by_search(start, goal, {.max_seconds = 5}, {}, pdb);
//
// It checks solvability first (Error::Unsolvable with the parity facts), refuses boards it
// cannot search (Error::Unsupported), stops at the budget (Error::BudgetExceeded) unless the
// options ask for the near-optimal fallback, and at a requested stop (Error::Cancelled).

#include "slidegif/board.hpp"
#include "slidegif/solve.hpp"
#include "solve/search/search_limits.hpp"

namespace slidegif::detail {

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

}  // namespace slidegif::detail
