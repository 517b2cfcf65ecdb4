#include "cli/compare_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "app/data/data_services.hpp"
#include "app/explain/comparison.hpp"
#include "app/job/job.hpp"
#include "cli/exit_status.hpp"
#include "cli/number_checks.hpp"
#include "cli/services.hpp"
#include "slidegif/error.hpp"
#include "solve/classic/classic.hpp"
#include "solve/support/format.hpp"

namespace slidegif::cli {
namespace {

std::vector<std::string> names_of(const std::string& list) {
  std::vector<std::string> names;
  std::stringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

void print_table(const std::vector<app::ComparisonRow>& rows) {
  fmt::print("{:<19} {:<30} {:>5} {:>7} {:>12} {:>12} {:>11} {:>9} {:>8}\n", "algorithm",
             "heuristic", "moves", "optimal", "expanded", "generated", "most held", "memory",
             "seconds");
  for (const app::ComparisonRow& r : rows) {
    const detail::ClassicResult& x = r.result;
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
  const detail::ClassicLimits limits{.max_seconds = args_.max_seconds,
                                     .max_expanded = args_.max_nodes,
                                     .max_bytes = std::uint64_t{args_.max_memory_mb} << 20,
                                     .stop = nullptr};
  app::DataServices data(cli_data(args_.pdb_dir, /*yes=*/false));
  JobFlags flags;
  flags.pdb_dir = args_.pdb_dir;
  const app::Services services = cli_services(flags, data, /*show_progress=*/false);
  const auto rows =
      app::compare_searches(start, goal, names_of(args_.algorithms), limits, services);
  if (args_.json) {
    fmt::print("{}\n", app::comparison_json(start, goal, rows).dump());
  } else {
    print_table(rows);
  }
  return kOk;
}

}  // namespace slidegif::cli
