#include "solve/solver.hpp"

#include <algorithm>

#include "slidegif/solvability.hpp"
#include "solve/board/goal_framing.hpp"
#include "solve/heuristic/manhattan_linear_conflict.hpp"
#include "solve/heuristic/walking_distance.hpp"
#include "solve/pattern/multi_tile_pdb.hpp"
#include "solve/pdb_solve.hpp"
#include "solve/search/ida_star.hpp"
#include "solve/search/near_optimal.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {

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

// The whole solve's budget, as one search run's.
SearchLimits whole_limits(const SolveOptions& options, const SolveControl& control) {
  return SearchLimits{.max_seconds = options.max_seconds,
                      .max_nodes = options.max_nodes,
                      .progress = control.progress,
                      .stop = control.stop,
                      .threads = std::max(1, options.threads)};
}

// What is left of the budget for the optimal search when a fallback must fit in after it.
SearchLimits optimal_limits(const SolveOptions& options, const SolveControl& control) {
  SearchLimits limits = whole_limits(options, control);
  if (options.near_optimal_fallback && limits.max_seconds > 0) {
    limits.max_seconds -= std::min(options.fallback_seconds, limits.max_seconds * kFallbackShare);
  }
  return limits;
}

constexpr std::string_view kNotProven = "near-optimal, not proven optimal: ";

// The best answer within what is left of the budget, marked not optimal. `pdb` guides it when
// given (boards over kMaxOptimalCells; smaller ones keep Manhattan + linear conflict here).
Solution near_optimal_fallback(const Board& start, const Board& goal, const SolveOptions& options,
                               const SolveControl& control, const SearchStats& spent,
                               const PdbHeuristic* pdb = nullptr) {
  throw_if_stopped(control);
  NearOptimalOptions near;
  near.pdb = pdb;
  near.limits = whole_limits(options, control);
  near.limits.max_nodes = 0;
  near.limits.max_seconds = options.fallback_seconds;
  if (options.max_seconds > 0) {
    // At least the reserved share, even when the optimal search overran its own deadline.
    const double left =
        std::max(options.max_seconds - spent.seconds, options.max_seconds * kFallbackShare);
    near.limits.max_seconds = std::min(options.fallback_seconds, left);
  }
  Solution s = solve_near_optimal(start, goal, near);
  throw_if_stopped(control);
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
                              const SolveControl& control, const PdbHeuristic& pdb,
                              const GoalFraming& framing) {
  SolveOptions near_options = options;
  SearchLimits limits = whole_limits(options, control);
  Solution near;
  if (options.near_optimal_fallback) {
    const double budget = options.fallback_seconds;
    near_options.fallback_seconds = std::min(budget, std::max(kNearFirstSeconds, budget / 10));
    near_options.max_seconds = near_options.fallback_seconds;
    near = near_optimal_fallback(start, goal, near_options, control, {}, &pdb);
    limits.max_seconds = budget - near.stats.seconds;
    if (limits.max_seconds < 0.01) return near;
  }
  IdaStar search(pdb.goal(), pdb, limits);
  if (!near.moves.empty()) search.known_length(static_cast<int>(near.moves.size()));
  auto moves = search.run(framing.map_board(start));
  throw_if_stopped(control);
  SearchStats stats = search.stats();
  stats.seconds += near.stats.seconds;
  if (moves) return Solution{framing.unmap_moves(start, *moves), true, pdb_method_name(pdb), stats};
  if (!near.moves.empty() && stats.last_bound >= static_cast<int>(near.moves.size())) {
    const std::string how = detail::format(
        "{}, proven optimal by {}", near.method.substr(kNotProven.size()), pdb_method_name(pdb));
    return Solution{std::move(near.moves), true, how, stats};
  }
  if (!options.near_optimal_fallback) out_of_budget(stats, whole_limits(options, control));
  near.stats.nodes += stats.nodes;
  near.stats.last_bound = stats.last_bound;
  near.stats.seconds = stats.seconds;
  return near;
}

// IDA* (`Search`, over a heuristic made for `goal`) within the optimal search's share of the
// budget: its answer, named `method`; past the budget the near-optimal one when a fallback is
// allowed, else Error(BudgetExceeded).
template <class Search, class H>
Solution search_or_fallback(const Board& start, const Board& goal, const H& heuristic,
                            const SolveOptions& options, const SolveControl& control,
                            std::string method) {
  Search search(goal, heuristic, optimal_limits(options, control));
  auto moves = search.run(start);
  throw_if_stopped(control);
  if (!moves) {
    if (options.near_optimal_fallback)
      return near_optimal_fallback(start, goal, options, control, search.stats());
    out_of_budget(search.stats(), whole_limits(options, control));
  }
  return Solution{std::move(*moves), true, std::move(method), search.stats()};
}

