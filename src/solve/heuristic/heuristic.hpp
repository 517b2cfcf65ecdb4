#pragma once
// The one interface of the search's heuristics (Manhattan + linear conflict, pattern
// databases). A heuristic keeps state per node - the value itself, or one value per table so
// that a move looks up only the table it touches - and is updated from the parent's state:
//
//   using State = ...;
//   int estimate(const std::uint8_t* tiles, State& out) const;  // from scratch
//   int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const;
//
// `tiles` already shows the slide in update(). A search keeps one State per node it may come
// back to (IDA*: one per child of each node on its path). Both functions return the estimate,
// a lower bound on the moves left.

#include <concepts>
#include <cstdint>

#include "solve/board/domain.hpp"

namespace slidegif::detail {

template <class H>
concept Heuristic = requires(const H& h, const std::uint8_t* tiles, Slide slide,
                             typename H::State& out, const typename H::State& parent) {
  { h.estimate(tiles, out) } -> std::same_as<int>;
  { h.update(tiles, slide, parent, out) } -> std::same_as<int>;
};

// A heuristic whose update() waits on memory (a pattern database far larger than the caches)
// may offer it in two halves: prepare(tiles, slide, parent, child) does the work and asks for
// the memory, finish(child) reads it and returns the estimate. IDA* prepares all of a node's
// children before it finishes the first, so their misses overlap.
template <class H>
concept SplitHeuristic = Heuristic<H> &&
    requires(const H& h, const std::uint8_t* tiles, Slide slide, typename H::State& out,
             const typename H::State& parent) {
  h.prepare(tiles, slide, parent, out);
  { h.finish(out) } -> std::same_as<int>;
};

// The estimate of one board, state thrown away: for tests and a search's first node.
template <Heuristic H>
int estimate_once(const H& h, const std::uint8_t* tiles) {
  typename H::State state{};
  return h.estimate(tiles, state);
}

}  // namespace slidegif::detail
