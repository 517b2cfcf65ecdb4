#pragma once
// `slidegif explain START [--goal G] [--algorithm NAME] -o FILE`: a classic search drawn as it
// runs (app/explain/explain.hpp), in any output format, with a summary line (or --json: the
// search's counts and what each frame says).
//
//   ExplainCommand explain(app);                    // before app.parse()
//   if (explain.selected()) return explain.run();   // inside the usual try/catch

#include <cstdint>
#include <string>

#include "cli/options.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace slidegif::cli {

struct ExplainArgs {
  std::string start, goal;
  std::string algorithm = "astar-manhattan";
  double max_seconds = 10;
  unsigned long long max_nodes = 1'000'000;
  unsigned frames = 150;
  bool tree = false;  // --tree: the search tree as a PNG or SVG figure
  JobFlags flags;     // -o, --format, --frame, --size, --font, --lang and the look
};

class ExplainCommand {
 public:
  explicit ExplainCommand(CLI::App& app);
  bool selected() const;
  int run() const;

 private:
  int run_tree() const;

  CLI::App* cmd_ = nullptr;
  ExplainArgs args_;
};

}  // namespace slidegif::cli