// IDA* on Manhattan + linear conflict (`heuristic`, made for `goal`): optimal, or near-optimal
// when the search ran out of budget and a fallback is allowed.
Solution solve_by_manhattan(const Board& start, const Board& goal,
                            const ManhattanLinearConflict& heuristic, const SolveOptions& options,
                            const SolveControl& control) {
  return search_or_fallback<IdaStar<ManhattanLinearConflict>>(
      start, goal, heuristic, options, control, "IDA* (Manhattan + linear conflict)");
}

// Whether a board over kMaxOptimalCells is near enough its goal for IDA* to prove it.
bool near_goal(const Board& start, const ManhattanLinearConflict& heuristic) {
  ManhattanLinearConflict::State state;
  return heuristic.estimate(start.tiles().data(), state) <= kMaxProvableEstimate;
}

// The multi-tile metric: IDA* over line moves with the walking distance (boards of at most
// kMaxOptimalCells), or with `pdb` where it serves the goal, else, or past the budget, the
// near-optimal single-tile answer (its runs are its multi-tile moves), not proven.
Solution solve_multi_tile(const Board& start, const Board& goal, const SolveOptions& options,
                          const SolveControl& control, const MultiTilePdb* pdb) {
  if (start.cells() > kMaxOptimalCells) {
    if (options.near_optimal_fallback)
      return near_optimal_fallback(start, goal, options, control, {});
    throw Error(Error::Kind::Unsupported,
                detail::format("optimal solving in the multi-tile metric is limited to boards of "
                               "at most {} cells; {} has {}",
                               kMaxOptimalCells, format_shape(start.shape()), start.cells()));
  }
  if (pdb && pdb->goal().shape() == goal.shape()) {
    if (const GoalFraming framing(goal, pdb->goal()); framing.valid()) {
      Solution s = search_or_fallback<IdaStar<MultiTilePdb, Metric::MultiTile>>(
          framing.map_board(start), pdb->goal(), *pdb, options, control,
          "IDA* (multi-tile pattern database)");
      s.moves = framing.unmap_moves(start, s.moves);  // the fallback's too: same frame
      return s;
    }
  }
  return search_or_fallback<IdaStar<WalkingDistance, Metric::MultiTile>>(
      start, goal, WalkingDistance(goal), options, control, "IDA* (multi-tile walking distance)");
}

}  // namespace

void throw_if_stopped(const SolveControl& control) {
  if (control.stopped())
    throw Error(Error::Kind::Cancelled, "the search was stopped before it finished");
}

Solution solve_by_search(const Board& start, const Board& goal, const SolveOptions& options,
                         const SolveControl& control, const PdbHeuristic* pdb,
                         const MultiTilePdb* multi_tile) {
  require_solvable(start, goal);
  if (options.metric == Metric::MultiTile) {
    Solution s = solve_multi_tile(start, goal, options, control, multi_tile);
    s.metric = Metric::MultiTile;
    return s;
  }
  if (start.cells() > kMaxOptimalCells) {
    if (pdb && pdb->goal().shape() == start.shape()) {
      const GoalFraming framing(goal, pdb->goal());
      if (framing.valid())
        return solve_large_with_pdb(start, goal, options, control, *pdb, framing);
    }
    const ManhattanLinearConflict heuristic(goal);
    if (near_goal(start, heuristic))
      return solve_by_manhattan(start, goal, heuristic, options, control);
    if (options.near_optimal_fallback)
      return near_optimal_fallback(start, goal, options, control, {});
    throw Error(Error::Kind::Unsupported,
                detail::format("optimal solving is limited to boards of at most {} cells, or "
                               "within about {} moves of the goal; {} has {} cells",
                               kMaxOptimalCells, kMaxProvableEstimate, format_shape(start.shape()),
                               start.cells()));
  }
  if (pdb) {
    auto r = search_with_pdb(start, goal, *pdb, optimal_limits(options, control));
    throw_if_stopped(control);
    if (r.applicable) {
      if (!r.moves) {
        if (options.near_optimal_fallback)
          return near_optimal_fallback(start, goal, options, control, r.stats);
        out_of_budget(r.stats, whole_limits(options, control));
      }
      return Solution{std::move(*r.moves), true, pdb_method_name(*pdb), r.stats};
    }
  }
  return solve_by_manhattan(start, goal, ManhattanLinearConflict(goal), options, control);
}

}  // namespace slidegif::detail

namespace slidegif {

Solution solve(const Board& start, const Board& goal, const SolveOptions& options,
               const SolveControl& control) {
  return detail::solve_by_search(start, goal, options, control);
}

}  // namespace slidegif
