#include "bfs_reference.hpp"

#include <deque>
#include <utility>

#include "solve/board/domain.hpp"

namespace slidegif::testing {
namespace {

std::uint64_t pack(const std::uint8_t* tiles, int cells) {
  std::uint64_t key = 0;
  for (int c = 0; c < cells; ++c) key = key << 4 | tiles[c];
  return key;
}

}  // namespace

std::uint64_t pack(const Board& board) {
  return pack(board.tiles().data(), board.cells());
}

std::unordered_map<std::uint64_t, int> bfs_distances(const Board& goal) {
  const detail::Domain domain(goal.shape());
  const int cells = goal.cells();
  std::unordered_map<std::uint64_t, int> dist;
  std::deque<std::pair<detail::Position, int>> queue;
  dist.emplace(pack(goal), 0);
  queue.emplace_back(detail::Position(goal), 0);
  while (!queue.empty()) {
    auto [here, d] = queue.front();
    queue.pop_front();
    for (const detail::Operator op : domain.operators(here.blank)) {
      const detail::Slide slide = here.apply(op);
      if (dist.emplace(pack(here.tiles.data(), cells), d + 1).second)
        queue.emplace_back(here, d + 1);
      here.undo(slide);
    }
  }
  return dist;
}

}  // namespace slidegif::testing
