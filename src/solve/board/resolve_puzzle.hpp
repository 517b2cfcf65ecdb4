#pragma once
// The one place where puzzles are picked at random: what a PuzzleSpec leaves open, picked in the
// one order that gives a seed its meaning. Every front end resolves its requests here, so "same
// seed, same puzzle" holds for all of them.
//
//   slidegif::Puzzle p = slidegif::detail::resolve_puzzle(spec, slidegif::detail::fresh_seed);

#include <cstdint>
#include <functional>

#include "slidegif/puzzle.hpp"

namespace slidegif::detail {

class Random;
// Picks a start exactly `moves` from `goal` (distance tables, or a search: the app knows which).
using StartSampler = std::function<Board(const Board& goal, int moves, Random& rng)>;

// True when resolving the spec picks a board.
bool samples_boards(const PuzzleSpec& spec);

// Picks what the spec leaves open, in the one order that gives a seed its meaning: the goal
// first, then the start. `entropy` is called once, only for a pick without a seed. Throws
// Error(BadInput) for a goal together with random_goal, boards of different shapes, or a shape
// out of range, a start together with moves, and Error(Unsolvable) with the parity facts when
// the goal is out of reach. `sample_start` is needed (and called once) when spec.moves is set.
Puzzle resolve_puzzle(const PuzzleSpec& spec, const std::function<std::uint64_t()>& entropy,
                      const StartSampler& sample_start = {});

}  // namespace slidegif::detail
