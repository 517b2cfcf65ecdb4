#pragma once
// The distance tables a process uses (Services::distance_table): built in memory for small
// boards when the policy allows, else read from the files `explore --save` wrote in the
// policy's directory (table_file.hpp); each kept for the rest of the process. A table serves
// every goal it can be framed onto (table_solve.hpp): one per blank cell class. A table built
// to solve holds distances mod 3 (descent needs no more, and it builds a fifth faster); one
// built to pick a start holds them exactly. Tables of different classes build on the callers'
// threads at once (a batch's first lines need all three 3x3 classes). Tables built in (the command
// line's three 3x3 ones) take the place of building one to solve.
//
//   DistanceTables tables({.build_to_solve = true});
//   const DistanceTable* t = tables(goal, /*to_pick=*/false);   // null: no table here
//   DistanceTables cli_tables({}, cli::built_in_tables());       // with the 3x3 ones built in

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "app/data/table_file.hpp"
#include "solve/table/distance_table.hpp"

namespace slidegif::app {

struct TablePolicy {
  // Tables up to this size (one byte a state) are built in memory when needed: 3x3 is 181 KB.
  std::uint64_t max_build_bytes = 1'000'000;
  // Build to solve too, not only to pick a puzzle of a given length. The CGI does not: a 3x3
  // table costs more than the IDA* search it would replace in one request.
  bool build_to_solve = true;
  // Where saved tables are looked for; empty: nowhere.
  std::string dir;
};

// The goal a table is built for when one is needed for `goal`: the standard goal when it
// serves `goal` (3x3 with the blank in a corner), else the tiles in order around the goal's
// blank cell. One table serves every goal of its blank cell's class.
Board table_goal_for(const Board& goal);

class DistanceTables {
 public:
  // `built_in`: table files' bytes that outlive the DistanceTables (the command line's 3x3
  // tables), checked when first needed; they serve every solve of their goals' classes,
  // whatever the policy's limits.
  explicit DistanceTables(TablePolicy policy,
                          std::vector<std::span<const std::uint8_t>> built_in = {})
      : policy_(std::move(policy)), built_in_bytes_(std::move(built_in)) {}
  // Null when none serves `goal`. Throws Error(BadInput) for a damaged table file. Safe to
  // call from several threads (solve --batch --jobs): a table, once returned, never moves.
  const detail::DistanceTable* operator()(const Board& goal, bool to_pick);

 private:
  const detail::DistanceTable* from_files(const Board& goal);
  const detail::DistanceTable* from_built_in(const Board& goal);  // with mutex_ held

  // A table being built, or built, by the first caller that needed it.
  struct Built {
    Built(Board g, bool e) : goal(std::move(g)), exact(e) {}
    Board goal;  // the goal it is built for
    bool exact;  // one byte a state (to pick), else distances mod 3
    std::once_flag once;
    std::unique_ptr<detail::DistanceTable> table;
  };

  TablePolicy policy_;
  std::vector<std::span<const std::uint8_t>> built_in_bytes_;
  std::mutex mutex_;  // guards the lists, not a table's build
  std::vector<std::unique_ptr<Built>> built_;
  std::vector<LoadedTable> loaded_;
  std::vector<Shape> listed_;  // shapes whose files in dir were all loaded
  std::vector<std::unique_ptr<detail::DistanceTable>>
      built_in_;  // viewed, once the first is needed
};

}  // namespace slidegif::app
