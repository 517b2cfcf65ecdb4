#pragma once
// Optimal solving with pattern databases: IDA* over a PdbHeuristic, through a GoalFraming when
// the database was built for another goal (symmetry + relabelling keep lengths, so the answer
// stays optimal).

#include <optional>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pdb_heuristic.hpp"
#include "solve/solver.hpp"

namespace slidegif::detail {

struct PdbSearchResult {
  bool applicable = false;                 // the database serves this shape and goal
  std::optional<std::vector<Move>> moves;  // optimal; std::nullopt when the budget ran out
  SearchStats stats;
};

PdbSearchResult search_with_pdb(const Board& start, const Board& goal, const PdbHeuristic& pdb,
                                const SearchLimits& limits);

// "IDA* (pattern databases 6-6-3, reflected)" and the like.
std::string pdb_method_name(const PdbHeuristic& pdb);

}  // namespace slidegif::detail
