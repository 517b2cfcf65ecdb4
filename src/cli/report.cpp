#include "cli/report.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <optional>
#include <string_view>

#include "app/files/atomic_file.hpp"
#include "app/job/job_json.hpp"
#include "cli/services.hpp"
#include "solve/classic/classic.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::cli {
namespace {

std::string to_upper(std::string_view name) {
  std::string s(name);
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

void write_stdout(const std::vector<std::uint8_t>& bytes, std::string_view format) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() ||
      std::fflush(stdout) != 0) {
    throw std::runtime_error(fmt::format("cannot write the {} to standard output", format));
  }
}

// Renders and writes the animation; returns what it wrote.
Animation write_animation(const app::Job& job, const app::Solved& solved,
                          const app::Services& services, const JobFlags& flags) {
  const std::string format = to_upper(format_info(job.encoding.format).name);
  if (flags.output == "-" && ::isatty(STDOUT_FILENO)) {
    throw Error(Error::Kind::BadInput,
                fmt::format("refusing to write {} to a terminal; redirect stdout", format));
  }
  Animation animation = app::render_job(job, solved, services);
  if (flags.output == "-") {
    write_stdout(animation.bytes, format);
  } else {
    app::write_file_atomically(flags.output, animation.bytes);
  }
  return animation;
}

std::string summary(const app::Solved& solved, const std::optional<Animation>& animation,
                    const JobFlags& flags) {
  const Solution& s = solved.solution;
  const int n = count_moves(s.moves, s.metric);
  // Greedy best-first search (--algorithm greedy-...) never looks for the fewest moves.
  const char* why_not = !flags.algorithm.empty() ? "NOT optimal: greedy best-first search"
                                                 : "NOT optimal: best found within the budget";
  // Multi-tile moves are named by their letters all the same, one a step: "mtm" says so.
  std::string line =
      fmt::format("{} -> {}: {} {}move{} ({}) {}", format_board(solved.puzzle.start),
                  format_board(solved.puzzle.goal), n, s.metric == Metric::SingleTile ? "" : "mtm ",
                  n == 1 ? "" : "s", s.optimal ? "optimal" : why_not,
                  s.moves.empty() ? "(already solved)" : moves_to_string(s.moves));
  if (solved.puzzle.seed) line += fmt::format(" [seed {}]", *solved.puzzle.seed);
  if (s.method == detail::kDescentMethod || !flags.algorithm.empty()) {
    line += fmt::format(" [by {}]", s.method);
  }
  if (animation && flags.output != "-") {
    line += fmt::format("; wrote {} ({} frame{}, {} bytes)", flags.output, animation->frames,
                        animation->frames == 1 ? "" : "s", animation->bytes.size());
  }
  return line;
}

// The job solved by the classic search --algorithm names, within --max-seconds.
app::Solved classic_solve(const app::Job& job, const app::Services& services,
                          const JobFlags& flags) {
  const detail::ClassicMethod method =
      detail::parse_classic_method(flags.algorithm);  // before any work
  if (job.solve.metric != Metric::SingleTile) {
    throw Error(Error::Kind::BadInput,
                "the classic searches count single-tile moves: --algorithm takes --metric stm");
  }
  const Puzzle puzzle = app::resolve_job(job, services);
  const detail::ClassicResult r = run_classic(method, puzzle.start, puzzle.goal,
                                              {.max_seconds = job.solve.max_seconds,
                                               .max_expanded = 0,
                                               .max_bytes = std::uint64_t{1} << 30,
                                               .stop = nullptr});
  if (!r.solved) {
    throw Error(Error::Kind::BudgetExceeded, fmt::format("{}: {}", classic_name(method), r.stopped),
                Error::Hint::SearchBudget);
  }
  Solution s;
  s.moves = r.moves;
  s.optimal = r.optimal;
  s.method = method.heuristic == detail::ClassicHeuristic::None
                 ? classic_name(method)
                 : fmt::format("{} ({})", classic_name(method), heuristic_label(method.heuristic));
  s.stats.nodes = r.expanded;
  s.stats.seconds = r.seconds;
  return {puzzle, std::move(s)};
}

}  // namespace

void solve_and_report(const app::Job& job, const JobFlags& flags) {
  app::DataServices data(cli_data(flags.pdb_dir, flags.yes));
  const app::Services services = cli_services(flags, data, /*show_progress=*/true);
  const app::Solved solved =
      flags.algorithm.empty() ? app::solve_job(job, services) : classic_solve(job, services, flags);
  if (::isatty(STDERR_FILENO) && solved.solution.stats.seconds >= 0.5) {
    fmt::print(stderr, "\r\033[K");
  }
  std::optional<Animation> animation;
  if (!flags.output.empty()) animation = write_animation(job, solved, services, flags);
  // With the animation on stdout, the words go to stderr.
  FILE* text = flags.output == "-" ? stderr : stdout;
  if (flags.json) {
    auto j =
        animation ? app::result_json(solved, *animation, flags.output) : app::result_json(solved);
    if (animation) j["format"] = format_info(job.encoding.format).name;
    fmt::print(text, "{}\n", app::json_line(j));
  } else {
    fmt::print(text, "{}\n", summary(solved, animation, flags));
  }
}

}  // namespace slidegif::cli
