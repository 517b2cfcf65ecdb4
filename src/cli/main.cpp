// slidegif: solve sliding-tile puzzles optimally and render the solution as an animated GIF.
// This file wires the subcommands; the work happens in the job pipeline (app/job.hpp).

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/batch.hpp"
#include "cli/explore_command.hpp"
#include "cli/options.hpp"
#include "cli/pdb_command.hpp"
#include "cli/pieces_command.hpp"
#include "cli/report.hpp"
#include "slidegif/solvability.hpp"
#include "slidegif/table_solve.hpp"

namespace slidegif::cli {
namespace {

// Exit statuses, documented in --help and the README.
enum Exit : int { kOk = 0, kFailure = 1, kBadInput = 2, kUnsolvable = 3 };

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

Exit status: 0 ok, 1 failure (I/O, rendering), 2 bad input, 3 unsolvable.)";

struct SolveArgs {
  std::string start, goal, batch;
  int jobs = 0;  // 0: all cores
  OutputFlags flags;
};

struct RandomArgs {
  std::string goal;
  bool random_goal = false;
  std::optional<std::uint64_t> seed;
  std::string moves;  // a number or "max"; empty: any distance
  OutputFlags flags;
};

struct CheckArgs {
  std::string start, goal, size;
};

Board goal_or_standard(const std::string& text, Shape shape) {
  return text.empty() ? Board::standard_goal(shape) : parse_board(text, shape);
}

int run_solve(const SolveArgs& a) {
  app::Job job = base_job(a.flags);
  if (a.jobs != 0 && a.batch.empty()) {
    throw Error(Error::Kind::BadInput, "--jobs applies to --batch only");
  }
  if (!a.batch.empty()) {
    if (!a.start.empty())
      throw Error(Error::Kind::BadInput, "give either START or --batch, not both");
    if (!a.flags.output.empty())
      throw Error(Error::Kind::BadInput, "--batch makes no GIFs; drop -o");
    if (!a.goal.empty()) job.puzzle.goal = parse_board(a.goal, job.puzzle.shape);
    std::ifstream file;
    if (a.batch != "-") {
      // A directory opens as a stream and fails at the first read, with a library's message.
      std::error_code ec;
      if (std::filesystem::is_directory(a.batch, ec))
        throw std::runtime_error(fmt::format("cannot read {}: {}", a.batch, std::strerror(EISDIR)));
      file.open(a.batch);
      if (!file)
        throw std::runtime_error(fmt::format("cannot read {}: {}", a.batch, std::strerror(errno)));
    }
    std::istream& in = a.batch == "-" ? std::cin : file;
    const int jobs = a.jobs == 0 ? default_batch_jobs() : a.jobs;
    return solve_batch(in, job, a.flags, jobs) == 0 ? kOk : kFailure;
  }
  if (a.start.empty()) throw Error(Error::Kind::BadInput, "give a START board or --batch FILE");
  job.puzzle.start = parse_board(a.start, job.puzzle.shape);
  if (!a.goal.empty()) job.puzzle.goal = parse_board(a.goal, job.puzzle.start->shape());
  solve_and_report(job, a.flags);
  return kOk;
}

int parse_moves(const std::string& text) {
  if (text == "max") return kHardestMoves;
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 0) {
    throw Error(
        Error::Kind::BadInput,
        fmt::format("--moves takes a number of moves (0 or more) or 'max', not '{}'", text));
  }
  return n;
}

int run_random(const RandomArgs& a) {
  if (a.random_goal && !a.goal.empty()) {
    throw Error(Error::Kind::BadInput, "give either --goal or --random-goal, not both");
  }
  app::Job job = base_job(a.flags);
  job.puzzle.random_goal = a.random_goal;
  job.puzzle.seed = a.seed;
  if (!a.goal.empty()) job.puzzle.goal = parse_board(a.goal, job.puzzle.shape);
  if (!a.moves.empty()) job.puzzle.moves = parse_moves(a.moves);
  solve_and_report(job, a.flags);
  return kOk;
}

