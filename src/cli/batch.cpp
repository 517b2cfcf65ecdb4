#include "cli/batch.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

#include "app/job_json.hpp"
#include "cli/batch_input.hpp"
#include "cli/services.hpp"

namespace slidegif::cli {

int solve_batch(std::istream& in, const app::Job& base, const OutputFlags& flags) {
  // Pattern databases by goal: loaded (mmap) once, not once per line.
  PatternDatabases databases(flags.pdb_dir);
  // One answer line per puzzle, nothing in between: no progress line.
  const app::Services services = cli_services(flags, databases, /*show_progress=*/false);
  int failures = 0;
  int number = 0;
  for (std::string line; read_batch_line(in, line);) {
    ++number;
    if (is_blank_or_comment(line)) continue;
    try {
      app::Job job = base;
      parse_batch_line(line, job.puzzle);
      const app::Solved solved = app::solve_job(job, services);
      const Solution& s = solved.solution;
      if (flags.json) {
        nlohmann::json j = app::result_json(solved);
        j["line"] = number;
        fmt::print("{}\n", app::json_line(j));
      } else {
        fmt::print("{} {}\n", s.moves.size(), s.moves.empty() ? "-" : moves_to_string(s.moves));
      }
    } catch (const std::exception& e) {
      ++failures;
      if (flags.json) {
        fmt::print("{}\n", app::json_line({{"line", number}, {"error", e.what()}}));
      } else {
        fmt::print("error: line {}: {}\n", number, e.what());
      }
    }
    std::fflush(stdout);
  }
  return failures;
}

}  // namespace slidegif::cli
