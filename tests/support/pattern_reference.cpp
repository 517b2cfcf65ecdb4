#include "pattern_reference.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>

#include "solve/board/domain.hpp"
#include "solve/heuristic/manhattan.hpp"
#include "solve/pattern/pattern_table.hpp"

namespace slidegif::testing {
namespace {

std::uint64_t used_cells(const std::vector<std::uint8_t>& cells) {
  std::uint64_t used = 0;
  for (auto c : cells) used |= 1ULL << c;
  return used;
}

}  // namespace

// Reference: 0-1 BFS over (cells of the pattern tiles, blank cell), one state per blank cell,
// a move costing 1 only when it slides a pattern tile. Entry = min over blank cells, or the
// state's own distance when zero-aware.
std::vector<int> reference_table(const Board& goal, const detail::Pattern& pattern,
                                 bool zero_aware) {
  const detail::Domain domain(goal.shape());
  const int n = goal.cells();
  const int k = static_cast<int>(pattern.size());
  std::vector<int> home(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) home[goal.at(c)] = c;
  auto encode = [&](const std::vector<int>& cells) {  // cells[0..k-1] tiles, cells[k] blank
    std::size_t x = 0;
    for (int c : cells) x = x * static_cast<std::size_t>(n) + static_cast<std::size_t>(c);
    return x;
  };
  std::size_t states = 1;
  for (int i = 0; i <= k; ++i) states *= static_cast<std::size_t>(n);
  std::vector<int> dist(states, -1);
  const int free = zero_aware ? n - k : 1;
  std::vector<int> table(detail::pattern_entries(n, k) * static_cast<std::uint64_t>(free),
                         INT32_MAX);
  std::deque<std::pair<std::vector<int>, int>> queue;
  std::vector<int> start;
  for (auto t : pattern) start.push_back(home[t]);
  start.push_back(home[0]);
  queue.emplace_back(start, 0);
  while (!queue.empty()) {
    auto [cells, d] = queue.front();
    queue.pop_front();
    const std::size_t x = encode(cells);
    if (dist[x] >= 0) continue;
    dist[x] = d;
    std::vector<std::uint8_t> placement(cells.begin(), cells.end() - 1);
    const int b = cells[static_cast<std::size_t>(k)];
    std::uint64_t index = detail::rank_placement(placement.data(), k, n);
    if (zero_aware) index = detail::zero_aware_index(index, used_cells(placement), b, free);
    auto& entry = table[index];
    entry = std::min(entry, d);
    for (const detail::Operator op : domain.operators(b)) {
      auto child = cells;
      const int to = op.target;
      bool pattern_move = false;
      for (int i = 0; i < k; ++i)
        if (child[static_cast<std::size_t>(i)] == to)
          child[static_cast<std::size_t>(i)] = b, pattern_move = true;
      child[static_cast<std::size_t>(k)] = to;
      if (pattern_move)
        queue.emplace_back(child, d + 1);
      else
        queue.emplace_front(child, d);
    }
  }
  return table;
}

void expect_matches_reference(const Board& goal, const detail::Pattern& pattern, int threads,
                              bool zero_aware) {
  const auto table = detail::build_pattern_table(
      goal, pattern, {.threads = threads, .progress = {}, .zero_aware = zero_aware});
  const auto reference = reference_table(goal, pattern, zero_aware);
  const int n = goal.cells();
  const int k = static_cast<int>(pattern.size());
  const detail::ManhattanTable manhattan(goal);
  // Walk every placement by counting in base n and skipping repeats.
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(k), 0);
  std::size_t checked = 0;
  for (;;) {
    std::uint64_t used = 0;
    bool distinct = true;
    for (auto c : cells) distinct = distinct && !((used >> c) & 1), used |= 1ULL << c;
    if (distinct && !zero_aware) {
      const auto r = detail::rank_placement(cells.data(), k, n);
      ASSERT_EQ(detail::pattern_table_value(table, goal, pattern, cells.data()), reference[r])
          << "rank " << r;
      ++checked;
    }
    if (distinct && zero_aware) {  // every blank cell the placement leaves
      int md = 0;
      for (int i = 0; i < k; ++i) md += manhattan.distance(pattern[i], cells[i]);
      const auto r = detail::rank_placement(cells.data(), k, n);
      for (int b = 0; b < n; ++b) {
        if ((used >> b) & 1) continue;
        // A zero-aware entry is the parity of the excess (pattern_table.hpp).
        const auto x = detail::zero_aware_index(r, used, b, n - k);
        ASSERT_EQ(detail::bit_entry(table, x), (reference[x] - md) / 2 % 2)
            << "rank " << r << " blank " << b;
      }
      ++checked;
    }
    int i = 0;
    while (i < k && ++cells[static_cast<std::size_t>(i)] == n)
      cells[static_cast<std::size_t>(i++)] = 0;
    if (i == k) break;
  }
  EXPECT_EQ(checked, detail::pattern_entries(n, k));
}

}  // namespace slidegif::testing
