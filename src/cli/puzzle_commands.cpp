#include "cli/puzzle_commands.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/batch.hpp"
#include "cli/exit_status.hpp"
#include "cli/number_checks.hpp"
#include "cli/report.hpp"
#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::cli {
namespace {

Board goal_or_standard(const std::string& text, Shape shape) {
  return text.empty() ? Board::standard_goal(shape) : parse_board(text, shape);
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

// A seed is a whole number of 64 bits: CLI11 alone wraps "-5" and clamps what is too large.
const CLI::Validator kSeed(
    [](std::string& text) -> std::string {
      std::uint64_t value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec == std::errc() && end == text.data() + text.size()) return "";
      return fmt::format("a seed is a whole number from 0 to {}, not '{}'", UINT64_MAX, text);
    },
    "0..2^64-1");

// Options that only change how the GIF is drawn do nothing without -o; --numbers and --dither
// only change a picture puzzle. Say so on stderr, rather than ignore them.
void note_options_without_effect(const CLI::App& cmd, const JobFlags& f) {
  std::vector<std::string> unused;
  if (f.output.empty()) {
    for (const char* name : {"--tile", "--theme", "--title", "--lang", "--font", "--image",
                             "--numbers", "--dither", "--delay", "--tween", "--loop", "--speed",
                             "--max-duration", "--no-captions", "--no-mark", "--format", "--frame"})
      if (cmd.count(name) > 0) unused.push_back(name);
    if (!unused.empty())
      fmt::print(stderr,
                 "note: {} {} only the animation, and without -o FILE there is none: ignored\n",
                 fmt::join(unused, ", "), unused.size() == 1 ? "changes" : "change");
    return;
  }
  if (cmd.count("--loop") > 0 && format_info(output_encoding(f).format).video) {
    fmt::print(stderr,
               "note: --loop does not change a video: it plays once (a page's <video loop> "
               "repeats it)\n");
  }
  if (f.image.empty()) {
    for (const char* name : {"--numbers", "--dither"})
      if (cmd.count(name) > 0) unused.push_back(name);
    if (!unused.empty())
      fmt::print(stderr, "note: {} {} only a picture puzzle (--image FILE): ignored\n",
                 fmt::join(unused, ", "), unused.size() == 1 ? "changes" : "change");
  }
}

}  // namespace

int run_solve(const SolveArgs& a) {
  app::Job job = base_job(a.flags);
  // START, --batch, --jobs and -o are kept apart by the parser (excludes, needs).
  if (!a.batch.empty()) {
    // The batch solves with slidegif's own searches only: refused, not silently ignored.
    if (!a.flags.algorithm.empty()) {
      throw Error(Error::Kind::BadInput,
                  "--algorithm solves one puzzle with a classic search; --batch does not take it");
    }
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
    // Lines share the cores (--jobs), each searched on one thread unless told otherwise.
    if (a.flags.job.solve.threads == 0) job.solve.threads = 1;
    return solve_batch(in, job, a.flags, jobs) == 0 ? kOk : kFailure;
  }
  if (a.start.empty()) throw Error(Error::Kind::BadInput, "give a START board or --batch FILE");
  job.puzzle.start = parse_board(a.start, job.puzzle.shape);
  if (!a.goal.empty()) job.puzzle.goal = parse_board(a.goal, job.puzzle.start->shape());
  solve_and_report(job, a.flags);
  return kOk;
}

int run_random(const RandomArgs& a) {
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
  if (a.json) {
    fmt::print("{}\n", nlohmann::json{{"start", format_board(start)},
                                      {"goal", format_board(goal)},
                                      {"solvable", report.solvable},
                                      {"explanation", report.explanation}}
                           .dump());
  } else {
    fmt::print("{}: {}\n", report.solvable ? "solvable" : "unsolvable", report.explanation);
  }
  return report.solvable ? kOk : kUnsolvable;
}

PuzzleCommands::PuzzleCommands(CLI::App& app) {
  solve_ = app.add_subcommand("solve", "Solve START optimally (and render it with -o)");
  CLI::Option* start = solve_->add_option("START", solve_args_.start, "The start board");
  solve_->add_option("--goal", solve_args_.goal, "Goal board (default: 1..N-1 then the blank)");
  CLI::Option* batch =
      solve_
          ->add_option("--batch", solve_args_.batch,
                       "Solve every line 'START [GOAL]' of FILE ('-' for stdin); no GIFs")
          ->excludes(start);
  solve_
      ->add_option("--jobs", solve_args_.jobs,
                   "With --batch: lines solved at once, answers in input order (default: all "
                   "cores)")
      ->check(whole_number(1, 256))
      ->needs(batch);
  add_job_flags(*solve_, solve_args_.flags);
  solve_->get_option("--output")->excludes(batch);  // a batch makes no GIFs

  random_ = app.add_subcommand("random", "Make a random solvable puzzle, solve and render it");
  random_
      ->add_option("--seed", random_args_.seed, "Seed for a reproducible puzzle (default: random)")
      ->check(kSeed);
  CLI::Option* goal = random_->add_option("--goal", random_args_.goal,
                                          "Goal board (default: 1..N-1 then the blank)");
  random_->add_flag("--random-goal", random_args_.random_goal, "A uniformly random goal too")
      ->excludes(goal);
  random_->add_option("--moves", random_args_.moves,
                      "Exactly N moves from the goal, or 'max' (uniform with a distance "
                      "table, as 3x3 always has; 4x4: random walks, not uniform)");
  add_job_flags(*random_, random_args_.flags);

  check_ = app.add_subcommand("check", "Tell whether START can reach the goal, and why");
  check_->add_option("START", check_args_.start, "The start board")->required();
  check_->add_option("--goal", check_args_.goal, "Goal board (default: 1..N-1 then the blank)");
  check_->add_option("--size", check_args_.size, "Board size: 3, 4 or RxC");
  check_->add_flag("--json", check_args_.json,
                   "Print one JSON object: start, goal, solvable, explanation");
}

bool PuzzleCommands::selected() const {
  return solve_->parsed() || random_->parsed() || check_->parsed();
}

int PuzzleCommands::run() const {
  if (solve_->parsed()) {
    hand_off_video_if_needed(solve_args_.flags);
    note_options_without_effect(*solve_, solve_args_.flags);
    return run_solve(solve_args_);
  }
  if (random_->parsed()) {
    hand_off_video_if_needed(random_args_.flags);
    note_options_without_effect(*random_, random_args_.flags);
    return run_random(random_args_);
  }
  return run_check(check_args_);
}

}  // namespace slidegif::cli
