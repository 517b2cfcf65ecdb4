#pragma once
// The one choice of how a puzzle is solved, for every caller (the pipeline, app/job/job.cpp; the
// WebAssembly engine, src/web/engine.cpp): a distance table when one serves the goal (descent,
// no search), else a search guided by a pattern database when one serves it, else a search
// guided by Manhattan distance and linear conflicts (the walking distance for the multi-tile
// metric).
//
//   SolveSources sources{.distance_table = [&](const Board& g) { return table_for(g); }};
//   Solution s = dispatch_solve(start, goal, options, control, sources);

#include <functional>

#include "slidegif/board.hpp"
#include "slidegif/solve.hpp"

namespace slidegif::detail {

class DistanceTable;  // table/distance_table.hpp
class PdbHeuristic;   // pattern/pdb_heuristic.hpp
class MultiTilePdb;   // pattern/multi_tile_pdb.hpp

// What a solve may use besides searching, each asked for the goal at hand; empty, or null
// returned: none. Tables and single-tile pattern databases count single-tile moves, so they
// serve the single-tile metric only; the multi-tile database the multi-tile metric only.
struct SolveSources {
  std::function<const DistanceTable*(const Board& goal)> distance_table;
  std::function<const PdbHeuristic*(const Board& goal)> pattern_database;
  std::function<const MultiTilePdb*(const Board& goal)> multi_tile_database;
};

// A table's answer, else solve_by_search (solver.hpp) with the database that serves the goal
// (none unless options.use_pdb). Throws as solve_by_search does.
Solution dispatch_solve(const Board& start, const Board& goal, const SolveOptions& options,
                        const SolveControl& control, const SolveSources& sources);

}  // namespace slidegif::detail
