#pragma once
// Additive disjoint pattern databases (Korf & Felner 2002) for boards of up to 64 cells.
//
// The tiles are split into disjoint patterns. A pattern's table holds, for every placement of
// its tiles, the fewest moves *of those tiles* that bring them home, the other tiles being
// indistinguishable and their moves free. Summing the tables over a partition stays
// admissible. Tables live in caller-provided memory (an mmap'ed file, a vector) and are only
// viewed here; the solving library does no file I/O.
//
// Entries are stored as 4-bit "excess over Manhattan": a pattern tile's move changes its
// Manhattan distance by exactly 1, so table value = Manhattan(pattern) + 2 * excess. Excess
// fits 4 bits on every pattern we ship; a larger excess is clamped, which stays admissible.
//
//   auto goal = Board::standard_goal({4, 4});
//   auto part = preset_partition("small", goal);
//   std::vector<std::vector<std::uint8_t>> tables;
//   for (auto& p : part) tables.push_back(build_pattern_table(goal, p, {}));
//   PdbHeuristic h(goal, part, {tables[0], tables[1], tables[2]});
//   IdaStar search(goal, h, limits);
//
// The pieces, one header each (this one includes them all):

#include "solve/board/goal_framing.hpp"         // solving towards another goal with a table
#include "solve/pattern/partition_presets.hpp"  // the named partitions
#include "solve/pattern/pattern.hpp"            // patterns and the ranking of placements
#include "solve/pattern/pattern_table.hpp"      // building a table
#include "solve/pattern/pdb_heuristic.hpp"      // the heuristic over a partition's tables
