#include "app/data/data_services.hpp"

#include <utility>

namespace slidegif::app {

PdbLoader read_pdbs(std::string dir) {
  if (dir.empty()) return {};
  return [dir = std::move(dir)](const Board& goal, Metric metric) {
    return metric == Metric::MultiTile ? load_multi_tile_pdb(goal, dir, /*build_if_missing=*/false)
                                       : load_best_pdb(goal, dir, /*build_if_missing=*/false);
  };
}

DataServices::DataServices(Options options)
    : load_(std::move(options.load)),
      keep_standard_only_(options.keep_standard_only),
      tables_(std::move(options.tables), std::move(options.built_in_tables)) {}

void DataServices::wire(Services& services) {
  services.pattern_database = [this](const Board& goal) { return pattern_database(goal); };
  services.multi_tile_database = [this](const Board& goal) { return multi_tile_database(goal); };
  services.distance_table = [this](const Board& goal, bool to_pick) {
    return distance_table(goal, to_pick);
  };
}

const LoadedPdb* DataServices::database(const Board& goal, Metric metric) {
  if (!load_) return nullptr;
  // Goals framed onto the same files share one load (a batch of many puzzles with one goal
  // maps the files once).
  const Board base = pdb_base_goal(goal);
  const std::lock_guard lock(mutex_);
  if (keep_standard_only_ && base != Board::standard_goal(goal.shape())) {
    other_ = load_(goal, metric);  // the previous solve is over: one at a time
    return other_ ? &*other_ : nullptr;
  }
  const std::string key = (metric == Metric::MultiTile ? "mtm " : "stm ") + format_board(base);
  auto [it, fresh] = kept_.try_emplace(key);
  if (fresh) it->second = load_(goal, metric);
  return it->second ? &*it->second : nullptr;
}

const detail::PdbHeuristic* DataServices::pattern_database(const Board& goal) {
  const LoadedPdb* pdb = database(goal, Metric::SingleTile);
  return pdb ? pdb->heuristic.get() : nullptr;
}

const detail::MultiTilePdb* DataServices::multi_tile_database(const Board& goal) {
  const LoadedPdb* pdb = database(goal, Metric::MultiTile);
  return pdb ? pdb->multi_tile.get() : nullptr;
}

}  // namespace slidegif::app
