#include "cli/command_line.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string_view>

#include "cli/exit_status.hpp"
#include "cli/manual.hpp"
#include "cli/suggest.hpp"
#include "cli/video_handoff.hpp"
#include "slidegif/error.hpp"
#include "slidegif/version.hpp"

namespace slidegif::cli {
namespace {

constexpr const char* kFooter =
    R"(Boards: "283104765" (one digit per tile, up to 10 cells), "2,8,3,1,0,4,7,6,5" or
"2 8 3 1 0 4 7 6 5" (any size), rows split by '/' ("283/104/765", "1,2,3/4,5,0").
0 or _ is the blank. Moves are named by the direction the blank goes: U D L R.

Examples:
  slidegif solve 867254301 -o hardest.gif        # 31 moves, optimal, as a GIF
  slidegif solve 283104765 --goal 123804765 --json
  slidegif solve 12/30 --size 2x2                # rectangular boards: rows with '/' or --size
  slidegif random --size 4 --seed 7 -o r.gif     # a reproducible random 15-puzzle
  slidegif check 867254301 --goal 123456780      # solvable or not, and why
  slidegif solve --batch puzzles.txt             # one "START [GOAL]" per line
  slidegif solve --batch puzzles.txt --jobs 2    # two lines at once, answers in order
  slidegif pdb build --set small                 # pattern databases for fast 4x4 solving
  slidegif pdb build --size 2x8                  # ... and for another shape of 12-16 cells
  slidegif pieces build                          # coded move frames for the CGI, beside them
  slidegif explore --size 3 --db 8puzzle.sqlite  # every 3x3 state: God's number, a database
  slidegif random --moves 20                     # a puzzle exactly 20 moves from the goal

Boards of 12 to 16 cells (4x4, 2x8, 3x5...) are solved optimally with pattern databases (built
on first use, or by 'slidegif pdb build [--size RxC]'); past --max-seconds, and on boards larger
than 16 cells, the answer is the best solution found, marked "NOT optimal".

Exit status: 0 ok, 1 failure (I/O, rendering), 2 bad input, 3 unsolvable.
More: slidegif help COMMAND, man slidegif.)";

// Under each command's own help: the notation, not the whole tour.
constexpr const char* kCommandFooter =
    R"(Boards: "283104765" (one digit per tile), "2,8,3,1,0,4,7,6,5" (any size), rows split by
'/' ("283/104/765"); 0 or _ is the blank. Moves name the direction the blank goes: U D L R.
Exit status: 0 ok, 1 failure, 2 bad input, 3 unsolvable. More: man slidegif.)";

// Sets `footer` on every command below `app`, which CLI11 would give the root's.
void set_footers(CLI::App& app, const std::string& footer) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    sub->footer(footer);
    set_footers(*sub, footer);
  }
}

int exit_status(const Error& e) {
  switch (e.kind()) {
    case Error::Kind::BadInput:
    case Error::Kind::Unsupported:
      return kBadInput;
    case Error::Kind::Unsolvable:
      return kUnsolvable;
    // The CLI always asks for the near-optimal fallback, so a budget error means that failed.
    case Error::Kind::BudgetExceeded:
      return kFailure;
    case Error::Kind::Render:
    case Error::Kind::Cancelled:  // the CLI never stops a search early
      return kFailure;
  }
  return kFailure;
}

// The core says what went wrong; what to change is said here, in terms of our flags.
std::string advice(const Error& e) {
  switch (e.hint()) {
    case Error::Hint::None:
      return "";
    case Error::Hint::SearchBudget:
      return "; raise --max-seconds";
    case Error::Hint::Tile:
      return e.suggestion() > 0 ? fmt::format("; use --tile {}", e.suggestion())
                                : "; use a smaller --tile";
    case Error::Hint::Tween:
      return "; use fewer --tween frames";
    case Error::Hint::TileOrTween:
      return e.suggestion() > 0
                 ? fmt::format("; use --tile {} or fewer --tween frames", e.suggestion())
                 : "; use a smaller --tile or fewer --tween frames";
    case Error::Hint::Font:
      return "; pass --font PATH";
    case Error::Hint::TileOrFrames:
      return "; use a smaller --tile or fewer --frames";
  }
  return "";
}

}  // namespace

CommandLine::~CommandLine() = default;

CommandLine::CommandLine()
    : app_(std::make_unique<CLI::App>(
          "slidegif: solve sliding-tile puzzles optimally and render the solution as an "
          "animated GIF")) {
  CLI::App& app = *app_;
  app.footer(kFooter);
  app.require_subcommand(1);
  app.set_version_flag("--version", SLIDEGIF_VERSION);
  puzzles_ = std::make_unique<PuzzleCommands>(app);
  pdb_ = std::make_unique<PdbCommand>(app);
  explore_ = std::make_unique<ExploreCommand>(app);
  pieces_ = std::make_unique<PiecesCommand>(app);
  compare_ = std::make_unique<CompareCommand>(app);
  explain_ = std::make_unique<ExplainCommand>(app);
  help_ = app.add_subcommand("help", "Show the help of slidegif or of a command: help solve");
  help_->add_option("COMMAND", help_topic_, "A command, and a subcommand of it: help pdb build");
  completion_ =
      app.add_subcommand("completion", "Print a shell completion script (bash, zsh, fish)");
  completion_->add_option("SHELL", completion_shell_, "The shell: bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember(completion_shells()));
  set_footers(app, kCommandFooter);
}

namespace {

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* c : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(c->get_name());
  return names;
}

std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options())
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
  return names;
}

