#pragma once
// The man page and the shell completions, generated from the command line's own definitions
// (cli/command_line.hpp): every subcommand and option the program parses is in them, with the
// description its --help shows.
//
//   CommandLine cli;
//   std::string page = man_page(cli.app());              // slidegif(1), roff
//   std::string bash = completion_script(cli.app(), "bash");

#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;  // CLI11's, defined in <CLI/CLI.hpp>: only the files that define options include it
}  // namespace CLI

namespace slidegif::cli {

// The shells completion_script() writes for: bash, zsh, fish.
std::vector<std::string> completion_shells();

// A completion script for `shell` (one of completion_shells()). Subcommands, their options,
// the values of options that take a fixed set, and file names for the other values.
std::string completion_script(const CLI::App& app, std::string_view shell);

// slidegif(1) in roff: every subcommand with its options, then boards, files, environment,
// exit status and examples.
std::string man_page(const CLI::App& app);

// A man page from `page_template` with its line "@OPTIONS@" replaced by the options of `app`
// (a program without subcommands, such as slidegif.fcgi) as roff .TP entries.
std::string man_page_from_template(const std::string& page_template, const CLI::App& app);

}  // namespace slidegif::cli
