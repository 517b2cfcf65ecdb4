#include "solve/search/weighted_astar.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <queue>
#include <type_traits>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"
#include "solve/heuristic/heuristic.hpp"

namespace slidegif::detail {
namespace {

using Clock = std::chrono::steady_clock;

// A board packed into W words of bit_width(cells - 1) bits a cell: 2 words for 5x5. Keys
// live in the node array and an open-addressing table of node ids finds them, so a node costs
// no allocation (a std::string key per node used to be most of the search's time).
template <int W>
struct PackedBoards {
  using Key = std::array<std::uint64_t, W>;

  explicit PackedBoards(int cells) : cells_(cells), bits_(std::bit_width(unsigned(cells - 1))) {}

  Key pack(const std::uint8_t* tiles) const {
    Key k{};
    for (int c = 0; c < cells_; ++c) {
      const int at = c * bits_;
      k[static_cast<std::size_t>(at / 64)] |= std::uint64_t{tiles[c]} << (at % 64);
      if (at % 64 + bits_ > 64)  // straddles two words
        k[static_cast<std::size_t>(at / 64 + 1)] |= std::uint64_t{tiles[c]} >> (64 - at % 64);
    }
    return k;
  }
  void unpack(const Key& k, std::uint8_t* tiles) const {
    const std::uint64_t mask = (1ULL << bits_) - 1;
    for (int c = 0; c < cells_; ++c) {
      const int at = c * bits_;
      std::uint64_t v = k[static_cast<std::size_t>(at / 64)] >> (at % 64);
      if (at % 64 + bits_ > 64) v |= k[static_cast<std::size_t>(at / 64 + 1)] << (64 - at % 64);
      tiles[c] = static_cast<std::uint8_t>(v & mask);
    }
  }
  static std::uint64_t hash(const Key& k) {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (auto w : k) h = (h ^ w) * 0xBF58476D1CE4E5B9ULL, h ^= h >> 31;
    return h;
  }

  int cells_;
  int bits_;
};

template <int W, class H>
class WeightedAStar {
 public:
  WeightedAStar(const Board& goal, const H& h)
      : goal_(goal), domain_(goal.shape()), h_(h), boards_(goal.cells()) {}

  // A path shorter than `shorter_than` (pruned with the admissible h), or empty.
  std::vector<Move> run(const Board& start, double weight, std::size_t shorter_than,
                        std::uint64_t max_nodes, Clock::time_point deadline,
                        const std::function<bool()>& tick) {
    const std::size_t n = static_cast<std::size_t>(start.cells());
    const int w4 = static_cast<int>(weight * 4 + 0.5);
    std::vector<Node> nodes;
    std::vector<std::uint32_t> slots(1 << 16, kEmpty);     // open addressing over node ids
    using Item = std::pair<std::uint64_t, std::uint32_t>;  // (f key, node)
    std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
    nodes.reserve(std::min<std::uint64_t>(max_nodes, 1 << 20));
    auto key = [&](std::uint64_t g, int h) {
      // f = 4g + w4*h, ties to the deeper node.
      return (static_cast<std::uint64_t>(4 * g + static_cast<std::uint64_t>(w4) * h) << 20) |
             (0xFFFFF - std::min<std::uint64_t>(g, 0xFFFFF));
    };
    auto add = [&](const std::uint8_t* tiles, std::uint32_t parent, Move move, int g, int h,
                   int blank, std::uint32_t memo) {
      if (nodes.size() * 2 >= slots.size()) rehash(nodes, slots);
      const Key k = boards_.pack(tiles);
      const std::size_t mask = slots.size() - 1;
      std::size_t i = boards_.hash(k) & mask;
      for (; slots[i] != kEmpty; i = (i + 1) & mask)
        if (nodes[slots[i]].key == k) return;
      slots[i] = static_cast<std::uint32_t>(nodes.size());
      nodes.push_back({k, parent, static_cast<std::uint16_t>(g), static_cast<std::uint16_t>(h),
                       static_cast<std::uint8_t>(move), static_cast<std::uint8_t>(blank), memo});
      open.emplace(key(static_cast<std::uint64_t>(g), h),
                   static_cast<std::uint32_t>(nodes.size() - 1));
    };
    Position here(start);
    typename H::State root{};
    const int root_h = h_.estimate(here.tiles.data(), root);  // before memo(root) reads it
    add(here.tiles.data(), UINT32_MAX, Move::Up, 0, root_h, here.blank, memo(root));
    std::uint64_t expanded = 0;
    while (!open.empty()) {
      const std::uint32_t id = open.top().second;
      open.pop();
      const Node node = nodes[id];
      boards_.unpack(node.key, here.tiles.data());
      here.blank = node.blank;
      if (node.h == 0 && std::memcmp(here.tiles.data(), goal_.tiles().data(), n) == 0)
        return path_to(nodes, id);
      if (++expanded > max_nodes || nodes.size() > max_nodes) break;
      if ((expanded & 1023) == 0) {
        if (Clock::now() > deadline) break;
        if (tick && !tick()) break;
      }
      typename H::State parent{};
      parent_state(here.tiles.data(), node.h, node.memo, parent);
      for (const Operator op : domain_.operators(node.blank)) {
        if (node.parent != UINT32_MAX && op.move == opposite(static_cast<Move>(node.move)))
          continue;
        const Slide slide = here.apply(op);
        typename H::State child;
        const int h = h_.update(here.tiles.data(), slide, parent, child);
        if (static_cast<std::size_t>(node.g + 1 + h) < shorter_than)
          add(here.tiles.data(), id, op.move, node.g + 1, h, op.target, memo(child));
        here.undo(slide);
      }
    }
    return {};
  }

