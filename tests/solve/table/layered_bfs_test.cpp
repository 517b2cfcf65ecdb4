// The full search's engine with the threads' shares moved after every pass, however short
// (block_owners.hpp): the passes' times differ from run to run, and so do which thread owns a
// block in which pass and when, but the layers are those one thread finds.
#include "solve/table/layered_bfs.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/table/distance_stores.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::detail {
namespace {

// The histogram of a 2x5 board's search on `threads` threads, the shares moved after every
// pass however short (shortest_timed 0), or never (1e9).
template <class Store>
LayerSink search_2x5(int threads, double shortest_timed) {
  const StateIndex index(parse_board("12345/67890"));
  std::vector<std::uint8_t> parity(10);
  for (int c = 0; c < 10; ++c)
    parity[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(index.parity_for_blank(c));
  Store store(index.size(), threads);
  const std::function<void(double)> progress;
  LayeredBfs<10, 5, Store> bfs(parity, store, threads, index.size(), 40, progress, shortest_timed);
  return bfs.run(index.goal_index());
}

template <class Store>
void check_moving_owners() {
  const LayerSink one = search_2x5<Store>(1, 1e9);
  ASSERT_EQ(one.histogram.size(), 56u);  // God's number 55
  for (int threads : {2, 3}) {
    for (int run = 0; run < 3; ++run) {
      const LayerSink many = search_2x5<Store>(threads, 0);
      EXPECT_EQ(many.histogram, one.histogram) << threads;
      EXPECT_EQ(many.listed, one.listed) << threads;
    }
  }
}

TEST(LayeredBfs, BlocksChangingHandsAfterEveryPassGiveOneThreadsLayers) {
  check_moving_owners<FarParentStore>();
  check_moving_owners<Mod3Store>();
}

}  // namespace
}  // namespace slidegif::detail