// What the user most likely meant by the first word of argv that names no command or option
// where it stands, as "; did you mean '--goal'?", or "" when nothing is close.
std::string suggestion(const CLI::App& root, int argc, const char* const* argv) {
  const CLI::App* at = &root;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.size() > 2 && word.rfind("--", 0) == 0) {
      if (const auto equals = word.find('='); equals != std::string::npos) word.resize(equals);
      const auto known = option_names(*at);
      if (std::find(known.begin(), known.end(), word) != known.end()) continue;
      const auto near = closest(word, known);
      return near ? fmt::format("; did you mean '{}'?", *near) : "";
    }
    const auto found =
        at->get_subcommands([&](const CLI::App* c) { return c->get_name() == word; });
    if (!found.empty()) {
      at = found.front();
    } else if (!subcommand_names(*at).empty() && word[0] != '-') {
      const auto near = closest(word, subcommand_names(*at));
      return near ? fmt::format("; did you mean '{}'?", *near) : "";
    }
  }
  return "";
}

// Says what went wrong and returns `status`: "slidegif: MESSAGE" on stderr, or with --json one
// object {"error": MESSAGE, "exit_code": STATUS} on stdout, where a JSON reader looks.
int failed(bool json, const std::string& message, int status) {
  if (json) {
    fmt::print("{}\n", nlohmann::json{{"error", message}, {"exit_code", status}}.dump());
  } else {
    fmt::print(stderr, "slidegif: {}\n", message);
  }
  return status;
}

}  // namespace

int CommandLine::run(int argc, const char* const* argv) {
  CLI::App& app = *app_;
  const bool json = std::any_of(argv + std::min(argc, 1), argv + argc,
                                [](const char* a) { return std::string_view(a) == "--json"; });
  // CLI11 would only say "a subcommand is required" for a misspelt one.
  if (argc > 1 && argv[1][0] != '-' &&
      app.get_subcommands([&](const CLI::App* c) { return c->get_name() == argv[1]; }).empty()) {
    const std::string hint = suggestion(app, argc, argv);
    return failed(json,
                  fmt::format("unknown command '{}'{}", argv[1],
                              !hint.empty() ? hint
                                            : fmt::format(" (commands: {}; see 'slidegif help')",
                                                          fmt::join(subcommand_names(app), ", "))),
                  kBadInput);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11 names the command it was parsing only in its usage line: say which to ask about.
    std::string command;
    for (const CLI::App* c = &app; c != nullptr;) {
      const auto parsed = c->get_subcommands();
      c = parsed.empty() ? nullptr : parsed.front();
      if (c) command += " " + c->get_name();
    }
    return failed(
        json,
        fmt::format("{}{} (see 'slidegif help{}')", e.what(), suggestion(app, argc, argv), command),
        kBadInput);
  }
  if (help_->parsed()) return show_help();

  try {
    if (puzzles_->selected()) return puzzles_->run();
    if (pdb_->selected()) return pdb_->run();
    if (explore_->selected()) return explore_->run();
    if (pieces_->selected()) return pieces_->run();
    if (compare_->selected()) return compare_->run();
    if (explain_->selected()) return explain_->run();
    if (completion_->parsed()) {
      fmt::print("{}", completion_script(app, completion_shell_));
      return kOk;
    }
  } catch (const HandOffVideo&) {
    try {
      run_video_program(argv);
    } catch (const Error& e) {
      return failed(json, e.what(), exit_status(e));
    }
  } catch (const Error& e) {
    return failed(json, fmt::format("{}{}", e.what(), advice(e)), exit_status(e));
  } catch (const std::exception& e) {
    return failed(json, e.what(), kFailure);
  }
  return kFailure;
}

int CommandLine::show_help() const {
  const CLI::App* topic = app_.get();
  std::string prefix;  // the words before the topic's own name, for its usage line
  for (const std::string& word : help_topic_) {
    prefix += prefix.empty() ? "slidegif" : " " + topic->get_name();
    const auto found =
        topic->get_subcommands([&word](const CLI::App* c) { return c->get_name() == word; });
    if (found.empty()) {
      fmt::print(stderr, "slidegif: no command '{}' to help with (see 'slidegif help')\n",
                 fmt::join(help_topic_, " "));
      return kBadInput;
    }
    topic = found.front();
  }
  // Through the formatter: App::help() would show the help of the command parsed (help's own).
  const std::string name = prefix.empty() ? "slidegif" : prefix + " " + topic->get_name();
  fmt::print("{}", topic->get_formatter()->make_help(topic, name, CLI::AppFormatMode::Normal));
  return kOk;
}

}  // namespace slidegif::cli
