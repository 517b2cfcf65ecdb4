// The distributed search's partition (src/mpi/partition.hpp) and its model
// (partition_model.hpp), without MPI: the state numbering up to 16 cells, the children
// expand_state() names against moves made on a Board, blocks that cover every state once, and
// a sampled model against the exact counts of a whole space.

#include "mpi/partition.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "mpi/partition_model.hpp"

namespace slidegif::mpi {
namespace {

// A board `steps` random moves from the goal.
Board scrambled(Shape shape, int steps, std::mt19937& random) {
  Board b = Board::standard_goal(shape);
  for (int s = 0; s < steps; ++s) {
    const Move m = kAllMoves[random() % 4];
    if (b.can_apply(m)) b.apply(m);
  }
  return b;
}

TEST(Partition, NumbersBoardsOfUpTo16CellsBothWays) {
  std::mt19937 random(7);
  for (const Shape shape : {Shape{4, 4}, Shape{3, 5}, Shape{5, 3}, Shape{2, 8}, Shape{3, 4}}) {
    const detail::StateIndex index(Board::standard_goal(shape));
    for (int n = 0; n < 300; ++n) {
      const Board b = scrambled(shape, 200, random);
      const std::uint64_t i = index.of(b);
      ASSERT_LT(i, index.size()) << format_board(b);
      EXPECT_EQ(index.board(i), b) << format_shape(shape) << " " << i;
    }
  }
}

TEST(Partition, ExpandStateNamesTheStatesOneMoveAway) {
  std::mt19937 random(11);
  for (const Shape shape : {Shape{3, 3}, Shape{4, 4}, Shape{3, 5}, Shape{2, 8}}) {
    const detail::StateIndex index(Board::standard_goal(shape));
    for (int n = 0; n < 200; ++n) {
      const Board b = scrambled(shape, 150, random);
      std::multiset<std::uint64_t> want;
      for (const Move m : kAllMoves) {
        if (!b.can_apply(m)) continue;
        Board next = b;
        next.apply(m);
        want.insert(index.of(next));
      }
      std::multiset<std::uint64_t> got;
      expand_state(index, index.of(b), [&](std::uint64_t j) { got.insert(j); });
      EXPECT_EQ(got, want) << format_board(b);
    }
  }
}

TEST(Partition, BlocksCoverEveryStateOnce) {
  for (const std::uint64_t states :
       {std::uint64_t{10}, std::uint64_t{181'440}, std::uint64_t{1'000'003}}) {
    for (int ranks = 1; ranks <= 7; ++ranks) {
      const Partition p(states, ranks);
      EXPECT_EQ(p.begin(0), 0u);
      EXPECT_EQ(p.end(ranks - 1), states);
      for (int r = 0; r < ranks; ++r) {
        if (r + 1 < ranks) {
          EXPECT_EQ(p.end(r), p.begin(r + 1));
        }
        if (p.begin(r) == p.end(r)) continue;  // more ranks than states: an empty block
        EXPECT_EQ(p.owner(p.begin(r)), r);
        EXPECT_EQ(p.owner(p.end(r) - 1), r);
      }
    }
  }
}

TEST(Partition, WorstCaseMemoryIsTheBlockAndFullBuffers) {
  // 3x4 on 4 ranks: 59,875,200 states a rank at two bits each, and rounds of 2^22 states with
  // four children each, 8 bytes a child, in three buffers.
  EXPECT_EQ(most_rank_bytes(239'500'800, 4, std::uint64_t{1} << 22),
            59'875'200u / 4 + 3u * 4u * (std::uint64_t{1} << 22) * 8u);
  // Rounds never exceed the block; the block's store is in whole words (250 states: 8 words).
  EXPECT_EQ(most_rank_bytes(1000, 4, std::uint64_t{1} << 22), 64u + 3u * 4u * 250u * 8u);
}

TEST(Partition, RoundsAreAsAskedWithinTheBlockAndTheRoundsLimit) {
  EXPECT_EQ(round_states_for(250, std::uint64_t{1} << 22), 250u);
  EXPECT_EQ(round_states_for(1'000'000, 1000), 1000u);
  // 3x4 on one rank, rounds of one state: 58,472 a round, so 4,096 rounds a layer.
  const std::uint64_t block = 239'500'800;
  const std::uint64_t round = round_states_for(block, 1);
  EXPECT_EQ(round, 58'472u);
  EXPECT_LE((block + round - 1) / round, kMostRoundsPerLayer);
  EXPECT_EQ(round_states_for(0, 1000), 1u);  // an empty block still scans in rounds of one
}

TEST(PartitionModel, SampledExchangeMatchesTheWholeSpace) {
  const Board goal = Board::standard_goal({3, 3});
  const detail::StateIndex index(goal);
  for (const int ranks : {1, 3, 4}) {
    // Exact: every state expanded once, as the search does.
    const Partition partition(index.size(), ranks);
    std::uint64_t children = 0;
    std::uint64_t away = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
      expand_state(index, i, [&](std::uint64_t j) {
        ++children;
        away += partition.owner(j) != partition.owner(i);
      });
    }
    EXPECT_EQ(children, 181'440u * 24 / 9);  // the blank on each of the 9 cells alike
    PartitionModelOptions options;
    options.samples = 200'000;
    const PartitionModel m = model_partition(goal, ranks, options);
    EXPECT_NEAR(m.children_per_state, 24.0 / 9, 0.01);
    const double exact = static_cast<double>(away) / static_cast<double>(children);
    EXPECT_NEAR(m.exchanged_fraction, exact, 0.03 * exact + 1e-9) << ranks << " ranks";
    EXPECT_EQ(m.block_bytes, (partition.block() + 31) / 32 * 8);
    if (ranks == 1) {
      EXPECT_EQ(m.buffer_bytes, 0u);
    }
  }
}

}  // namespace
}  // namespace slidegif::mpi
