#pragma once
// The classic searches over one Problem, each filling in what it found and counted. run_classic
// (classic.hpp) builds the problem and picks one by ClassicAlgorithm.

#include "solve/classic/classic.hpp"
#include "solve/classic/problem.hpp"

namespace slidegif::detail::classic {

// A*, uniform-cost search and greedy best-first search: one loop, three priorities.
void best_first(const Problem& problem, ClassicAlgorithm algorithm, const ClassicLimits& limits,
                ClassicObserver* observer, ClassicResult& result);
// Breadth-first search over a perfect ranking of the arrangements (one byte each).
void breadth_first(const Problem& problem, const ClassicLimits& limits, ClassicObserver* observer,
                   ClassicResult& result);
// Bidirectional breadth-first search (a table of seen states on each side).
void bidirectional(const Problem& problem, const ClassicLimits& limits, ClassicObserver* observer,
                   ClassicResult& result);
// IDA*.
void iterative_deepening(const Problem& problem, const ClassicLimits& limits,
                         ClassicObserver* observer, ClassicResult& result);

// Tells `observer` (if any) of expanding `state`: the rest of `step` filled in by the search.
inline void tell(ClassicObserver* observer, const Problem& problem, const State& state,
                 ClassicStep step) {
  if (observer == nullptr) return;
  step.tiles =
      std::span<const std::uint8_t>(state.tiles.data(), static_cast<std::size_t>(problem.cells()));
  observer->expanding(step);
}

// Bytes a table of seen states holds per state (libstdc++'s unordered_map: a node of the key,
// the value and a link, and a bucket), for `ClassicResult::bytes`.
inline constexpr std::uint64_t kSeenStateBytes = 48;

}  // namespace slidegif::detail::classic
