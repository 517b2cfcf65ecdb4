#pragma once
// The pattern databases and distance tables a process solves with, wired into app::Services the
// same way for every front end: a database is loaded on first need and kept (once per goal
// whose files serve it, pdb_base_goal), tables as DistanceTables keeps them. What differs
// between front ends is how a database is had (the command line builds a missing one after
// asking; the servers and the library only read) and how many a process keeps.
//
//   app::DataServices data({.load = app::read_pdbs(dir), .tables = {.dir = dir}});
//   data.wire(services);   // services.pattern_database, .multi_tile_database, .distance_table

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/data/distance_tables.hpp"
#include "app/data/pdb_store.hpp"
#include "app/job/job.hpp"

namespace slidegif::app {

// The database for `goal` in `metric`, or std::nullopt: none there (or declined, or refused).
using PdbLoader = std::function<std::optional<LoadedPdb>(const Board& goal, Metric metric)>;

// Reads the trusted databases in `dir` (none when empty) and never builds: a library or a
// server never starts such work unasked.
PdbLoader read_pdbs(std::string dir);

class DataServices {
 public:
  struct Options {
    PdbLoader load;  // empty: no pattern databases
    TablePolicy tables;
    std::vector<std::span<const std::uint8_t>> built_in_tables;  // DistanceTables'
    // Keep only the standard goal's databases, and another goal's until the next other goal
    // (a server worker's memory, with one solve at a time); false: every one loaded, which
    // several threads may ask for at once.
    bool keep_standard_only = false;
  };

  explicit DataServices(Options options);
  DataServices(const DataServices&) = delete;
  DataServices& operator=(const DataServices&) = delete;

  // Points `services`' databases and tables here; this must outlive their use.
  void wire(Services& services);

  // Null when none serves the goal.
  const detail::PdbHeuristic* pattern_database(const Board& goal);
  const detail::MultiTilePdb* multi_tile_database(const Board& goal);
  const detail::DistanceTable* distance_table(const Board& goal, bool to_pick) {
    return tables_(goal, to_pick);
  }

 private:
  const LoadedPdb* database(const Board& goal, Metric metric);

  PdbLoader load_;
  bool keep_standard_only_;
  DistanceTables tables_;
  std::mutex mutex_;
  std::map<std::string, std::optional<LoadedPdb>> kept_;  // by metric and base goal
  std::optional<LoadedPdb> other_;                        // keep_standard_only: the last other
};

}  // namespace slidegif::app
