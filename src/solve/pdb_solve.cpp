#include "solve/pdb_solve.hpp"

#include "solve/board/goal_framing.hpp"
#include "solve/search/ida_star.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {

PdbSearchResult search_with_pdb(const Board& start, const Board& goal, const PdbHeuristic& pdb,
                                const SearchLimits& limits) {
  PdbSearchResult result;
  if (start.shape() != pdb.goal().shape()) return result;
  const GoalFraming framing(goal, pdb.goal());
  if (!framing.valid()) return result;
  result.applicable = true;
  const Board framed = framing.map_board(start);
  IdaStar search(pdb.goal(), pdb, limits);
  if (auto moves = search.run(framed)) result.moves = framing.unmap_moves(start, *moves);
  result.stats = search.stats();
  return result;
}

std::string pdb_method_name(const PdbHeuristic& pdb) {
  std::string sizes;
  for (const auto& p : pdb.partition())
    sizes += detail::format("{}{}", sizes.empty() ? "" : "-", p.size());
  return detail::format("IDA* (additive {}pattern databases {}{})",
                        pdb.zero_aware() ? "zero-aware " : "", sizes,
                        pdb.reflects() ? ", with reflection" : "");
}

}  // namespace slidegif::detail
