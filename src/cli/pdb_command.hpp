#pragma once
// `slidegif pdb build [--set small|large|mtm|all] [--size RxC] [--dir DIR]` and
// `slidegif pdb status [--size RxC] [--dir DIR]` and `slidegif pdb clean [--dir DIR]`.
//
//   PdbCommand pdb(app);                      // before app.parse()
//   if (pdb.selected()) return pdb.run();     // inside the usual try/catch
//
// run() returns the exit status (0) and throws slidegif::Error / std::exception on failure.

#include <string>

#include "slidegif/board.hpp"

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

class PdbCommand {
 public:
  explicit PdbCommand(CLI::App& app);
  bool selected() const;
  int run() const;

 private:
  int build() const;
  int status() const;
  int clean() const;
  Board goal() const;  // --goal on --size (default 4x4), or that shape's standard goal

  CLI::App* cmd_ = nullptr;
  CLI::App* build_ = nullptr;
  CLI::App* status_ = nullptr;
  CLI::App* clean_ = nullptr;
  std::string set_;  // empty: the shape's first_use_set()
  std::string dir_;
  std::string goal_;
  std::string size_;
  int threads_ = 0;
  bool progress_ = false;
  bool force_ = false;
};

}  // namespace slidegif::cli
