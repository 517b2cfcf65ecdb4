#include "app/explain/comparison.hpp"

#include <chrono>

#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"

namespace slidegif::app {
namespace {

ComparisonRow own_row(const Board& start, const Board& goal, double max_seconds,
                      const Services& services) {
  Job job;
  job.puzzle.start = start;
  job.puzzle.goal = goal;
  job.solve.max_seconds = max_seconds;
  const auto began = std::chrono::steady_clock::now();
  ComparisonRow row{std::string(kOwnSearch), "", {}, true};
  try {
    const Solved solved = solve_job(job, services);
    row.heuristic = solved.solution.method;
    row.result.solved = true;
    row.result.optimal = solved.solution.optimal;
    row.result.moves = solved.solution.moves;
    row.result.expanded = solved.solution.stats.nodes;
  } catch (const Error& e) {
    if (e.kind() != Error::Kind::BudgetExceeded) throw;
    row.result.stopped = e.what();
  }
  row.result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return row;
}

}  // namespace

std::vector<ComparisonRow> compare_searches(const Board& start, const Board& goal,
                                            const std::vector<std::string>& given,
                                            const detail::ClassicLimits& limits,
                                            const Services& services) {
  std::vector<std::string> names = given;
  if (names.empty()) {
    for (const detail::ClassicMethod& m : detail::all_classic_methods())
      names.push_back(classic_name(m));
    names.emplace_back(kOwnSearch);
  }
  std::vector<detail::ClassicMethod> methods;  // parsed first: a typo is said before anything runs
  for (const std::string& name : names)
    methods.push_back(name == kOwnSearch ? detail::ClassicMethod{}
                                         : detail::parse_classic_method(name));
  if (!(start.shape() == goal.shape())) {
    throw Error(Error::Kind::BadInput, "the start and the goal are boards of different shapes");
  }
  // Unsolvable is the whole comparison's answer, said once with the parity facts.
  require_solvable(start, goal);
  std::vector<ComparisonRow> rows;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == kOwnSearch) {
      rows.push_back(own_row(start, goal, limits.max_seconds, services));
      continue;
    }
    ComparisonRow row{names[i], std::string(heuristic_label(methods[i].heuristic)), {}, false};
    try {
      row.result = run_classic(methods[i], start, goal, limits);
    } catch (const Error& e) {
      if (e.kind() != Error::Kind::Unsupported) throw;
      row.result.stopped = std::string("not run: ") + e.what();
    }
    row.name = classic_name(methods[i]);  // "astar" is astar-manhattan
    rows.push_back(std::move(row));
  }
  return rows;
}

nlohmann::json comparison_json(const Board& start, const Board& goal,
                               const std::vector<ComparisonRow>& rows) {
  nlohmann::json out{{"start", format_board(start)}, {"goal", format_board(goal)}};
  out["rows"] = nlohmann::json::array();
  for (const ComparisonRow& r : rows) {
    const detail::ClassicResult& x = r.result;
    nlohmann::json j{{"algorithm", r.name},  {"heuristic", r.heuristic}, {"solved", x.solved},
                     {"optimal", x.optimal}, {"expanded", x.expanded},   {"seconds", x.seconds}};
    j["moves"] = x.solved ? nlohmann::json(x.moves.size()) : nlohmann::json();
    j["solution"] = x.solved ? nlohmann::json(moves_to_string(x.moves)) : nlohmann::json();
    j["stopped"] = x.stopped.empty() ? nlohmann::json() : nlohmann::json(x.stopped);
    if (!r.own) {
      j["generated"] = x.generated;
      j["max_held"] = x.max_held;
      j["bytes"] = x.bytes;
    }
    if (!x.thresholds.empty()) j["thresholds"] = x.thresholds;
    out["rows"].push_back(std::move(j));
  }
  return out;
}

}  // namespace slidegif::app
