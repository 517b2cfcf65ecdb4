#include "app/data/pdb_cost.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "app/data/data_files.hpp"
#include "solve/pattern/multi_tile_table.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::app {
namespace {

// The builder's working memory a placement (pattern_table.hpp): 4 bytes with at most 8 free
// cells, 8 up to 16, 16 beyond; a zero-aware build keeps 1, 2 or 4 more, a bit a free cell.
std::uint64_t working_bytes(int free_cells, bool zero_aware) {
  const std::uint64_t by_cell = zero_aware ? (free_cells <= 8 ? 1 : free_cells <= 16 ? 2 : 4) : 0;
  return (free_cells <= 8 ? 4 : free_cells <= 16 ? 8 : 16) + by_cell;
}

// CPU time a placement, measured building the 4x4, 2x8 and 3x5 sets with /usr/bin/time on the
// project's 2-core VM (0.4-0.65 us): the slower end, so that the estimate is not low.
constexpr double kSecondsPerPlacement = 0.65e-6;
// A zero-aware build writes each region's cells too: 4x4's took 427-463 CPU-seconds (0.74-0.80
// us), 5x5's, whose 19 free cells take flood fills, 546 (1.07 us).
constexpr double kSecondsPerZeroAwarePlacement = 0.85e-6;
constexpr double kSecondsPerWideZeroAwarePlacement = 1.15e-6;  // over 16 free cells
// The multi-tile set's (multi_tile_table.hpp): a placement of the tiles and the blank, a byte
// each and no other working memory. CPU time measured likewise on 4x4 and 3x4.
constexpr double kSecondsPerMultiTilePlacement = 0.15e-6;

}  // namespace

bool PdbBuildCost::is_long() const {
  return cpu_seconds > 30 || memory_bytes > 100'000'000;
}

PdbBuildCost pdb_build_cost(const Board& goal, std::string_view set) {
  const int n = goal.cells();
  PdbBuildCost cost;
  std::uint64_t largest_working = 0;
  const bool multi_tile = set == detail::kMultiTileSet;
  const bool zero_aware = set == detail::kZeroAwareSet;
  for (const detail::Pattern& pattern : detail::preset_partition(set, goal)) {
    const int k = static_cast<int>(pattern.size());
    if (multi_tile) {
      const std::uint64_t p = detail::multi_tile_entries(n, k);
      cost.file_bytes += p;
      cost.cpu_seconds += static_cast<double>(p) * kSecondsPerMultiTilePlacement;
      continue;
    }
    const std::uint64_t p = detail::pattern_entries(n, k);
    cost.file_bytes +=
        zero_aware ? detail::bit_bytes(detail::zero_aware_entries(n, k)) : detail::packed_bytes(p);
    largest_working = std::max(largest_working, p * working_bytes(n - k, zero_aware));
    const double per_placement = !zero_aware  ? kSecondsPerPlacement
                                 : n - k > 16 ? kSecondsPerWideZeroAwarePlacement
                                              : kSecondsPerZeroAwarePlacement;
    cost.cpu_seconds += static_cast<double>(p) * per_placement;
  }
  cost.memory_bytes = largest_working + cost.file_bytes;
  return cost;
}

std::string describe(const PdbBuildCost& cost) {
  return fmt::format("{} on disk, about {:.0f} CPU-seconds and {} of memory to build",
                     human_size(cost.file_bytes), std::max(1.0, cost.cpu_seconds),
                     human_size(cost.memory_bytes));
}

}  // namespace slidegif::app
