#pragma once
// What to solve: a start and a goal, each given or picked at random. A random pick is the same
// for the same seed on every platform and in every front end (Solver::random_puzzle, solve.hpp).
//
//   slidegif::PuzzleSpec spec{.shape = slidegif::Shape{4, 4}, .seed = 7};
//   slidegif::Puzzle p = slidegif::random_puzzle(spec);
//   // p.start is a random 15-puzzle, p.goal the standard goal, p.seed == 7

#include <cstdint>
#include <optional>

#include "slidegif/board.hpp"
#include "slidegif/export.hpp"

namespace slidegif {

// PuzzleSpec::moves for the largest distance there is (a start at God's number from the goal).
inline constexpr int kHardestMoves = -1;

struct PuzzleSpec {
  std::optional<Board> start{};  // none: picked, uniform over the boards that reach the goal
  std::optional<Board> goal{};   // none: the standard goal, or picked with random_goal
  // Pick the goal: uniform over the boards reachable from `start` if given, else over all
  // boards of the shape. Excludes `goal`.
  bool random_goal = false;
  // The shape of picked boards when neither board is given; default 3x3.
  std::optional<Shape> shape{};
  // Seeds the pick; none: the caller's entropy does.
  std::optional<std::uint64_t> seed{};
  // Pick the start exactly this many moves from the goal (kHardestMoves: as far as there is).
  std::optional<int> moves{};
};

struct Puzzle {
  Board start;
  Board goal;
  // The seed the boards were picked from; none when nothing was picked.
  std::optional<std::uint64_t> seed{};
  // False when an unseeded pick went into it: the same spec may give another puzzle.
  bool deterministic = true;
};

// The shape the puzzle will have, known before anything is picked.
SLIDEGIF_API Shape puzzle_shape(const PuzzleSpec& spec);

}  // namespace slidegif
