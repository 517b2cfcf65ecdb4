#include "solve/pattern/pattern_symmetry.hpp"

#include <bit>

#include "solve/board/goal_framing.hpp"

namespace slidegif::detail {
namespace {

std::vector<int> home_cells(const Board& goal) {
  std::vector<int> home(static_cast<std::size_t>(goal.cells()));
  for (int c = 0; c < goal.cells(); ++c) home[goal.at(c)] = c;
  return home;
}

// For each tile of `to`, the index in `from` of the tile whose goal cell the symmetry takes
// onto its own; empty when some has none.
std::vector<int> correspondence(const Board& goal, const Pattern& from, const Pattern& to, int k) {
  const auto home = home_cells(goal);
  std::vector<int> out;
  if (from.size() != to.size()) return out;
  for (std::size_t i = 0; i < to.size(); ++i) {
    for (std::size_t j = 0; j < from.size(); ++j)
      if (map_by_symmetry(goal.shape(), k, home[from[j]]) == home[to[i]])
        out.push_back(static_cast<int>(j));
    if (out.size() != i + 1) return {};
  }
  return out;
}

}  // namespace

std::optional<int> pattern_symmetry(const Board& goal, const Pattern& from, const Pattern& to) {
  for (int k = 0; k < symmetry_kinds(goal.shape()); ++k)
    if (!correspondence(goal, from, to, k).empty()) return k;
  return std::nullopt;
}

std::vector<std::uint8_t> map_pattern_table(const Board& goal, const Pattern& from,
                                            std::span<const std::uint8_t> from_table,
                                            const Pattern& to, int symmetry) {
  const int n = goal.cells();
  const int k = static_cast<int>(to.size());
  const std::vector<int> source = correspondence(goal, from, to, symmetry);
  // A placement of `to` seen through the symmetry's inverse is a placement of `from` just as
  // far from home: entry r of the new table is the old table's entry for that placement.
  std::vector<std::uint8_t> back(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c)
    back[static_cast<std::size_t>(map_by_symmetry(goal.shape(), symmetry, c))] =
        static_cast<std::uint8_t>(c);
  const std::uint64_t entries = pattern_entries(n, k);
  std::vector<std::uint8_t> out(packed_bytes(entries), 0);
  // Placements in rank order: an odometer over each tile's choice among the cells left.
  std::vector<int> digit(static_cast<std::size_t>(k), 0);
  const std::uint64_t all = n == 64 ? ~0ULL : (1ULL << n) - 1;
  std::uint8_t mapped[kMaxPatternTiles];
  for (std::uint64_t r = 0; r < entries; ++r) {
    std::uint64_t used = 0;
    for (int i = 0; i < k; ++i) {
      std::uint64_t avail = all & ~used;
      for (int j = 0; j < digit[static_cast<std::size_t>(i)]; ++j) avail &= avail - 1;
      const int cell = std::countr_zero(avail);
      used |= 1ULL << cell;
      mapped[source[static_cast<std::size_t>(i)]] = back[static_cast<std::size_t>(cell)];
    }
    const int value = packed_entry(from_table, rank_placement(mapped, k, n));
    out[r / 2] |= static_cast<std::uint8_t>(value << ((r & 1) * 4));
    for (int i = k - 1; i >= 0 && ++digit[static_cast<std::size_t>(i)] == n - i; --i)
      digit[static_cast<std::size_t>(i)] = 0;
  }
  return out;
}

}  // namespace slidegif::detail
