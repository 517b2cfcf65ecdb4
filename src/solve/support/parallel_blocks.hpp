#pragma once
// Work cut into numbered blocks and shared between threads, each taking the next block when it
// is free: the table builders' layers, whose blocks cost very different amounts. Thread 0 is
// the caller's.
//
//   const std::uint64_t added = sum_over_blocks(blocks, threads, [&](int t, std::uint64_t b) {
//     return expand_block(b);  // what block b added
//   });

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace slidegif::detail {

template <class Work>
std::uint64_t sum_over_blocks(std::uint64_t blocks, int threads, const Work& work) {
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> sum{0};
  auto run = [&](int t) {
    std::uint64_t mine = 0;
    for (std::uint64_t b = next.fetch_add(1, std::memory_order_relaxed); b < blocks;
         b = next.fetch_add(1, std::memory_order_relaxed))
      mine += work(t, b);
    sum.fetch_add(mine, std::memory_order_relaxed);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(run, t);
  run(0);
  for (auto& th : pool) th.join();
  return sum.load();
}

}  // namespace slidegif::detail
