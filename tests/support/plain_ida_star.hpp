#pragma once
// An independent optimal solver for tests: IDA* on Manhattan distance alone, over boards as
// plain vectors, written from scratch (no Domain, no heuristic interface); and random walks.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/board/random.hpp"

namespace slidegif::testing {

// The reference: IDA* on Manhattan distance alone, over boards as plain vectors.
class PlainIdaStar {
 public:
  explicit PlainIdaStar(const Board& goal) : rows_(goal.rows()), cols_(goal.cols()) {
    home_.resize(static_cast<std::size_t>(goal.cells()));
    for (int c = 0; c < goal.cells(); ++c) home_[goal.at(c)] = c;
  }

  int length(const Board& start) {
    tiles_.assign(start.tiles().begin(), start.tiles().end());
    int bound = manhattan();
    while (true) {
      const int next = search(start.blank(), -1, 0, bound);
      if (next < 0) return bound;
      bound = next;
    }
  }

 private:
  int distance(int tile, int cell) const {
    const int h = home_[static_cast<std::size_t>(tile)];
    return std::abs(h / cols_ - cell / cols_) + std::abs(h % cols_ - cell % cols_);
  }
  int manhattan() const {
    int sum = 0;
    for (int c = 0; c < rows_ * cols_; ++c)
      if (tiles_[static_cast<std::size_t>(c)] != 0)
        sum += distance(tiles_[static_cast<std::size_t>(c)], c);
    return sum;
  }
  // -1: found within bound; else the smallest f over bound.
  int search(int blank, int came_from, int g, int bound) {
    const int f = g + manhattan();
    if (f > bound) return f;
    if (f == g) return -1;  // Manhattan 0: the goal
    int best = 1 << 30;
    const int r = blank / cols_, c = blank % cols_;
    const int to[] = {r > 0 ? blank - cols_ : -1, r + 1 < rows_ ? blank + cols_ : -1,
                      c > 0 ? blank - 1 : -1, c + 1 < cols_ ? blank + 1 : -1};
    for (int next : to) {
      if (next < 0 || next == came_from) continue;
      std::swap(tiles_[static_cast<std::size_t>(blank)], tiles_[static_cast<std::size_t>(next)]);
      const int t = search(next, blank, g + 1, bound);
      std::swap(tiles_[static_cast<std::size_t>(blank)], tiles_[static_cast<std::size_t>(next)]);
      if (t < 0) return -1;
      best = std::min(best, t);
    }
    return best;
  }

  int rows_, cols_;
  std::vector<int> home_;
  std::vector<std::uint8_t> tiles_;
};

// `steps` random moves from `goal` (a move may undo the one before).
Board random_walk(const Board& goal, int steps, detail::Random& rng);

}  // namespace slidegif::testing
