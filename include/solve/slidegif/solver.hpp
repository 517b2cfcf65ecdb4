#pragma once
// Optimal solving: the fewest blank moves from start to goal.
//
//   auto result = slidegif::solve(start, goal, {.limits = {.max_seconds = 5}});
//   fmt::print("{} {}\n", result.moves.size(), slidegif::moves_to_string(result.moves));
//
// solve() checks solvability first (Error::Unsolvable with the parity facts), refuses boards it
// cannot search (Error::Unsupported) and stops at the budget (Error::BudgetExceeded).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif {

struct SearchStats {
  std::uint64_t nodes = 0;  // nodes expanded over all iterations
  int iterations = 0;       // IDA* thresholds tried
  int last_bound = 0;       // the last threshold searched: a lower bound on the length
  int best_length = 0;      // the near-optimal search's shortest answer so far (0: none)
  double seconds = 0;
};

struct SearchLimits {
  double max_seconds = 5.0;     // wall-clock budget; <= 0 means none
  std::uint64_t max_nodes = 0;  // node budget; 0 means none
  // Called about twice a second while a search runs (for progress display); may be empty.
  std::function<void(const SearchStats&)> progress;
};

struct Solution {
  std::vector<Move> moves;
  bool optimal = false;  // proven fewest moves
  std::string method;    // e.g. "IDA* (Manhattan + linear conflict)"
  SearchStats stats;
};

class PdbHeuristic;  // pdb_heuristic.hpp

struct SolveOptions {
  SearchLimits limits;
  // A pattern database for this board size (app::load_best_pdb finds one): optimal search
  // with it instead of Manhattan + linear conflict when it serves the goal. On a board over
  // kMaxOptimalCells (5x5) it guides the near-optimal search, which answers first (a tenth of
  // fallback_seconds, at least 2 s), and IDA* gets the rest of fallback_seconds to prove an
  // answer optimal (without the fallback: IDA* alone within limits.max_seconds).
  const PdbHeuristic* pdb = nullptr;
  // Instead of failing (budget exceeded, board over kMaxOptimalCells), answer with
  // solve_near_optimal(), marked optimal = false. Front ends set it. The fallback fits within
  // limits.max_seconds: the optimal search then stops early enough to leave it a fifth of the
  // budget (at most fallback_seconds), and the fallback gets what is left.
  bool fallback_near_optimal = false;
  double fallback_seconds = 2.0;  // the near-optimal solver's budget, at most
};

// Largest board (in cells) solve() searches optimally without a pattern database.
inline constexpr int kMaxOptimalCells = 16;

Solution solve(const Board& start, const Board& goal, const SolveOptions& options = {});

}  // namespace slidegif
