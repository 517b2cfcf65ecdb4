#include "cli/batch.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "app/job_json.hpp"
#include "cli/services.hpp"
#include "slidegif/error.hpp"

namespace slidegif::cli {
namespace {

struct BatchLine {
  std::string start;
  std::string goal;  // empty: the default goal
};

BatchLine split_line(const std::string& line) {
  if (const auto semi = line.find(';'); semi != std::string::npos) {
    return {line.substr(0, semi), line.substr(semi + 1)};
  }
  std::istringstream words(line);
  std::vector<std::string> fields;
  for (std::string w; words >> w;) fields.push_back(w);
  if (fields.size() == 1) return {fields[0], ""};
  if (fields.size() == 2) return {fields[0], fields[1]};
  return {line, ""};  // a board written with spaces, e.g. "1 2 3 4 5 6 7 8 0"
}

// A line holds a start and maybe a goal, each at most kMaxBoardText characters.
constexpr std::size_t kMaxLine = 2 * kMaxBoardText + 1;

// The next line without its '\n'; false at the end of input. Keeps at most kMaxLine + 1
// characters of it, so one huge line costs no memory (and is then refused as too long).
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() <= kMaxLine) line.push_back(static_cast<char>(c));
  }
  return any;
}

bool skip(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

}  // namespace

int solve_batch(std::istream& in, const app::Job& base, const OutputFlags& flags) {
  // Pattern databases by goal: loaded (mmap) once, not once per line.
  PatternDatabases databases(flags.pdb_dir);
  // One answer line per puzzle, nothing in between: no progress line.
  const app::Services services = cli_services(flags, databases, /*show_progress=*/false);
  int failures = 0;
  int number = 0;
  for (std::string line; read_line(in, line);) {
    ++number;
    if (skip(line)) continue;
    try {
      if (line.size() > kMaxLine) {
        throw Error(Error::Kind::BadInput,
                    fmt::format("line is too long (more than {} characters)", kMaxLine));
      }
      const BatchLine fields = split_line(line);
      app::Job job = base;
      job.puzzle.start = parse_board(fields.start, base.puzzle.shape);
      if (!fields.goal.empty())
        job.puzzle.goal = parse_board(fields.goal, job.puzzle.start->shape());
      const app::Solved solved = app::solve_job(job, services);
      const Solution& s = solved.solution;
      if (flags.json) {
        nlohmann::json j = app::result_json(solved);
        j["line"] = number;
        fmt::print("{}\n", j.dump());
      } else {
        fmt::print("{} {}\n", s.moves.size(), s.moves.empty() ? "-" : moves_to_string(s.moves));
      }
    } catch (const std::exception& e) {
      ++failures;
      if (flags.json) {
        fmt::print("{}\n", nlohmann::json{{"line", number}, {"error", e.what()}}.dump());
      } else {
        fmt::print("error: line {}: {}\n", number, e.what());
      }
    }
    std::fflush(stdout);
  }
  return failures;
}

}  // namespace slidegif::cli
