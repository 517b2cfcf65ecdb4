// The public Solver: the job pipeline (app/job) with services that only read what is there.
// The command line's services build a missing first-use database after asking; a library never
// starts such work unasked, so here a missing database means a search without it.
#include <map>
#include <mutex>
#include <optional>

#include "app/data/distance_tables.hpp"
#include "app/data/pdb_location.hpp"
#include "app/data/pdb_store.hpp"
#include "app/job/job.hpp"
#include "slidegif/solve.hpp"
#include "solve/board/random.hpp"

namespace slidegif {

struct Solver::Data {
  explicit Data(std::string dir) : pdb_dir(dir), tables(app::TablePolicy{.dir = std::move(dir)}) {}

  // The trusted database for `goal` in pdb_dir, mapped once; null when none is there.
  const PdbHeuristic* pattern_database(const Board& goal) {
    if (pdb_dir.empty()) return nullptr;
    const std::lock_guard lock(mutex);
    auto [it, fresh] = loaded.try_emplace(format_board(goal));
    if (fresh) it->second = app::load_best_pdb(goal, pdb_dir, /*build_if_missing=*/false);
    return it->second ? it->second->heuristic.get() : nullptr;
  }
  // The same in the multi-tile metric.
  const MultiTilePdb* multi_tile_database(const Board& goal) {
    if (pdb_dir.empty()) return nullptr;
    const std::lock_guard lock(mutex);
    auto [it, fresh] = loaded.try_emplace("mtm " + format_board(goal));
    if (fresh) it->second = app::load_multi_tile_pdb(goal, pdb_dir, /*build_if_missing=*/false);
    return it->second ? it->second->multi_tile.get() : nullptr;
  }

  std::string pdb_dir;
  app::DistanceTables tables;
  std::mutex mutex;
  std::map<std::string, std::optional<app::LoadedPdb>> loaded;
};

namespace {

app::Services services_of(const std::shared_ptr<Solver::Data>& data, const SolveControl& control) {
  app::Services s;
  s.entropy = fresh_seed;
  s.pattern_database = [data](const Board& goal) { return data->pattern_database(goal); };
  s.multi_tile_database = [data](const Board& goal) { return data->multi_tile_database(goal); };
  s.distance_table = [data](const Board& goal, bool to_draw) {
    return data->tables(goal, to_draw);
  };
  s.control = control;
  return s;
}

}  // namespace

Solver::Solver() : Solver(std::string()) {}

Solver::Solver(std::string pdb_dir) : data_(std::make_shared<Data>(std::move(pdb_dir))) {}

Solution Solver::solve(const Board& start, const Board& goal, const SolveOptions& options,
                       const SolveControl& control) const {
  app::Job job;
  job.puzzle.start = start;
  job.puzzle.goal = goal;
  job.solve = options;
  return app::solve_job(job, services_of(data_, control)).solution;
}

Puzzle Solver::random_puzzle(const PuzzleSpec& spec, const SolveOptions& options) const {
  app::Job job;
  job.puzzle = spec;
  job.solve = options;
  return app::resolve_job(job, services_of(data_, {}));
}

std::string default_pdb_dir() {
  return app::default_pdb_dir();
}

Puzzle random_puzzle(const PuzzleSpec& spec) {
  return Solver().random_puzzle(spec);
}

}  // namespace slidegif
