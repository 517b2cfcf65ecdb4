#pragma once
// The command line's services for the job pipeline: the font named by --font (else the shipped
// one), the operating system's entropy, pattern databases from --pdb-dir (the small set built
// on first use, with a note and a progress bar), and a search progress line on a terminal.

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "app/data/pdb_store.hpp"
#include "app/job/job.hpp"
#include "cli/options.hpp"

namespace slidegif::cli {

// Pattern databases by goal, each loaded (mapped) once per run: a batch of many puzzles with
// one goal maps the files once. Lives as long as any solve that uses what it returns. Safe to
// call from several threads: the first call for a goal loads (or builds) under a lock, and the
// heuristics handed out are read-only views of read-only mappings.
class PatternDatabases {
 public:
  // `yes` (--yes): build what a first use needs however long it takes. Without it, a long
  // build (app/pdb_cost.hpp) is asked about on a terminal and refused elsewhere.
  explicit PatternDatabases(std::string dir_flag, bool yes = false)
      : dir_flag_(std::move(dir_flag)), yes_(yes) {}
  // Null for boards without databases (partition_presets.hpp), or when nothing usable is there and
  // building failed.
  const PdbHeuristic* operator()(const Board& goal);
  // The multi-tile metric's (kMultiTileSet): null for boards without one, or when it is
  // missing and its build was declined (a note says how to build it).
  const MultiTilePdb* multi_tile(const Board& goal);

 private:
  // Whether to build now: --yes, else the user's answer to "`what`: `cost`. Build it now?" on a
  // terminal, else no.
  bool may_build(const std::string& what, const std::string& cost) const;
  // What `load` gave for `key` (a set and a goal), loaded once.
  const app::LoadedPdb* once(const std::string& key,
                             const std::function<std::optional<app::LoadedPdb>()>& load);

  std::string dir_flag_;
  bool yes_ = false;
  std::mutex mutex_;
  std::map<std::string, std::optional<app::LoadedPdb>> loaded_;
};

// `databases` must outlive the services. `show_progress`: the search's progress line on stderr
// when it is a terminal (a batch prints nothing between its answer lines).
app::Services cli_services(const OutputFlags& flags, PatternDatabases& databases,
                           bool show_progress);

}  // namespace slidegif::cli
