#include "line_move_reference.hpp"

#include <queue>

namespace slidegif::testing {

std::string board_key(const Board& board) {
  return {board.tiles().begin(), board.tiles().end()};
}

std::map<std::string, int> line_move_distances(const Board& goal) {
  std::map<std::string, int> dist{{board_key(goal), 0}};
  std::queue<Board> queue;
  queue.push(goal);
  while (!queue.empty()) {
    const Board b = queue.front();
    queue.pop();
    const int d = dist.at(board_key(b));
    for (const Move m : kAllMoves) {
      Board next = b;
      while (next.can_apply(m)) {
        next.apply(m);
        if (dist.emplace(board_key(next), d + 1).second) queue.push(next);
      }
    }
  }
  return dist;
}

}  // namespace slidegif::testing
