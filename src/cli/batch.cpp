#include "cli/batch.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "app/job/job_json.hpp"
#include "cli/batch_input.hpp"
#include "cli/ordered_runner.hpp"
#include "cli/prompt_output.hpp"
#include "cli/services.hpp"

namespace slidegif::cli {
namespace {

// One line's answer (or error) as the text printed for it. Runs on several threads at once:
// it reads `base`, `flags` and `services` only (app::DataServices locks its own map).
BatchOutcome answer_line(const BatchItem& item, const app::Job& base, const JobFlags& flags,
                         const app::Services& services) {
  try {
    app::Job job = base;
    parse_batch_line(item.line, job.puzzle);
    const app::Solved solved = app::solve_job(job, services);
    const Solution& s = solved.solution;
    if (flags.json) {
      nlohmann::json j = app::result_json(solved);
      j["line"] = item.number;
      return {fmt::format("{}\n", app::json_line(j)), false};
    }
    // The count in the metric asked for; the moves a step a letter.
    return {fmt::format("{} {}\n", count_moves(s.moves, s.metric),
                        s.moves.empty() ? "-" : moves_to_string(s.moves)),
            false};
  } catch (const std::exception& e) {
    if (flags.json) {
      return {fmt::format("{}\n", app::json_line({{"line", item.number}, {"error", e.what()}})),
              true};
    }
    // What was read, and what a line holds, beside what is wrong with it.
    constexpr std::size_t kShown = 60;
    const std::string read = item.line.size() > kShown
                                 ? std::string(item.line.substr(0, kShown)) + "..."
                                 : std::string(item.line);
    return {fmt::format("error: line {}: '{}': {} (a line holds START [GOAL], or START ; GOAL)\n",
                        item.number, read, e.what()),
            true};
  }
}

}  // namespace

int default_batch_jobs() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int solve_batch(std::istream& in, const app::Job& base, const JobFlags& flags, int jobs) {
  // Pattern databases by goal: loaded (mmap) once, not once per line, and shared read-only by
  // every thread.
  app::DataServices data(cli_data(flags.pdb_dir, flags.yes));
  // One answer line per puzzle, nothing in between: no progress line.
  const app::Services services = cli_services(flags, data, /*show_progress=*/false);
  // Answers go out in blocks when they come fast, yet none waits more than this for the
  // reader at the other end of a pipe.
  PromptOutput out(stdout, std::chrono::milliseconds(10));
  int failures = 0;
  OrderedRunner runner(
      jobs, [&](const BatchItem& item) { return answer_line(item, base, flags, services); },
      [&failures, &out](const EmittedOutcome& outcome) {
        failures += outcome.failed ? 1 : 0;
        out.write(outcome.text);
      });
  int number = 0;
  for (std::string line; read_batch_line(in, line);) {
    ++number;
    if (is_blank_or_comment(line)) continue;
    runner.submit({number, line});  // copied: `line` is read into again
  }
  runner.finish();
  out.close();
  return failures;
}

}  // namespace slidegif::cli
