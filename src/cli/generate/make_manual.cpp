// Build-time tool: writes slidegif(1) and the shell completions into DIR, from the command
// line's own definitions (cli/manual.hpp).
//   make_manual DIR   ->  DIR/slidegif.1 DIR/slidegif.bash DIR/_slidegif DIR/slidegif.fish
#include <cstdio>
#include <fstream>
#include <string>

#include "cli/command_line.hpp"
#include "cli/manual.hpp"

namespace {

bool write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out.flush());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_manual DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  const slidegif::cli::CommandLine cli;
  using slidegif::cli::completion_script;
  const bool ok = write(dir + "/slidegif.1", slidegif::cli::man_page(cli.app())) &&
                  write(dir + "/slidegif.bash", completion_script(cli.app(), "bash")) &&
                  write(dir + "/_slidegif", completion_script(cli.app(), "zsh")) &&
                  write(dir + "/slidegif.fish", completion_script(cli.app(), "fish"));
  if (!ok) std::fprintf(stderr, "make_manual: cannot write into %s\n", dir.c_str());
  return ok ? 0 : 1;
}