int run_check(const CheckArgs& a) {
  const std::optional<Shape> shape =
      a.size.empty() ? std::nullopt : std::optional<Shape>(parse_shape(a.size));
  const Board start = parse_board(a.start, shape);
  const Board goal = goal_or_standard(a.goal, start.shape());
  const auto report = check_solvable(start, goal);
  fmt::print("{}: {}\n", report.solvable ? "solvable" : "unsolvable", report.explanation);
  return report.solvable ? kOk : kUnsolvable;
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
  }
  return "";
}

int run(int argc, char** argv) {
  CLI::App app{
      "slidegif: solve sliding-tile puzzles optimally and render the solution as an "
      "animated GIF"};
  app.footer(kFooter);
  app.require_subcommand(1);
  app.set_version_flag("--version", SLIDEGIF_VERSION);

  SolveArgs solve;
  auto* solve_cmd = app.add_subcommand("solve", "Solve START optimally (and render it with -o)");
  solve_cmd->add_option("START", solve.start, "The start board");
  solve_cmd->add_option("--goal", solve.goal, "Goal board (default: 1..N-1 then the blank)");
  solve_cmd->add_option("--batch", solve.batch,
                        "Solve every line 'START [GOAL]' of FILE ('-' for stdin); no GIFs");
  solve_cmd
      ->add_option("--jobs", solve.jobs,
                   "With --batch: lines solved at once, answers in input order (default: all "
                   "cores)")
      ->check(CLI::Range(1, 256));
  add_output_flags(*solve_cmd, solve.flags);
  solve_cmd->footer(kFooter);

  RandomArgs random;
  auto* random_cmd =
      app.add_subcommand("random", "Make a random solvable puzzle, solve and render it");
  random_cmd->add_option("--seed", random.seed, "Seed for a reproducible puzzle (default: random)");
  random_cmd->add_option("--goal", random.goal, "Goal board (default: 1..N-1 then the blank)");
  random_cmd->add_flag("--random-goal", random.random_goal, "A uniformly random goal too");
  random_cmd->add_option("--moves", random.moves,
                         "Exactly N moves from the goal, or 'max' (uniform with a distance "
                         "table, as 3x3 always has; 4x4: random walks, not uniform)");
  add_output_flags(*random_cmd, random.flags);
  random_cmd->footer(kFooter);

  CheckArgs check;
  auto* check_cmd = app.add_subcommand("check", "Tell whether START can reach the goal, and why");
  check_cmd->add_option("START", check.start, "The start board")->required();
  check_cmd->add_option("--goal", check.goal, "Goal board (default: 1..N-1 then the blank)");
  check_cmd->add_option("--size", check.size, "Board size: 3, 4 or RxC");
  check_cmd->footer(kFooter);

  const PdbCommand pdb(app);
  const ExploreCommand explore(app);
  const PiecesCommand pieces(app);

  // CLI11 would only say "a subcommand is required" for a misspelt one.
  if (argc > 1 && argv[1][0] != '-' &&
      app.get_subcommands([&](CLI::App* c) { return c->get_name() == argv[1]; }).empty()) {
    fmt::print(stderr,
               "slidegif: unknown command '{}' (use solve, random, check, explore, pdb or pieces; "
               "see --help)\n",
               argv[1]);
    return kBadInput;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kOk : kBadInput;
  }

  try {
    if (*solve_cmd) return run_solve(solve);
    if (*random_cmd) return run_random(random);
    if (*check_cmd) return run_check(check);
    if (pdb.selected()) return pdb.run();
    if (explore.selected()) return explore.run();
    if (pieces.selected()) return pieces.run();
  } catch (const Error& e) {
    fmt::print(stderr, "slidegif: {}{}\n", e.what(), advice(e));
    return exit_status(e);
  } catch (const std::exception& e) {
    fmt::print(stderr, "slidegif: {}\n", e.what());
    return kFailure;
  }
  return kFailure;
}

}  // namespace
}  // namespace slidegif::cli

int main(int argc, char** argv) {
  try {
    return slidegif::cli::run(argc, argv);
  } catch (const std::exception& e) {  // e.g. out of memory while setting up
    std::fprintf(stderr, "slidegif: %s\n", e.what());
    return 1;
  }
}
