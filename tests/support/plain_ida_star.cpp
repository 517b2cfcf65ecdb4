#include "plain_ida_star.hpp"

namespace slidegif::testing {

Board random_walk(const Board& goal, int steps, detail::Random& rng) {
  Board b = goal;
  const Move moves[] = {Move::Up, Move::Down, Move::Left, Move::Right};
  for (int i = 0; i < steps;) {
    const Move m = moves[rng.below(4)];
    if (b.can_apply(m)) b.apply(m), ++i;
  }
  return b;
}

}  // namespace slidegif::testing
