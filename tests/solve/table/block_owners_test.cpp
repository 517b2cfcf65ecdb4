// Dealing the full search's blocks to threads: equal shares at first, each thread's blocks
// spread over the store; after a pass a slower thread gets fewer blocks, halfway towards
// making the threads finish together, and only that many blocks change hands; passes too
// short to time, and one thread, change nothing.
#include "solve/table/block_owners.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace slidegif::detail {
namespace {

std::vector<std::uint64_t> counts(const BlockOwners& owners, int threads) {
  std::vector<std::uint64_t> n(static_cast<std::size_t>(threads), 0);
  for (std::uint64_t b = 0; b < owners.blocks(); ++b) ++n[static_cast<std::size_t>(owners[b])];
  return n;
}

// Whether every run of 50 blocks holds each thread's share of them, give or take 2.
bool spread(const BlockOwners& owners) {
  const auto& shares = owners.shares();
  for (std::uint64_t first = 0; first + 50 <= owners.blocks(); ++first) {
    std::vector<double> n(shares.size(), 0);
    for (std::uint64_t b = first; b < first + 50; ++b) ++n[static_cast<std::size_t>(owners[b])];
    for (std::size_t t = 0; t < shares.size(); ++t)
      if (n[t] < shares[t] * 50 - 2 || n[t] > shares[t] * 50 + 2) return false;
  }
  return true;
}

TEST(BlockOwners, ThreadsStartWithEqualSharesSpreadOverTheStore) {
  for (int threads : {2, 3, 5}) {
    BlockOwners owners(1000, threads);
    for (std::uint64_t n : counts(owners, threads)) {
      EXPECT_GE(n, 1000 / static_cast<std::uint64_t>(threads) - 1) << threads;
      EXPECT_LE(n, 1000 / static_cast<std::uint64_t>(threads) + 1) << threads;
    }
    EXPECT_TRUE(spread(owners)) << threads;
  }
}

TEST(BlockOwners, ASlowerThreadGetsFewerBlocks) {
  BlockOwners owners(1000, 2);
  std::vector<int> before_owners;
  for (std::uint64_t b = 0; b < 1000; ++b) before_owners.push_back(owners[b]);
  // Thread 0 took 1.5 times as long for as many blocks: even shares would be 0.4 and 0.6,
  // halfway there 0.45 and 0.55.
  owners.rebalance({3.0, 2.0});
  EXPECT_NEAR(owners.shares()[0], 0.45, 1e-9);
  EXPECT_NEAR(owners.shares()[1], 0.55, 1e-9);
  const auto n = counts(owners, 2);
  EXPECT_NEAR(static_cast<double>(n[0]), 450, 1);
  EXPECT_NEAR(static_cast<double>(n[1]), 550, 1);
  EXPECT_TRUE(spread(owners));
  int moved = 0;
  for (std::uint64_t b = 0; b < 1000; ++b) moved += owners[b] != before_owners[b] ? 1 : 0;
  EXPECT_NEAR(moved, 50, 1);  // from thread 0 to thread 1, the rest where they were

  // The same times for the new shares: still slower a block, so fewer again.
  owners.rebalance({3.0, 2.0});
  EXPECT_LT(owners.shares()[0], 0.45);
  // Equal times: the threads finished together, nothing moves.
  const std::vector<double> before = owners.shares();
  owners.rebalance({2.5, 2.5});
  EXPECT_NEAR(owners.shares()[0], before[0], 1e-9);
  EXPECT_NEAR(owners.shares()[1], before[1], 1e-9);
}

TEST(BlockOwners, ShortPassesAndOneThreadChangeNothing) {
  BlockOwners two(100, 2);
  const auto before = counts(two, 2);
  two.rebalance({0.01, 0.002});
  EXPECT_EQ(two.shares()[0], 0.5);
  EXPECT_EQ(counts(two, 2), before);

  BlockOwners one(100, 1);
  one.rebalance({3.0});
  EXPECT_EQ(counts(one, 1)[0], 100u);
}

}  // namespace
}  // namespace slidegif::detail
