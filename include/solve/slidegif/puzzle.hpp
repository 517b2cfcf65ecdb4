#pragma once
// What to solve: a start and a goal, each given or drawn at random, and the one place where
// random boards are drawn. "Same seed, same puzzle" holds for every front end because they all
// resolve their requests here.
//
//   slidegif::PuzzleSpec spec{.shape = slidegif::Shape{4, 4}, .seed = 7};
//   slidegif::Puzzle p = slidegif::resolve_puzzle(spec, slidegif::fresh_seed);
//   // p.start is a random 15-puzzle, p.goal the standard goal, p.seed == 7

#include <cstdint>
#include <functional>
#include <optional>

#include "slidegif/board.hpp"

namespace slidegif {

struct PuzzleSpec {
  std::optional<Board> start{};  // none: drawn, uniform over the boards that reach the goal
  std::optional<Board> goal{};   // none: the standard goal, or drawn with random_goal
  // Draw the goal: uniform over the boards reachable from `start` if given, else over all
  // boards of the shape. Excludes `goal`.
  bool random_goal = false;
  // The shape of drawn boards when neither board is given; default 3x3.
  std::optional<Shape> shape{};
  // Seeds the draw; none: the caller's entropy does.
  std::optional<std::uint64_t> seed{};
  // Draw the start exactly this many moves from the goal (table_solve.hpp's kHardestMoves:
  // as far as there is), with the StartDraw given to resolve_puzzle.
  std::optional<int> moves{};
};

class Random;
// Draws a start exactly `moves` from `goal` (distance tables, or a search: the app knows which).
using StartDraw = std::function<Board(const Board& goal, int moves, Random& rng)>;

struct Puzzle {
  Board start;
  Board goal;
  // The seed the boards were drawn from; none when nothing was drawn.
  std::optional<std::uint64_t> seed{};
  // False when an unseeded draw went into it: the same spec may give another puzzle.
  bool deterministic = true;
};

// The shape the puzzle will have, known before anything is drawn.
Shape puzzle_shape(const PuzzleSpec& spec);

// True when resolving the spec draws a board.
bool draws_boards(const PuzzleSpec& spec);

// Draws what the spec leaves open, in the one order that gives a seed its meaning: the goal
// first, then the start. `entropy` is called once, only for a draw without a seed. Throws
// Error(BadInput) for a goal together with random_goal, boards of different shapes, or a shape
// out of range, a start together with moves, and Error(Unsolvable) with the parity facts when
// the goal is out of reach. `draw_start` is needed (and called once) when spec.moves is set.
Puzzle resolve_puzzle(const PuzzleSpec& spec, const std::function<std::uint64_t()>& entropy,
                      const StartDraw& draw_start = {});

}  // namespace slidegif
