#include "slidegif/solver.hpp"

#include <algorithm>

#include "slidegif/detail/format.hpp"
#include "slidegif/goal_framing.hpp"
#include "slidegif/ida_star.hpp"
#include "slidegif/manhattan_linear_conflict.hpp"
#include "slidegif/near_optimal.hpp"
#include "slidegif/pdb_solve.hpp"
#include "slidegif/solvability.hpp"

namespace slidegif {

namespace {

[[noreturn]] void out_of_budget(const SearchStats& stats, const SearchLimits& limits) {
  throw Error(Error::Kind::BudgetExceeded,
              detail::format("no optimal solution found within the budget ({} s, {} nodes "
                             "searched): it needs at least {} moves",
                             limits.max_seconds, stats.nodes, stats.last_bound));
}

// The share of the whole budget kept back for the fallback when the optimal search may fail:
// the user's --max-seconds is the answer's deadline, not the optimal search's alone.
constexpr double kFallbackShare = 0.2;

// What is left of the budget for the optimal search when a fallback must fit in after it.
SearchLimits optimal_limits(const SolveOptions& options) {
  SearchLimits limits = options.limits;
  if (options.fallback_near_optimal && limits.max_seconds > 0) {
    limits.max_seconds -= std::min(options.fallback_seconds, limits.max_seconds * kFallbackShare);
  }
  return limits;
}

constexpr std::string_view kNotProven = "near-optimal, not proven optimal: ";

// The best answer within what is left of the budget, marked not optimal. `pdb` guides it when
// given (boards over kMaxOptimalCells; smaller ones keep Manhattan + linear conflict here).
Solution near_optimal_fallback(const Board& start, const Board& goal, const SolveOptions& options,
                               const SearchStats& spent, const PdbHeuristic* pdb = nullptr) {
  NearOptimalOptions near;
  near.pdb = pdb;
  near.limits.max_seconds = options.fallback_seconds;
  near.limits.progress = options.limits.progress;
  if (options.limits.max_seconds > 0) {
    // At least the reserved share, even when the optimal search overran its own deadline.
    const double left = std::max(options.limits.max_seconds - spent.seconds,
                                 options.limits.max_seconds * kFallbackShare);
    near.limits.max_seconds = std::min(options.fallback_seconds, left);
  }
  Solution s = solve_near_optimal(start, goal, near);
  s.method = std::string(kNotProven) + s.method;
  s.stats.nodes += spent.nodes;
  s.stats.last_bound = spent.last_bound;
  s.stats.seconds += spent.seconds;
  return s;
}

// A tenth of a large board's budget goes to the near-optimal answer, at least this much (all
// of it when the budget is smaller): 2 s reach a tenth over optimal on the 24-puzzle.
constexpr double kNearFirstSeconds = 2.0;

// Boards over kMaxOptimalCells with pattern databases that serve them (5x5): the near-optimal
// answer first, then IDA* with the rest of the budget, told that answer's length so that
// reaching it proves the answer optimal. Without the fallback, IDA* alone within the budget.
Solution solve_large_with_pdb(const Board& start, const Board& goal, const SolveOptions& options,
                              const GoalFraming& framing) {
  const PdbHeuristic& pdb = *options.pdb;
  SolveOptions near_options = options;
  SearchLimits limits = options.limits;
  Solution near;
  if (options.fallback_near_optimal) {
    const double budget = options.fallback_seconds;
    near_options.fallback_seconds = std::min(budget, std::max(kNearFirstSeconds, budget / 10));
    near_options.limits.max_seconds = near_options.fallback_seconds;
    near = near_optimal_fallback(start, goal, near_options, {}, &pdb);
    limits.max_seconds = budget - near.stats.seconds;
    if (limits.max_seconds < 0.01) return near;
  }
  IdaStar search(pdb.goal(), pdb, limits);
  if (!near.moves.empty()) search.known_length(static_cast<int>(near.moves.size()));
  auto moves = search.run(framing.map_board(start));
  SearchStats stats = search.stats();
  stats.seconds += near.stats.seconds;
  if (moves) return Solution{framing.unmap_moves(start, *moves), true, pdb_method_name(pdb), stats};
  if (!near.moves.empty() && stats.last_bound >= static_cast<int>(near.moves.size())) {
    const std::string how = detail::format(
        "{}, proven optimal by {}", near.method.substr(kNotProven.size()), pdb_method_name(pdb));
    return Solution{std::move(near.moves), true, how, stats};
  }
  if (!options.fallback_near_optimal) out_of_budget(stats, options.limits);
  near.stats.nodes += stats.nodes;
  near.stats.last_bound = stats.last_bound;
  near.stats.seconds = stats.seconds;
  return near;
}

}  // namespace

Solution solve(const Board& start, const Board& goal, const SolveOptions& options) {
  require_solvable(start, goal);
  if (start.cells() > kMaxOptimalCells) {
    if (options.pdb && options.pdb->goal().shape() == start.shape()) {
      const GoalFraming framing(goal, options.pdb->goal());
      if (framing.valid()) return solve_large_with_pdb(start, goal, options, framing);
    }
    if (options.fallback_near_optimal) return near_optimal_fallback(start, goal, options, {});
    throw Error(
        Error::Kind::Unsupported,
        detail::format("optimal solving is limited to boards of at most {} cells; {} has {}",
                       kMaxOptimalCells, format_shape(start.shape()), start.cells()));
  }
  const SearchLimits limits = optimal_limits(options);
  if (options.pdb) {
    auto r = search_with_pdb(start, goal, *options.pdb, limits);
    if (r.applicable) {
      if (!r.moves) {
        if (options.fallback_near_optimal)
          return near_optimal_fallback(start, goal, options, r.stats);
        out_of_budget(r.stats, options.limits);
      }
      return Solution{std::move(*r.moves), true, pdb_method_name(*options.pdb), r.stats};
    }
  }
  const ManhattanLinearConflict heuristic(goal);
  IdaStar search(goal, heuristic, limits);
  auto moves = search.run(start);
  if (!moves) {
    if (options.fallback_near_optimal)
      return near_optimal_fallback(start, goal, options, search.stats());
    out_of_budget(search.stats(), options.limits);
  }
  Solution solution;
  solution.moves = std::move(*moves);
  solution.optimal = true;
  solution.method = "IDA* (Manhattan + linear conflict)";
  solution.stats = search.stats();
  return solution;
}

}  // namespace slidegif
