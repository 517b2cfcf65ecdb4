// The solver in the browser: the solving library compiled to WebAssembly (scripts/build-web)
// behind a small embind class, which the npm package's worker.js (src/web/package) runs in a
// Web Worker so the page stays responsive. It holds what a page's solves share: the 3x3 distance
// tables and the pattern databases built in memory on first use (3x4 and 4x4: the "small" sets,
// seconds). Every method answers a plain object; a failure is {error: message}, never an exception
// across the JavaScript boundary.
#include <emscripten/bind.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/puzzle.hpp"
#include "slidegif/solvability.hpp"
#include "slidegif/solve.hpp"
#include "slidegif/version.hpp"
#include "solve/board/random.hpp"
#include "solve/board/resolve_puzzle.hpp"
#include "solve/dispatch.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/pattern/pattern_table.hpp"
#include "solve/pattern/pdb_heuristic.hpp"
#include "solve/table/distance_table.hpp"
#include "solve/table/full_search.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::web {
namespace {

using emscripten::val;

val error_object(const std::string& message) {
  val out = val::object();
  out.set("error", message);
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A partition's tables built here, and the heuristic over them.
struct Database {
  std::vector<std::vector<std::uint8_t>> tables;
  std::unique_ptr<detail::PdbHeuristic> heuristic;
  double build_seconds = 0;
};

}  // namespace

class Engine {
 public:
  // {solvable, explanation}: the parity theorem's verdict for start and goal ("" for the
  // standard goal).
  val check(const std::string& start, const std::string& goal) const {
    try {
      const Board s = parse_board(start);
      const SolvabilityReport r = check_solvable(s, goal_of(s, goal));
      val out = val::object();
      out.set("solvable", r.solvable);
      out.set("explanation", r.explanation);
      return out;
    } catch (const Error& e) {
      return error_object(e.what());
    }
  }

  // {moves, length, metric, optimal, method, seconds}: an optimal solution within max_seconds
  // (3x3 by its distance table; 3x4 and 4x4 with pattern databases, built on first use; larger
  // boards near-optimal), moves counted in `metric` ("stm" or "mtm").
  val solve(const std::string& start, const std::string& goal, double max_seconds,
            const std::string& metric) {
    try {
      const auto began = std::chrono::steady_clock::now();
      const Board s = parse_board(start);
      const Board g = goal_of(s, goal);
      require_solvable(s, g);
      SolveOptions options;
      if (!(max_seconds >= 0.01 && max_seconds <= 86400))
        throw Error(Error::Kind::BadInput, "maxSeconds is 0.01 to 86400");
      options.max_seconds = max_seconds;
      const auto m = metric_from_name(metric);
      if (!m)
        throw Error(Error::Kind::BadInput, "metric is \"stm\" or \"mtm\", not \"" + metric + "\"");
      options.metric = *m;
      const detail::SolveSources sources{
          .distance_table = [this](const Board& goal) { return table_for(goal); },
          .pattern_database = [this](const Board& goal) { return database_for(goal); },
          .multi_tile_database = {}};
      const Solution solution = dispatch_solve(s, g, options, {}, sources);
      val out = val::object();
      out.set("moves", moves_to_string(solution.moves));
      out.set("length", count_moves(solution.moves, solution.metric));
      out.set("metric", std::string(metric_name(solution.metric)));
      out.set("optimal", solution.optimal);
      out.set("method", solution.method);
      out.set("seconds", seconds_since(began));
      return out;
    } catch (const Error& e) {
      return error_object(e.what());
    }
  }

  // {start, goal, seed}: a random solvable puzzle of `size` ("3x3"), exactly `moves` from the
  // goal when moves >= 0 (-1: none, -2: the hardest there is; tables of up to 3x3 only).
  val random_puzzle(const std::string& size, double seed, int moves) {
    try {
      PuzzleSpec spec;
      spec.shape = parse_shape(size);
      spec.seed = static_cast<std::uint64_t>(seed);
      if (moves >= 0) spec.moves = moves;
      if (moves == -2) spec.moves = kHardestMoves;
      const Puzzle p = detail::resolve_puzzle(
          spec, [] { return detail::fresh_seed(); },
          [this](const Board& goal, int n, detail::Random& rng) {
            const detail::DistanceTable* table = table_for(goal);
            if (!table)
              throw Error(Error::Kind::BadInput, "exact distances need a 3x3 board or smaller");
            return pick_at_distance(goal, n, *table, rng);
          });
      val out = val::object();
      out.set("start", format_board(p.start));
      out.set("goal", format_board(p.goal));
      if (p.seed) out.set("seed", static_cast<double>(*p.seed));
      return out;
    } catch (const Error& e) {
      return error_object(e.what());
    }
  }

