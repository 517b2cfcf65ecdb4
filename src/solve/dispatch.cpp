#include "solve/dispatch.hpp"

#include "slidegif/solvability.hpp"
#include "solve/solver.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::detail {

Solution dispatch_solve(const Board& start, const Board& goal, const SolveOptions& options,
                        const SolveControl& control, const SolveSources& sources) {
  const bool single = options.metric == Metric::SingleTile;
  if (single && sources.distance_table) {
    if (const DistanceTable* table = sources.distance_table(goal)) {
      require_solvable(start, goal);  // the parity facts, before a descent that has none
      if (auto solution = solve_by_table(start, goal, *table)) return std::move(*solution);
    }
  }
  const PdbHeuristic* pdb = single && options.use_pdb && sources.pattern_database
                                ? sources.pattern_database(goal)
                                : nullptr;
  const MultiTilePdb* multi_tile = !single && options.use_pdb && sources.multi_tile_database
                                       ? sources.multi_tile_database(goal)
                                       : nullptr;
  return solve_by_search(start, goal, options, control, pdb, multi_tile);
}

}  // namespace slidegif::detail
