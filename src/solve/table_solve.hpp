#pragma once
// Puzzles answered and made from distance tables (distance_table.hpp): an optimal solution by
// descent, with no search, and a start picked uniformly among the states exactly N moves from
// the goal. A table serves every goal it can be framed onto (goal_framing.hpp: a symmetry that
// lines the blanks up, then a relabelling), so three 3x3 tables (blank in a corner, on an
// edge, in the centre) serve every 3x3 goal.

#include <optional>

#include "solve/board/random.hpp"
#include "solve/solver.hpp"
#include "solve/table/distance_table.hpp"

namespace slidegif::detail {

// What Solution::method says for an answer by descent.
inline constexpr const char* kDescentMethod = "descent of the distance table";

// The optimal solution by descent, or std::nullopt when the table does not serve `goal`.
// start must reach goal.
std::optional<Solution> solve_by_table(const Board& start, const Board& goal,
                                       const DistanceTable& table);

// Picks a start exactly `moves` from `goal` (kHardestMoves: God's number), uniform among all such
// states: picked by rank among them on an exact table or from the layer's list on a mod-3 one,
// else by rejection (uniform states until one is at that distance: the layers a mod-3 table
// does not list hold over a 10,000th of the states). Throws Error(BadInput) naming the range when
// `moves` is past God's number, and when the table does not serve `goal`.
Board pick_at_distance(const Board& goal, int moves, const DistanceTable& table, Random& rng);

// Throws Error(BadInput) naming the range when `moves` is not 0 to `gods` (God's number).
void check_moves_range(Shape shape, int gods, int moves);

// Published God's numbers (Korf 2008, table III; OEIS A087725), for ranges on boards without a
// table; std::nullopt when unknown.
std::optional<int> known_gods_number(Shape shape);

}  // namespace slidegif::detail
