#include "solve/table/line_move_search.hpp"

#include <array>

#include "solve/board/domain.hpp"

namespace slidegif::detail {

namespace {

constexpr std::uint8_t kUnreached = 0xFF;

}  // namespace

LayerSink line_move_search(const StateIndex& index, std::vector<std::uint8_t>& distance,
                           std::uint64_t list_limit, const std::function<void(double)>& progress) {
  const Shape shape = index.shape();
  const std::uint64_t states = index.size();
  distance.assign(states, kUnreached);
  distance[index.goal_index()] = 0;
  LayerSink sink{{1}, {{index.goal_index()}}, {true}};
  std::uint64_t reached = 1;
  std::array<std::uint8_t, kMaxCells> tiles{};
  // Distances fit a byte: God's numbers in this metric are far below 255 (3x4 and under).
  for (std::uint8_t d = 0; reached < states && d + 1 < kUnreached; ++d) {
    const auto next = static_cast<std::uint8_t>(d + 1);
    std::uint64_t count = 0;
    std::vector<std::uint64_t> list;
    for (std::uint64_t i = 0; i < states; ++i) {
      if (distance[i] != d) continue;
      const int blank = index.decode(i, tiles.data());
      for (const Move m : kAllMoves) {
        // The blank goes 1, 2, ... cells one way: each is one move from state i.
        int at = blank;
        for (int to = neighbour(shape, at, m); to >= 0; at = to, to = neighbour(shape, at, m)) {
          tiles[static_cast<std::size_t>(at)] = tiles[static_cast<std::size_t>(to)];
          tiles[static_cast<std::size_t>(to)] = 0;
          const std::uint64_t j = index.of(tiles.data(), to);
          if (distance[j] != kUnreached) continue;
          distance[j] = next;
          ++count;
          if (list.size() < list_limit) list.push_back(j);
        }
        index.decode(i, tiles.data());  // back to state i for the next direction
      }
    }
    if (count == 0) break;
    reached += count;
    sink.histogram.push_back(count);
    sink.listed.push_back(count <= list_limit);
    sink.lists.push_back(count <= list_limit ? std::move(list) : std::vector<std::uint64_t>{});
    if (progress) progress(static_cast<double>(reached) / static_cast<double>(states));
  }
  return sink;
}

}  // namespace slidegif::detail
