// Build-time tool: writes slidegif(1), the shell completions and slidegif.fcgi(8) into DIR,
// from the programs' own command-line definitions (cli/manual.hpp).
//   make_manual DIR FCGI_TEMPLATE  ->  DIR/slidegif.1 DIR/slidegif.bash DIR/_slidegif
//                                      DIR/slidegif.fish DIR/slidegif.fcgi.8
#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/command_line.hpp"
#include "cli/manual.hpp"
#include "fcgi/server_options.hpp"

namespace {

bool write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out.flush());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_manual DIR FCGI_TEMPLATE\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  std::ostringstream fcgi_template;
  fcgi_template << in.rdbuf();
  slidegif::fcgi::ServerOptions server_options;
  const auto server = slidegif::fcgi::server_command_line(server_options);
  const slidegif::cli::CommandLine cli;
  using slidegif::cli::completion_script;
  const bool ok = write(dir + "/slidegif.1", slidegif::cli::man_page(cli.app())) &&
                  write(dir + "/slidegif.bash", completion_script(cli.app(), "bash")) &&
                  write(dir + "/_slidegif", completion_script(cli.app(), "zsh")) &&
                  write(dir + "/slidegif.fish", completion_script(cli.app(), "fish")) &&
                  write(dir + "/slidegif.fcgi.8",
                        slidegif::cli::man_page_from_template(fcgi_template.str(), *server));
  if (!ok) std::fprintf(stderr, "make_manual: cannot write into %s\n", dir.c_str());
  return ok ? 0 : 1;
}
