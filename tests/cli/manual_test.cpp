// The man page and the completions come from the command line's definitions: every subcommand
// and option the program parses is in each, and the bash script completes as a user sees it.
#include "cli/manual.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <fstream>

#include "cli/command_line.hpp"
#include "run_binary.hpp"

namespace slidegif::cli {
namespace {

// Every long option name and subcommand name, walked the way CLI11 holds them.
void names_of(const CLI::App& app, std::vector<std::string>& out) {
  for (const CLI::Option* o : app.get_options())
    for (const auto& l : o->get_lnames()) out.push_back("--" + l);
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    out.push_back(sub->get_name());
    names_of(*sub, out);
  }
}

// roff writes '-' as "\-".
std::string in_roff(const std::string& name) {
  std::string out;
  for (char c : name) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

TEST(Manual, EveryCommandAndOptionIsInThePageAndEachCompletion) {
  const CommandLine cli;
  std::vector<std::string> names;
  names_of(cli.app(), names);
  ASSERT_GT(names.size(), 60u);
  for (const char* must : {"solve", "random", "check", "explore", "pdb", "--tween", "--plot"})
    EXPECT_NE(std::find(names.begin(), names.end(), must), names.end()) << must;
  const std::string page = man_page(cli.app());
  for (const auto& n : names) {
    if (n == "--help" || n == "--version" || n == "pdb" || n == "pieces") continue;
    EXPECT_NE(page.find(in_roff(n)), std::string::npos) << n;
  }
  for (const auto& shell : completion_shells()) {
    const std::string script = completion_script(cli.app(), shell);
    for (const auto& n : names) {
      // fish names a long option "-l goal".
      const std::string written =
          shell == "fish" && n.rfind("--", 0) == 0 ? "-l " + n.substr(2) : n;
      EXPECT_NE(script.find(written), std::string::npos) << shell << " " << n;
    }
  }
  EXPECT_THROW(completion_script(cli.app(), "tcsh"), std::invalid_argument);
}

TEST(Manual, ThePageIsValidRoff) {
  const CommandLine cli;
  testing::TempDir dir;
  { std::ofstream(dir.file("slidegif.1")) << man_page(cli.app()); }
  // groff warns of what it cannot read (-ww); the page must be read without one.
  const auto r =
      testing::run_binary({"/bin/sh", "-c", "groff -man -ww -z " + dir.file("slidegif.1")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

// What bash offers after the words typed so far, with the script the program prints.
std::string bash_offers(const std::string& script_path, const std::string& line) {
  const std::string cmd = "source " + script_path + "; COMP_WORDS=(" + line +
                          "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _slidegif; "
                          "printf '%s\\n' \"${COMPREPLY[@]}\"";
  const auto r = testing::run_binary({"/bin/bash", "-c", cmd});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(Manual, BashCompletesCommandsOptionsAndValues) {
  testing::TempDir dir;
  const auto r = testing::run_slidegif({"completion", "bash"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  { std::ofstream(dir.file("slidegif.bash")) << r.out; }
  const std::string script = dir.file("slidegif.bash");
  EXPECT_EQ(bash_offers(script, "slidegif so"), "solve\n");
  EXPECT_EQ(bash_offers(script, "slidegif pdb st"), "status\n");
  EXPECT_EQ(bash_offers(script, "slidegif solve 867254301 --the"), "--theme\n");
  EXPECT_EQ(bash_offers(script, "slidegif random --theme d"), "dark\n");
  EXPECT_EQ(bash_offers(script, "slidegif pdb build --set l"), "large\n");
  // After -o, nothing of ours: bash's default, file names.
  EXPECT_EQ(bash_offers(script, "slidegif solve -o ''"), "\n");
}

TEST(Manual, CompletionRefusesAnUnknownShell) {
  const auto r = testing::run_slidegif({"completion", "tcsh"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("tcsh"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

TEST(Help, LikeGitHelp) {
  auto r = testing::run_slidegif({"help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("slidegif: solve sliding-tile puzzles", 0), 0u) << r.out;
  r = testing::run_slidegif({"help", "solve"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("Usage: slidegif solve [OPTIONS] [START]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--tween"), std::string::npos);
  r = testing::run_slidegif({"help", "pdb", "build"});
  EXPECT_NE(r.out.find("Usage: slidegif pdb build"), std::string::npos) << r.out;
  r = testing::run_slidegif({"help", "sovle"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("slidegif: no command 'sovle'"), std::string::npos) << r.err;
}

TEST(Help, ParseErrorsSayWhoAndWhereToLook) {
  const auto r = testing::run_slidegif({"solve", "123456780", "--gaol", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(r.err.rfind("slidegif: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("--gaol"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(see 'slidegif help solve')"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

TEST(Manual, ZshReadsItsScriptAndFishCompletesWithIt) {
  testing::TempDir dir;
  for (const char* shell : {"zsh", "fish"}) {
    const auto r = testing::run_slidegif({"completion", shell});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::ofstream(dir.file(shell)) << r.out;
  }
  const auto zsh = testing::run_binary({"/usr/bin/zsh", "-n", dir.file("zsh")});
  EXPECT_EQ(zsh.exit_code, 0) << zsh.err;
  const auto fish = testing::run_binary(
      {"/usr/bin/fish", "-c",
       "source " + dir.file("fish") +
           "; complete -C 'slidegif pdb st'; complete -C 'slidegif random --theme '"});
  EXPECT_EQ(fish.exit_code, 0) << fish.err;
  EXPECT_NE(fish.out.find("status\t"), std::string::npos) << fish.out;
  EXPECT_NE(fish.out.find("mint\t"), std::string::npos) << fish.out;
  EXPECT_EQ(fish.out.find("solve\t"), std::string::npos) << fish.out;
}

}  // namespace
}  // namespace slidegif::cli

namespace slidegif::cli {
namespace {

TEST(Help, EachCommandShowsItsOwnOptionsAndAShortFooter) {
  const auto top = testing::run_slidegif({"--help"});
  EXPECT_NE(top.out.find("Examples:"), std::string::npos);
  for (const std::vector<std::string>& args : {std::vector<std::string>{"solve", "--help"},
                                               {"pdb", "build", "--help"},
                                               {"help", "random"}}) {
    const auto r = testing::run_slidegif(args);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out.find("Examples:"), std::string::npos) << args[0];
    EXPECT_NE(r.out.find("More: man slidegif."), std::string::npos) << args[0];
    EXPECT_LT(std::count(r.out.begin(), r.out.end(), '\n'), 55) << r.out;
  }
}

}  // namespace
}  // namespace slidegif::cli
