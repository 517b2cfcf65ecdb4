#pragma once
// The distance tables a process uses (Services::distance_table): built in memory for small
// boards when the policy allows, each kept for the rest of the process, one per blank cell
// class (a table serves every goal it can be framed onto: table_solve.hpp).
//
//   DistanceTables tables({.build_to_solve = true});
//   const DistanceTable* t = tables(goal, /*to_draw=*/false);   // null: no table here

#include <cstdint>
#include <memory>
#include <vector>

#include "slidegif/distance_table.hpp"

namespace slidegif::app {

struct TablePolicy {
  // Tables up to this size (one byte a state) are built in memory when needed: 3x3 is 181 KB.
  std::uint64_t max_build_bytes = 1'000'000;
  // Build to solve too, not only to draw a puzzle of a given length. The CGI does not: a 3x3
  // table costs more than the IDA* search it would replace in one request.
  bool build_to_solve = true;
};

class DistanceTables {
 public:
  explicit DistanceTables(TablePolicy policy) : policy_(policy) {}
  const DistanceTable* operator()(const Board& goal, bool to_draw);

 private:
  TablePolicy policy_;
  std::vector<std::unique_ptr<DistanceTable>> tables_;
};

}  // namespace slidegif::app
