#include "app/data/distance_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "solve/board/goal_framing.hpp"

namespace slidegif::app {

Board table_goal_for(const Board& goal) {
  const Board standard = Board::standard_goal(goal.shape());
  if (detail::GoalFraming::serves(goal, standard)) return standard;
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(goal.cells()));
  std::uint8_t next = 1;
  for (int c = 0; c < goal.cells(); ++c)
    tiles[static_cast<std::size_t>(c)] = c == goal.blank() ? 0 : next++;
  return Board(goal.shape(), std::move(tiles));
}

const detail::DistanceTable* DistanceTables::operator()(const Board& goal, bool to_pick) {
  Built* slot = nullptr;
  {
    const std::lock_guard lock(mutex_);
    for (const auto& b : built_) {
      if ((b->exact || !to_pick) && detail::GoalFraming::serves(goal, b->goal)) {
        slot = b.get();
        break;
      }
    }
    if (slot == nullptr && !to_pick) {
      if (const detail::DistanceTable* t = from_built_in(goal)) return t;
    }
    if (slot == nullptr) {
      const bool small = goal.cells() <= detail::kMaxFullSearchCells &&
                         full_search_bytes(goal.shape(), detail::DistanceStorage::Exact) <=
                             policy_.max_build_bytes;
      if (!small || !(to_pick || policy_.build_to_solve)) return from_files(goal);
      built_.push_back(std::make_unique<Built>(table_goal_for(goal), to_pick));
      slot = built_.back().get();
    }
  }
  // Outside the lock: another class's table may build on another thread meanwhile; a caller
  // of the same class waits here for this one.
  std::call_once(slot->once, [slot] {
    slot->table = std::make_unique<detail::DistanceTable>(detail::DistanceTable::build(
        slot->goal, slot->exact ? detail::DistanceStorage::Exact : detail::DistanceStorage::Mod3));
  });
  return slot->table.get();
}

const detail::DistanceTable* DistanceTables::from_built_in(const Board& goal) {
  if (built_in_.empty()) {
    // All or none, so that a damaged one is refused at every call, not only the first.
    std::vector<std::unique_ptr<detail::DistanceTable>> viewed;
    for (std::size_t i = 0; i < built_in_bytes_.size(); ++i)
      viewed.push_back(view_table_bytes(built_in_bytes_[i], fmt::format("built in #{}", i + 1)));
    built_in_ = std::move(viewed);
  }
  for (const auto& table : built_in_)
    if (detail::GoalFraming::serves(goal, table->goal())) return table.get();
  return nullptr;
}

const detail::DistanceTable* DistanceTables::from_files(const Board& goal) {
  for (const auto& loaded : loaded_)
    if (detail::GoalFraming::serves(goal, loaded.table->goal())) return loaded.table.get();
  if (policy_.dir.empty() ||
      std::find(listed_.begin(), listed_.end(), goal.shape()) != listed_.end())
    return nullptr;
  // Every file of the shape at once (a process meets few shapes), so a batch of many puzzles
  // lists the directory once. A damaged file throws before any is kept, so every later puzzle
  // of the shape is refused alike rather than searched without the tables.
  std::vector<LoadedTable> fresh;
  for (const std::string& path : table_files(policy_.dir, goal.shape()))
    fresh.push_back(load_table_file(path));
  listed_.push_back(goal.shape());
  const std::size_t first = loaded_.size();
  std::move(fresh.begin(), fresh.end(), std::back_inserter(loaded_));
  for (std::size_t i = first; i < loaded_.size(); ++i)
    if (detail::GoalFraming::serves(goal, loaded_[i].table->goal())) return loaded_[i].table.get();
  return nullptr;
}

}  // namespace slidegif::app
