#include "bfs_reference.hpp"

#include <deque>
#include <utility>

namespace slidegif::testing {

std::uint64_t pack(const Board& board) {
  std::uint64_t key = 0;
  for (auto t : board.tiles()) key = key << 4 | t;
  return key;
}

std::unordered_map<std::uint64_t, int> bfs_distances(const Board& goal) {
  std::unordered_map<std::uint64_t, int> dist;
  std::deque<std::pair<Board, int>> queue;
  dist.emplace(pack(goal), 0);
  queue.emplace_back(goal, 0);
  while (!queue.empty()) {
    auto [board, d] = std::move(queue.front());
    queue.pop_front();
    for (Move m : kAllMoves) {
      if (!board.can_apply(m)) continue;
      Board next = board.after(m);
      if (dist.emplace(pack(next), d + 1).second) queue.emplace_back(std::move(next), d + 1);
    }
  }
  return dist;
}

}  // namespace slidegif::testing
