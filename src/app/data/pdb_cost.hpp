#pragma once
// What building a pattern-database set costs, known before building it, so that a front end
// can say so and ask before a long build (the command line's --yes), never start one unasked.
//
//   const PdbBuildCost cost = pdb_build_cost(goal, "large");
//   if (cost.is_long()) ask(describe(cost));

#include <cstdint>
#include <string>
#include <string_view>

#include "slidegif/board.hpp"

namespace slidegif::app {

struct PdbBuildCost {
  std::uint64_t file_bytes = 0;    // the tables, 4 bits an entry
  std::uint64_t memory_bytes = 0;  // the largest table's working memory, plus the tables
  double cpu_seconds = 0;          // rough: the rate measured on the project's VM
  // Over about 30 CPU-seconds or 100 MB of memory: worth asking first.
  bool is_long() const;
};

// The cost of building `set` for `goal`'s shape (preset_partition's tables). Throws as
// preset_partition does.
PdbBuildCost pdb_build_cost(const Board& goal, std::string_view set);

// "58 MB on disk, about 70 CPU-seconds and 520 MB of memory to build".
std::string describe(const PdbBuildCost& cost);

}  // namespace slidegif::app
