#pragma once
// Which thread owns each block of the full search's store during a pass (layered_bfs.hpp),
// in proportion to each thread's share. The shares follow how long each thread took over its
// blocks in the pass before: on this machine's 2x7 search, with the blocks dealt alternately,
// one thread was the slower in most layers, by 5-9%, and the other waited that long at every
// layer's end.
//
// Block b has a fixed place in [0, 1), the fractional part of b times the golden ratio, and
// goes to the thread whose stretch of [0, 1) holds it (thread 0's the first share's worth).
// Those places are spread evenly over every run of blocks, so each thread's blocks are spread
// over the store; and a small change of the shares moves few blocks. (Dealing in turn moved
// most of them, and with them the heavy blocks of a layer from thread to thread: the threads
// then differed by up to 40% in a layer.)
//
//   BlockOwners owners(blocks, 2);
//   ... a pass: thread owners[b] scans block b and claims its states ...
//   owners.rebalance({12.1, 11.0});  // seconds each thread was busy: thread 0 gets fewer

#include <algorithm>
#include <cstdint>
#include <vector>

namespace slidegif::detail {

class BlockOwners {
 public:
  // Passes shorter than shortest_timed seconds (for a thread) leave the shares as they are.
  BlockOwners(std::uint64_t blocks, int threads, double shortest_timed = 0.1)
      : owners_(blocks, 0),
        shares_(static_cast<std::size_t>(std::max(1, threads))),
        shortest_timed_(shortest_timed) {
    std::fill(shares_.begin(), shares_.end(), 1.0 / static_cast<double>(shares_.size()));
    deal();
  }

  int operator[](std::uint64_t block) const { return owners_[block]; }
  std::uint64_t blocks() const { return owners_.size(); }
  const std::vector<double>& shares() const { return shares_; }

  // After a pass in which thread t was busy seconds[t] on its blocks: shares move halfway
  // towards those that would have made the threads finish together (halfway: one layer's
  // times are noisy), and the blocks are dealt anew. Passes too short to time say nothing.
  void rebalance(const std::vector<double>& seconds) {
    if (shares_.size() < 2 || seconds.size() != shares_.size()) return;
    const double shortest = *std::min_element(seconds.begin(), seconds.end());
    if (shortest < shortest_timed_ || shortest <= 0) return;  // no speed from no time
    double total = 0;
    std::vector<double> speed(shares_.size());
    for (std::size_t t = 0; t < shares_.size(); ++t) total += speed[t] = shares_[t] / seconds[t];
    for (std::size_t t = 0; t < shares_.size(); ++t)
      shares_[t] = (shares_[t] + speed[t] / total) / 2;
    deal();
  }

 private:
  void deal() {
    constexpr double kGolden = 0.6180339887498949;  // (sqrt(5) - 1) / 2
    double place = 0;
    for (std::uint64_t b = 0; b < owners_.size(); ++b) {
      std::size_t t = 0;
      for (double end = shares_[0]; place >= end && t + 1 < shares_.size();) end += shares_[++t];
      owners_[b] = static_cast<std::uint16_t>(t);
      place += kGolden;
      if (place >= 1) place -= 1;
    }
  }

  std::vector<std::uint16_t> owners_;
  std::vector<double> shares_;
  double shortest_timed_;
};

}  // namespace slidegif::detail
