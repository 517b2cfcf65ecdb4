#pragma once
// The budget of one search run, which every search (IDA*, the near-optimal search, the
// dispatchers that split a solve's budget between runs) takes. Its own header, so that a
// search does not include the dispatcher (solver.hpp) for it.
//
//   SearchLimits limits{.max_seconds = 2.5, .stop = &stop};
//   if (limits.stopped()) ...

#include <atomic>
#include <cstdint>
#include <functional>

#include "slidegif/solve.hpp"

namespace slidegif::detail {

// Whether a stop flag (SolveControl::stop) is there and set.
inline bool stop_set(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

// The budget of one search run (IDA*, the near-optimal search): a solve splits its options'
// budget between the runs it makes.
struct SearchLimits {
  double max_seconds = 5.0;     // wall-clock budget; <= 0 means none
  std::uint64_t max_nodes = 0;  // node budget; 0 means none
  // Called about twice a second while a search runs (for progress display); may be empty.
  std::function<void(const SearchStats&)> progress;
  const std::atomic<bool>* stop = nullptr;  // when it turns true, the run ends as at its budget
  int threads = 1;  // IDA*: threads sharing each large iteration (the answer is the same)

  bool stopped() const { return stop_set(stop); }
};

}  // namespace slidegif::detail
