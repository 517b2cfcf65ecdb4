#pragma once
// Random boards and move lists for rendering tests (with std::mt19937, as those tests seed it):
// any permutation (solvable or not: an animation only replays moves), and a legal walk.

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::testing {

// A legal walk of n moves from `start` that never undoes the move before.
inline std::vector<Move> random_moves(const Board& start, int n, std::mt19937& rng) {
  std::vector<Move> moves;
  Board b = start;
  while (static_cast<int>(moves.size()) < n) {
    const Move m = static_cast<Move>(rng() % 4);
    if (b.target(m) < 0 || (!moves.empty() && m == opposite(moves.back()))) continue;
    b.apply(m);
    moves.push_back(m);
  }
  return moves;
}

inline Board shuffled(Shape shape, std::mt19937& rng) {
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(shape.cells()));
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint8_t>(i);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  return Board(shape, tiles);
}

}  // namespace slidegif::testing
