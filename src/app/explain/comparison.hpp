#pragma once
// `compare`: the classic searches and slidegif's own solve run on one puzzle, a row each, for
// every front end (the command line's table, the endpoints' and the libraries' rows).
//
//   auto rows = app::compare_searches(start, goal, {}, limits, services);  // all, then slidegif
//   std::string json = app::comparison_json(start, goal, rows).dump();

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "app/job/job.hpp"
#include "slidegif/board.hpp"
#include "solve/classic/classic.hpp"

namespace slidegif::app {

// The name of slidegif's own row.
inline constexpr std::string_view kOwnSearch = "slidegif";

struct ComparisonRow {
  std::string name;              // "bfs", "astar-manhattan", ..., or "slidegif"
  std::string heuristic;         // "Manhattan", ...; slidegif's: the method it answered by
  detail::ClassicResult result;  // slidegif's row: no generated count, nothing held
  bool own = false;
};

// Runs each named search (empty: every classic one in table order, then slidegif's own) within
// `limits` each; slidegif's own solve has max_seconds and the services' databases. Every name
// is checked before anything runs (Error(BadInput) naming the known ones); an unsolvable
// puzzle is Error(Unsolvable); a search past 16 cells or past its limits says so in its row.
std::vector<ComparisonRow> compare_searches(const Board& start, const Board& goal,
                                            const std::vector<std::string>& names,
                                            const detail::ClassicLimits& limits,
                                            const Services& services);

// The rows as one object: {"start", "goal", "rows": [{"algorithm", "heuristic", "solved",
// "optimal", "moves", "solution", "expanded", "generated", "max_held", "bytes", "seconds",
// "stopped", "thresholds"}...]} (slidegif's row without generated, max_held and bytes).
nlohmann::json comparison_json(const Board& start, const Board& goal,
                               const std::vector<ComparisonRow>& rows);

}  // namespace slidegif::app
