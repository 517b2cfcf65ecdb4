#include "slidegif/gods_eye.hpp"

#include "slidegif/solvability.hpp"
#include "solve/table/distance_table.hpp"
#include "solve/table/full_search.hpp"

namespace slidegif {

static_assert(kMaxGodsEyeCells == detail::kMaxFullSearchCells);

namespace {

// One byte a position where that stays small (exact distances read without a descent), else
// two bits (distance mod 3, which a descent turns into the distance).
constexpr std::uint64_t kExactBytes = 1'000'000;

}  // namespace

GodsEyeTable::GodsEyeTable(const Board& goal) {
  const detail::DistanceStorage storage =
      full_search_bytes(goal.shape(), detail::DistanceStorage::Exact) <= kExactBytes
          ? detail::DistanceStorage::Exact
          : detail::DistanceStorage::Mod3;
  table_ =
      std::make_shared<const detail::DistanceTable>(detail::DistanceTable::build(goal, storage));
}

const Board& GodsEyeTable::goal() const {
  return table_->goal();
}

const std::vector<std::uint64_t>& GodsEyeTable::histogram() const {
  return table_->histogram();
}

int GodsEyeTable::gods_number() const {
  return table_->gods_number();
}

void GodsEyeTable::check(const Board& state) const {
  require_solvable(state, goal());  // BadInput for another shape, Unsolvable across parity
}

int GodsEyeTable::distance(const Board& state) const {
  check(state);
  return table_->distance(state);
}

std::vector<Move> GodsEyeTable::solve(const Board& start) const {
  check(start);
  return table_->descend(start);
}

}  // namespace slidegif
