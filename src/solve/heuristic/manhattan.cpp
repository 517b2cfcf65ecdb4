#include "solve/heuristic/manhattan.hpp"

#include <cstdlib>

namespace slidegif::detail {

ManhattanTable::ManhattanTable(const Board& goal, std::uint64_t counted) : shape_(goal.shape()) {
  const int cells = goal.cells();
  for (int cell = 0; cell < cells; ++cell) home_[goal.at(cell)] = static_cast<std::uint8_t>(cell);
  const bool all = counted == ~std::uint64_t{0};
  for (int tile = 1; tile < cells; ++tile) {
    if (!all && (tile >= 64 || !((counted >> tile) & 1))) continue;
    const int home = home_[static_cast<std::size_t>(tile)];
    for (int cell = 0; cell < cells; ++cell) {
      table_[static_cast<std::size_t>(tile) * kMaxCells + static_cast<std::size_t>(cell)] =
          static_cast<std::uint8_t>(std::abs(cell / shape_.cols - home / shape_.cols) +
                                    std::abs(cell % shape_.cols - home % shape_.cols));
    }
  }
}

int ManhattanTable::sum(const std::uint8_t* tiles) const {
  int total = 0;
  for (int cell = 0; cell < shape_.cells(); ++cell) total += distance(tiles[cell], cell);
  return total;
}

}  // namespace slidegif::detail
