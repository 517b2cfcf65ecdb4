#pragma once
// `slidegif explore [--size RxC] [--goal BOARD] [--json] [--threads N] [--progress] [--save
// [--dir DIR]]`: a
// breadth-first search of a board's whole state space (solve/table/full_search.hpp), printed as
// God's number, the count at every distance, the antipodes, the time and the peak memory.
//
//   ExploreCommand explore(app);                  // before app.parse()
//   if (explore.selected()) return explore.run(); // inside the usual try/catch

#include <string>

#include "solve/table/full_search.hpp"

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

struct ExploreArgs {
  std::string size, goal;
  bool json = false;
  bool progress = false;
  int threads = 0;
  bool save = false;       // --save: the table into the pattern-database directory
  std::string dir;         // --dir / --pdb-dir
  std::string plot;        // --plot FILE.png or FILE.svg
  bool log_scale = false;  // --log-scale
  std::string theme = "classic";
  std::string font;
  std::string db;                      // --db FILE.sqlite
  bool all_states = false;             // --all-states: rows for every state past kMaxDatabaseStates
  Metric metric = Metric::SingleTile;  // --metric
  bool large = false;                  // --large: 13 and 14 cells (2x7), when memory allows
};

class ExploreCommand {
 public:
  explicit ExploreCommand(CLI::App& app);
  bool selected() const;
  int run() const;

 private:
  CLI::App* cmd_ = nullptr;
  ExploreArgs args_;
};

// The antipodes to print: all when there are at most this many, else this many.
inline constexpr std::size_t kListedAntipodes = 100;

}  // namespace slidegif::cli
