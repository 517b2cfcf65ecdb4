#include "solve/board/random.hpp"

#include <utility>

#include "slidegif/solvability.hpp"

namespace slidegif::detail {

std::uint64_t Random::below(std::uint64_t bound) {
  // Rejection sampling: drop the top sliver of the 64-bit range that would bias the modulo.
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  std::uint64_t x;
  do {
    x = engine_();
  } while (x >= limit);
  return x % bound;
}

std::uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

Board random_board(Shape shape, Random& rng) {
  validate_shape(shape);
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(shape.cells()));
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint8_t>(i);
  // Fisher-Yates: every arrangement equally likely.
  for (std::size_t i = tiles.size() - 1; i > 0; --i) {
    std::swap(tiles[i], tiles[rng.below(i + 1)]);
  }
  return Board(shape, std::move(tiles));
}

Board random_solvable_board(const Board& goal, Random& rng) {
  Board board = random_board(goal.shape(), rng);
  if (check_solvable(board, goal).solvable) return board;
  // Swapping the tiles in the first two non-blank cells flips the inversion parity and keeps
  // the blank where it is. Those two cells depend only on the blank's cell, so the swap is a
  // bijection between the unsolvable and the solvable boards with the blank in that cell: the
  // result is as uniform as the shuffle. (The original tool swapped the first and last cell,
  // which moves the blank and changes its row on even widths.)
  std::vector<std::uint8_t> tiles = board.tiles();
  const std::size_t a = tiles[0] != 0 ? 0 : 1;
  const std::size_t b = tiles[a + 1] != 0 ? a + 1 : a + 2;
  std::swap(tiles[a], tiles[b]);
  return Board(goal.shape(), std::move(tiles));
}

}  // namespace slidegif::detail
