#include "slidegif/solver.hpp"

#include <algorithm>

#include "slidegif/detail/format.hpp"
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

// The best answer within what is left of the budget, marked not optimal.
Solution near_optimal_fallback(const Board& start, const Board& goal, const SolveOptions& options,
                               const SearchStats& spent) {
  NearOptimalOptions near;
  near.limits.max_seconds = options.fallback_seconds;
  near.limits.progress = options.limits.progress;
  if (options.limits.max_seconds > 0) {
    // At least the reserved share, even when the optimal search overran its own deadline.
    const double left = std::max(options.limits.max_seconds - spent.seconds,
                                 options.limits.max_seconds * kFallbackShare);
    near.limits.max_seconds = std::min(options.fallback_seconds, left);
  }
  Solution s = solve_near_optimal(start, goal, near);
  s.method = detail::format("near-optimal, not proven optimal: {}", s.method);
  s.stats.nodes += spent.nodes;
  s.stats.last_bound = spent.last_bound;
  s.stats.seconds += spent.seconds;
  return s;
}

}  // namespace

Solution solve(const Board& start, const Board& goal, const SolveOptions& options) {
  require_solvable(start, goal);
  if (start.cells() > kMaxOptimalCells) {
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
