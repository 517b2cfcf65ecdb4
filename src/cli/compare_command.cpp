#include "cli/compare_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "app/data/data_services.hpp"
#include "app/job/job.hpp"
#include "cli/exit_status.hpp"
#include "cli/number_checks.hpp"
#include "cli/services.hpp"
#include "slidegif/error.hpp"
#include "solve/classic/classic.hpp"
#include "solve/support/format.hpp"

namespace slidegif::cli {
namespace {

constexpr std::string_view kOwnName = "slidegif";  // the row of slidegif's own solve

// One row of the table: a classic run, or slidegif's own (no generated count, held unknown).
struct Row {
  std::string name;
  std::string heuristic;
  ClassicResult result;
  bool own = false;
};

std::vector<std::string> names_of(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

Row own_row(const Board& start, const Board& goal, const CompareArgs& a) {
  app::Job job;
  job.puzzle.start = start;
  job.puzzle.goal = goal;
  job.solve.max_seconds = a.max_seconds;
  app::DataServices data(cli_data(a.pdb_dir, /*yes=*/false));
  JobFlags flags;
  flags.pdb_dir = a.pdb_dir;
  const app::Services services = cli_services(flags, data, /*show_progress=*/false);
  const auto began = std::chrono::steady_clock::now();
  Row row{std::string(kOwnName), "", {}, true};
  try {
    const app::Solved solved = app::solve_job(job, services);
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

std::vector<Row> rows_for(const Board& start, const Board& goal, const CompareArgs& a) {
  std::vector<std::string> names = names_of(a.algorithms);
  if (names.empty()) {
    for (const ClassicMethod& m : all_classic_methods()) names.push_back(classic_name(m));
    names.emplace_back(kOwnName);
  }
  std::vector<ClassicMethod> methods;  // parsed first: a typo is said before anything runs
  for (const std::string& name : names) {
    methods.push_back(name == kOwnName ? ClassicMethod{} : parse_classic_method(name));
  }
  const ClassicLimits limits{.max_seconds = a.max_seconds,
                             .max_expanded = a.max_nodes,
                             .max_bytes = std::uint64_t{a.max_memory_mb} << 20,
                             .stop = nullptr};
  std::vector<Row> rows;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == kOwnName) {
      rows.push_back(own_row(start, goal, a));
      continue;
    }
    Row row{names[i], std::string(heuristic_label(methods[i].heuristic)), {}, false};
    try {
      row.result = run_classic(methods[i], start, goal, limits);
    } catch (const Error& e) {
      if (e.kind() != Error::Kind::Unsupported) throw;  // unsolvable: the whole command says so
      row.result.stopped = std::string("not run: ") + e.what();
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

void print_table(const std::vector<Row>& rows) {
  fmt::print("{:<19} {:<30} {:>5} {:>7} {:>12} {:>12} {:>11} {:>9} {:>8}\n", "algorithm",
             "heuristic", "moves", "optimal", "expanded", "generated", "most held", "memory",
             "seconds");
  for (const Row& r : rows) {
    const ClassicResult& x = r.result;
    const std::string moves = x.solved ? std::to_string(x.moves.size()) : "-";
    const std::string optimal = !x.solved ? "-" : x.optimal ? "yes" : "no";
    const std::string generated = r.own ? "-" : detail::with_commas(x.generated);
    const std::string held = r.own ? "-" : detail::with_commas(x.max_held);
    const std::string memory = r.own ? "-" : fmt::format("{:.1f} MB", x.bytes / 1048576.0);
    fmt::print("{:<19} {:<30} {:>5} {:>7} {:>12} {:>12} {:>11} {:>9} {:>8.3f}{}\n", r.name,
               r.heuristic.substr(0, 30), moves, optimal, detail::with_commas(x.expanded),
               generated, held, memory, x.seconds, x.stopped.empty() ? "" : "  " + x.stopped);
  }
}

nlohmann::json row_json(const Row& r) {
  const ClassicResult& x = r.result;
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
  return j;
}

}  // namespace

CompareCommand::CompareCommand(CLI::App& app) {
  cmd_ = app.add_subcommand(
      "compare",
      "Run the classic searches (BFS, bidirectional BFS, uniform-cost, A*, IDA*, greedy) and "
      "slidegif's own on one puzzle: moves, states expanded and generated, memory, time");
  cmd_->add_option("START", args_.start, "The start board")->required();
  cmd_->add_option("--goal", args_.goal, "Goal board (default: 1..N-1 then the blank)");
  cmd_->add_option("--size", args_.size, "Board size RxC (default: inferred from START)");
  cmd_->add_option("--algorithms", args_.algorithms,
                   "Comma-separated: bfs, bibfs, ucs, astar-misplaced, astar-manhattan, "
                   "astar-lc, idastar-..., greedy-..., slidegif (default: all)");
  cmd_->add_flag("--json", args_.json, "One JSON object with a row per algorithm");
  cmd_->add_option("--max-seconds", args_.max_seconds, "Seconds each algorithm may take")
      ->capture_default_str()
      ->check(decimal_number(0.01, 86400.0));
  cmd_->add_option("--max-nodes", args_.max_nodes, "States each classic search may expand")
      ->capture_default_str()
      ->check(whole_number(1ull, 100'000'000'000ull));
  cmd_->add_option("--max-memory", args_.max_memory_mb,
                   "Megabytes of states each classic search may hold (a breadth-first search "
                   "that needs more is not started)")
      ->capture_default_str()
      ->check(whole_number(1u, 1'048'576u));
  cmd_->add_option("--pdb-dir", args_.pdb_dir,
                   "Pattern databases for slidegif's own row (default: $SLIDEGIF_PDB_DIR or the "
                   "cache)");
}

bool CompareCommand::selected() const {
  return cmd_->parsed();
}

int CompareCommand::run() const {
  const std::optional<Shape> shape =
      args_.size.empty() ? std::nullopt : std::optional<Shape>(parse_shape(args_.size));
  const Board start = parse_board(args_.start, shape);
  const Board goal = args_.goal.empty() ? Board::standard_goal(start.shape())
                                        : parse_board(args_.goal, start.shape());
  const std::vector<Row> rows = rows_for(start, goal, args_);
  if (args_.json) {
    nlohmann::json out{{"start", format_board(start)}, {"goal", format_board(goal)}};
    out["rows"] = nlohmann::json::array();
    for (const Row& r : rows) out["rows"].push_back(row_json(r));
    fmt::print("{}\n", out.dump());
  } else {
    print_table(rows);
  }
  return kOk;
}

}  // namespace slidegif::cli
