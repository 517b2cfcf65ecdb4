// Stepped ranks: after every slide of a random walk, the rank kept up to date equals the rank
// worked out afresh (rank_placement), on the board itself and through a reflection.
#include "solve/pattern/rank_steps.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "slidegif/board.hpp"

namespace slidegif::detail {
namespace {

// Walks 5,000 random slides on `shape` from its goal, keeping every pattern's rank through
// `view` (view cell -> board cell, an involution) by RankSteps, and checks each against
// rank_placement of the tiles' view cells.
void expect_steps_agree(Shape shape, const Partition& partition,
                        const std::vector<std::uint8_t>& view, unsigned seed) {
  const int n = shape.cells();
  std::vector<RankSteps::Place> member(static_cast<std::size_t>(n));
  for (std::size_t p = 0; p < partition.size(); ++p)
    for (std::size_t i = 0; i < partition[p].size(); ++i)
      member[partition[p][i]] = {static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(i)};
  const RankSteps steps(n, partition, view, member);
  // The view is an involution: board cell c shows at view cell view[c].
  auto ranks = [&](const Board& b) {
    std::vector<std::int64_t> out;
    for (const Pattern& pat : partition) {
      std::uint8_t cells[kMaxPatternTiles];
      for (std::size_t i = 0; i < pat.size(); ++i) {
        const auto at = std::find(b.tiles().begin(), b.tiles().end(), pat[i]) - b.tiles().begin();
        cells[i] = view[static_cast<std::size_t>(at)];
      }
      out.push_back(
          static_cast<std::int64_t>(rank_placement(cells, static_cast<int>(pat.size()), n)));
    }
    return out;
  };
  std::mt19937 rng(seed);
  Board b = Board::standard_goal(shape);
  std::vector<std::int64_t> kept = ranks(b);
  int vertical = 0;
  for (int step = 0; step < 5000; ++step) {
    const Move m = kAllMoves[rng() % 4];
    if (!b.can_apply(m)) continue;
    const int from = b.target(m), to = b.blank();
    const int tile = b.at(from);
    b.apply(m);
    const RankSteps::Place& at = member[static_cast<std::size_t>(tile)];
    if (at.pattern == 0xFF) continue;
    const int a = view[static_cast<std::size_t>(from)], z = view[static_cast<std::size_t>(to)];
    vertical += std::abs(a - z) > 1;
    kept[at.pattern] += steps.delta(at.pattern, at.index, a, z, b.tiles().data());
    ASSERT_EQ(kept, ranks(b)) << "after slide " << step;
  }
  EXPECT_GT(vertical, 500);  // slides with cells between the two were tried
}

std::vector<std::uint8_t> identity(int n) {
  std::vector<std::uint8_t> v(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) v[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
  return v;
}

std::vector<std::uint8_t> transpose(int side) {
  std::vector<std::uint8_t> v(static_cast<std::size_t>(side * side));
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c)
      v[static_cast<std::size_t>(r * side + c)] = static_cast<std::uint8_t>(c * side + r);
  return v;
}

TEST(RankSteps, AgreeWithRankingAfreshOn4x4) {
  const Partition large{{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15}};
  expect_steps_agree({4, 4}, large, identity(16), 1);
  expect_steps_agree({4, 4}, {{3, 6, 7, 10, 11, 14}, {4, 5, 8, 9, 12, 13}, {1, 2, 15}},
                     identity(16), 2);
}

TEST(RankSteps, AgreeThroughTheReflection) {
  expect_steps_agree({4, 4}, {{1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15}}, transpose(4),
                     3);
  expect_steps_agree({5, 5}, {{1, 2, 3, 6, 7, 8}, {4, 5, 9, 10, 14, 15}, {11, 12, 16, 17, 21, 22}},
                     transpose(5), 4);
}

TEST(RankSteps, AgreeOnOblongBoardsAndPartlyCoveredOnes) {
  expect_steps_agree({3, 5}, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10}}, identity(15), 5);
  expect_steps_agree({5, 3}, {{2, 5, 8, 11, 14}}, identity(15), 6);
}

}  // namespace
}  // namespace slidegif::detail
