#pragma once
// `slidegif compare START [--goal G] [--size RxC] [--algorithms LIST] [--json]
// [--max-seconds S] [--max-nodes N] [--max-memory MB]`: the classic searches
// (solve/classic/classic.hpp) and slidegif's own solve on one puzzle, as a table: algorithm,
// heuristic, moves, optimal or not, states expanded and generated, the most held at once and
// their bytes, seconds. A run past its limits ends and says so in its row.
//
//   CompareCommand compare(app);                    // before app.parse()
//   if (compare.selected()) return compare.run();   // inside the usual try/catch

#include <string>

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

struct CompareArgs {
  std::string start, goal, size;
  std::string algorithms;  // comma-separated names; empty: all, then slidegif
  bool json = false;
  double max_seconds = 10;
  unsigned long long max_nodes = 50'000'000;
  unsigned max_memory_mb = 1024;
  std::string pdb_dir;
};

class CompareCommand {
 public:
  explicit CompareCommand(CLI::App& app);
  bool selected() const;
  int run() const;

 private:
  CLI::App* cmd_ = nullptr;
  CompareArgs args_;
};

}  // namespace slidegif::cli
