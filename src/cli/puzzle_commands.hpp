#pragma once
// `slidegif solve`, `slidegif random` and `slidegif check`: the commands that take boards.
//
//   PuzzleCommands puzzles(app);                   // before app.parse()
//   if (puzzles.selected()) return puzzles.run();  // inside the usual try/catch
//
// run() returns the exit status (cli/exit_status.hpp) and throws slidegif::Error /
// std::exception on failure.

#include <cstdint>
#include <optional>
#include <string>

#include "cli/options.hpp"

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

struct SolveArgs {
  std::string start, goal, batch;
  int jobs = 0;  // 0: all cores
  JobFlags flags;
};

struct RandomArgs {
  std::string goal;
  bool random_goal = false;
  std::optional<std::uint64_t> seed;
  std::string moves;  // a number or "max"; empty: any distance
  JobFlags flags;
};

struct CheckArgs {
  std::string start, goal, size;
  bool json = false;
};

int run_solve(const SolveArgs& a);
int run_random(const RandomArgs& a);
int run_check(const CheckArgs& a);

class PuzzleCommands {
 public:
  explicit PuzzleCommands(CLI::App& app);
  bool selected() const;
  int run() const;

 private:
  CLI::App* solve_ = nullptr;
  CLI::App* random_ = nullptr;
  CLI::App* check_ = nullptr;
  SolveArgs solve_args_;
  RandomArgs random_args_;
  CheckArgs check_args_;
};

}  // namespace slidegif::cli