  // {godsNumber, histogram, antipodes, states, seconds}: every state of `size` (up to 12 cells)
  // by its distance from the standard goal, as `slidegif explore` counts them.
  val explore(const std::string& size) {
    try {
      const Board goal = Board::standard_goal(parse_shape(size));
      if (goal.cells() > detail::kMaxFullSearchCells)
        throw Error(Error::Kind::BadInput, "explore takes boards of up to 12 cells");
      const detail::FullSearch all =
          detail::full_search(goal, {.storage = detail::DistanceStorage::None, .threads = 1});
      val histogram = val::array();
      double states = 0;
      for (const std::uint64_t n : all.histogram) {
        histogram.call<void>("push", static_cast<double>(n));
        states += static_cast<double>(n);
      }
      val antipodes = val::array();
      if (!all.listed.empty() && all.listed.back())
        for (const std::uint64_t i : all.lists.back())
          antipodes.call<void>("push", format_board(all.index.board(i)));
      val out = val::object();
      out.set("godsNumber", all.gods_number());
      out.set("histogram", histogram);
      out.set("antipodes", antipodes);
      out.set("states", states);
      out.set("seconds", all.seconds);
      return out;
    } catch (const Error& e) {
      return error_object(e.what());
    }
  }

  // {seconds, bytes}: builds the pattern database for `size`'s standard goal now (a page may
  // do it before the first hint is asked for); {seconds: 0, bytes: 0} for boards without one.
  val prepare(const std::string& size) {
    try {
      const Board goal = Board::standard_goal(parse_shape(size));
      const Database* db = build_database(goal);
      val out = val::object();
      double bytes = 0;
      if (db)
        for (const auto& t : db->tables) bytes += static_cast<double>(t.size());
      out.set("seconds", db ? db->build_seconds : 0.0);
      out.set("bytes", bytes);
      return out;
    } catch (const Error& e) {
      return error_object(e.what());
    }
  }

 private:
  static Board goal_of(const Board& start, const std::string& goal) {
    return goal.empty() ? Board::standard_goal(start.shape()) : parse_board(goal);
  }

  // Boards of up to 9 cells: every state's distance, built once per goal in milliseconds.
  const detail::DistanceTable* table_for(const Board& goal) {
    if (goal.cells() > 9) return nullptr;
    auto& slot = tables_[format_board(goal)];
    if (!slot) slot = std::make_unique<detail::DistanceTable>(detail::DistanceTable::build(goal));
    return slot.get();
  }

  const detail::PdbHeuristic* database_for(const Board& goal) {
    const Database* db = build_database(goal);
    return db ? db->heuristic.get() : nullptr;
  }

  const Database* build_database(const Board& goal) {
    if (!detail::has_preset_partitions(goal.shape()) || goal.cells() > kMaxOptimalCells)
      return nullptr;
    auto& slot = databases_[format_board(goal)];
    if (slot) return slot.get();
    const auto began = std::chrono::steady_clock::now();
    auto db = std::make_unique<Database>();
    const detail::Partition partition = detail::preset_partition("small", goal);
    db->tables.reserve(partition.size());  // the views below point into them
    std::vector<std::span<const std::uint8_t>> views;
    for (const detail::Pattern& pattern : partition) {
      db->tables.push_back(
          detail::build_pattern_table(goal, pattern, {.threads = 1, .progress = {}}));
      views.emplace_back(db->tables.back());
    }
    db->heuristic = std::make_unique<detail::PdbHeuristic>(goal, partition, std::move(views));
    db->build_seconds = seconds_since(began);
    slot = std::move(db);
    return slot.get();
  }

  std::map<std::string, std::unique_ptr<detail::DistanceTable>> tables_;
  std::map<std::string, std::unique_ptr<Database>> databases_;
};

EMSCRIPTEN_BINDINGS(slidegif) {
  emscripten::class_<Engine>("Engine")
      .constructor<>()
      .function("check", &Engine::check)
      .function("solve", &Engine::solve)
      .function("randomPuzzle", &Engine::random_puzzle)
      .function("explore", &Engine::explore)
      .function("prepare", &Engine::prepare);
  emscripten::function("version",
                       emscripten::optional_override([] { return std::string(SLIDEGIF_VERSION); }));
}

}  // namespace slidegif::web
