#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/board/random.hpp"
#include "solve/board/resolve_puzzle.hpp"

namespace slidegif {

Shape puzzle_shape(const PuzzleSpec& spec) {
  if (spec.start) return spec.start->shape();
  if (spec.goal) return spec.goal->shape();
  return spec.shape.value_or(Shape{3, 3});
}

}  // namespace slidegif

namespace slidegif::detail {

bool samples_boards(const PuzzleSpec& spec) {
  return !spec.start || spec.random_goal || spec.moves.has_value();
}

Puzzle resolve_puzzle(const PuzzleSpec& spec, const std::function<std::uint64_t()>& entropy,
                      const StartSampler& sample_start) {
  if (spec.goal && spec.random_goal) {
    throw Error(Error::Kind::BadInput, "a puzzle takes a goal or a random goal, not both");
  }
  if (spec.moves && spec.start) {
    throw Error(Error::Kind::BadInput,
                "a puzzle of a given number of moves has its start drawn; give no start");
  }
  if (spec.moves && !sample_start) {
    throw Error(Error::Kind::Unsupported, "no way to draw a puzzle of a given number of moves");
  }
  const Shape shape = puzzle_shape(spec);
  validate_shape(shape);
  if (!samples_boards(spec)) {
    const Board goal = spec.goal ? *spec.goal : Board::standard_goal(shape);
    require_solvable(*spec.start, goal);
    return Puzzle{*spec.start, goal, std::nullopt, true};
  }
  const std::uint64_t seed = spec.seed ? *spec.seed : entropy();
  Random rng(seed);
  // This order is part of what a seed means (same seed, same puzzle): never change it.
  Board goal = spec.random_goal ? (spec.start ? random_solvable_board(*spec.start, rng)
                                              : random_board(shape, rng))
               : spec.goal      ? *spec.goal
                                : Board::standard_goal(shape);
  Board start = spec.start   ? *spec.start
                : spec.moves ? sample_start(goal, *spec.moves, rng)
                             : random_solvable_board(goal, rng);
  return Puzzle{std::move(start), std::move(goal), seed, spec.seed.has_value()};
}

}  // namespace slidegif::detail
