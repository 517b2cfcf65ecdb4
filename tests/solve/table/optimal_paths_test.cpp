// Optimal first moves and solution counts against a brute-force count over the reference
// BFS's distances (tests/support), which shares nothing with the full search.
#include "solve/table/optimal_paths.hpp"

#include <gtest/gtest.h>

#include "bfs_reference.hpp"
#include "solve/board/domain.hpp"
#include "solve/board/random.hpp"

namespace slidegif::detail {
namespace {

using Distances = std::unordered_map<std::uint64_t, int>;

// Optimal solutions of `b` counted one by one: every move to a state one closer, recursively.
std::uint64_t count_paths(const Board& b, const Distances& dist) {
  const int d = dist.at(testing::pack(b));
  if (d == 0) return 1;
  std::uint64_t n = 0;
  for (Move m : {Move::Up, Move::Down, Move::Left, Move::Right}) {
    if (neighbour(b.shape(), b.blank(), m) < 0) continue;
    Board next = b;
    next.apply_all({m});
    if (dist.at(testing::pack(next)) == d - 1) n += count_paths(next, dist);
  }
  return n;
}

FullSearch exact(const Board& goal) {
  FullSearchOptions o;
  o.storage = DistanceStorage::Exact;
  return full_search(goal, o);
}

TEST(OptimalPaths, TwoByTwoIsACycle) {
  const FullSearch all = exact(parse_board("12/30"));
  const OptimalPaths p = optimal_paths(all);
  for (std::uint64_t i = 0; i < all.index.size(); ++i) {
    const int d = all.distance[i];
    // On a cycle of 12 every state has one optimal solution but the opposite one, which has 2.
    EXPECT_EQ(p.solutions[i], d == 6 ? 2u : 1u) << format_board(all.index.board(i));
    EXPECT_EQ(p.first_moves[i], d == 6 ? 2 : d == 0 ? 0 : 1);
  }
}

TEST(OptimalPaths, MatchBruteForceCountsOnThreeByThree) {
  const Board goal = Board::standard_goal({3, 3});
  const Distances dist = testing::bfs_distances(goal);
  const FullSearch all = exact(goal);
  const OptimalPaths p = optimal_paths(all);
  Random rng(3);
  for (int k = 0; k < 40; ++k) {
    const std::uint64_t i = rng.below(all.index.size());
    const Board b = all.index.board(i);
    EXPECT_EQ(p.solutions[i], count_paths(b, dist)) << format_board(b);
  }
  const std::uint64_t hardest = all.index.of(parse_board("867254301"));
  EXPECT_EQ(p.solutions[hardest], count_paths(parse_board("867254301"), dist));
  EXPECT_EQ(p.solutions[all.index.goal_index()], 1u);
}

}  // namespace
}  // namespace slidegif::detail
