#pragma once
// Random puzzles, reproducible from a seed on every platform: the generator is std::mt19937_64
// (fully specified by the standard) and bounded integers come from our own unbiased rejection
// sampler, not from std::uniform_int_distribution (whose output differs between libraries).

#include <cstdint>
#include <random>

#include "slidegif/board.hpp"

namespace slidegif::detail {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, bound); bound > 0.
  std::uint64_t below(std::uint64_t bound);

 private:
  std::mt19937_64 engine_;
};

// A seed from the operating system's entropy source, for "new puzzle every time".
std::uint64_t fresh_seed();

// Uniform over all (rows*cols)! arrangements, solvable or not.
Board random_board(Shape shape, Random& rng);
// Uniform over the boards from which `goal` is reachable.
Board random_solvable_board(const Board& goal, Random& rng);

}  // namespace slidegif::detail