 private:
  using Key = typename PackedBoards<W>::Key;
  static constexpr std::uint32_t kEmpty = UINT32_MAX;
  struct Node {
    Key key;
    std::uint32_t parent;
    std::uint16_t g, h;
    std::uint8_t move, blank;
    std::uint32_t memo;  // see parent_state (in the padding the other fields leave)
  };

  // A node keeps its estimate: Manhattan + linear conflict's state is that number; pattern
  // databases of up to 4 tables keep their table values too (pdb_heuristic.hpp), more (or a
  // value past 4 bits) are looked up again once per expansion.
  void parent_state(const std::uint8_t* tiles, int h, std::uint32_t memo,
                    typename H::State& out) const {
    if constexpr (std::is_same_v<H, ManhattanLinearConflict>)
      out = {h};
    else if (h_.packs() && memo != H::kNotPacked)
      h_.unpack(tiles, h, memo, out);
    else
      h_.estimate(tiles, out);
  }
  std::uint32_t memo(const typename H::State& state) const {
    if constexpr (std::is_same_v<H, ManhattanLinearConflict>)
      return 0;
    else
      return h_.packs() ? h_.pack(state) : 0;
  }

  void rehash(const std::vector<Node>& nodes, std::vector<std::uint32_t>& slots) const {
    slots.assign(slots.size() * 2, kEmpty);
    const std::size_t mask = slots.size() - 1;
    for (std::uint32_t id = 0; id < nodes.size(); ++id) {
      std::size_t i = boards_.hash(nodes[id].key) & mask;
      while (slots[i] != kEmpty) i = (i + 1) & mask;
      slots[i] = id;
    }
  }

  static std::vector<Move> path_to(const std::vector<Node>& nodes, std::uint32_t id) {
    std::vector<Move> path;
    for (; nodes[id].parent != UINT32_MAX; id = nodes[id].parent)
      path.push_back(static_cast<Move>(nodes[id].move));
    std::reverse(path.begin(), path.end());
    return path;
  }

  const Board& goal_;
  Domain domain_;
  const H& h_;
  PackedBoards<W> boards_;
};

// Words a packed board of `cells` cells needs: 1, 2, 4 or 6 (8x8). Larger boards are not
// searched this way (near_optimal.cpp: kMaxWeightedCells).
int packed_words(int cells) {
  const int bits = cells * static_cast<int>(std::bit_width(unsigned(cells - 1)));
  if (bits > 6 * 64) {
    throw Error(Error::Kind::Unsupported, "weighted A* packs boards of up to 8x8");
  }
  return bits <= 64 ? 1 : bits <= 128 ? 2 : bits <= 256 ? 4 : 6;
}

}  // namespace

template <class H>
std::vector<Move> weighted_astar(const Board& start, const Board& goal, const H& h, double weight,
                                 std::size_t shorter_than, std::uint64_t max_nodes,
                                 std::chrono::steady_clock::time_point deadline,
                                 const std::function<bool()>& tick) {
  auto go = [&](auto search) {
    return search.run(start, weight, shorter_than, max_nodes, deadline, tick);
  };
  switch (packed_words(goal.cells())) {
    case 1:
      return go(WeightedAStar<1, H>(goal, h));
    case 2:
      return go(WeightedAStar<2, H>(goal, h));
    case 4:
      return go(WeightedAStar<4, H>(goal, h));
    default:
      return go(WeightedAStar<6, H>(goal, h));
  }
}

template std::vector<Move> weighted_astar(const Board&, const Board&,
                                          const ManhattanLinearConflict&, double, std::size_t,
                                          std::uint64_t, std::chrono::steady_clock::time_point,
                                          const std::function<bool()>&);
template std::vector<Move> weighted_astar(const Board&, const Board&, const PdbHeuristic&, double,
                                          std::size_t, std::uint64_t,
                                          std::chrono::steady_clock::time_point,
                                          const std::function<bool()>&);

}  // namespace slidegif::detail
