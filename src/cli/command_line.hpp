#pragma once
// The `slidegif` command line: every subcommand and option, defined once. The program runs it;
// the man page and the shell completions are generated from the same definitions
// (cli/manual.hpp), so they cannot drift from what the program parses.
//
//   CommandLine cli;
//   return cli.run(argc, argv);   // prints errors itself; returns the exit status

#include <memory>
#include <string>
#include <vector>

#include "cli/compare_command.hpp"
#include "cli/explain_command.hpp"
#include "cli/explore_command.hpp"
#include "cli/pdb_command.hpp"
#include "cli/pieces_command.hpp"
#include "cli/puzzle_commands.hpp"

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

class CommandLine {
 public:
  CommandLine();
  ~CommandLine();  // in the .cpp, where CLI::App is complete
  // Parses argv and runs the subcommand named there. Errors go to stderr as
  // "slidegif: ...", and the result is the exit status (cli/exit_status.hpp).
  int run(int argc, const char* const* argv);
  // The definitions, for the manual and the completions.
  const CLI::App& app() const { return *app_; }

 private:
  std::unique_ptr<CLI::App> app_;  // the commands below hold pointers into it
  std::unique_ptr<PuzzleCommands> puzzles_;
  std::unique_ptr<PdbCommand> pdb_;
  std::unique_ptr<ExploreCommand> explore_;
  std::unique_ptr<PiecesCommand> pieces_;
  std::unique_ptr<CompareCommand> compare_;
  std::unique_ptr<ExplainCommand> explain_;
  int show_help() const;

  CLI::App* help_ = nullptr;
  std::vector<std::string> help_topic_;
  CLI::App* completion_ = nullptr;
  std::string completion_shell_;
};

}  // namespace slidegif::cli
