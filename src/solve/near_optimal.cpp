#include "slidegif/near_optimal.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <queue>
#include <string>
#include <unordered_map>

#include "slidegif/detail/format.hpp"
#include "slidegif/domain.hpp"
#include "slidegif/error.hpp"
#include "slidegif/heuristic.hpp"
#include "slidegif/ida_star.hpp"
#include "slidegif/manhattan_linear_conflict.hpp"
#include "slidegif/solvability.hpp"

namespace slidegif {
namespace {

using Clock = std::chrono::steady_clock;

// Constructive solver -----------------------------------------------------------------------

// Exact breadth-first search over the cells of up to 3 tracked tiles and the blank, inside the
// cells not yet frozen; every other tile is interchangeable. Moves `board` to the first state
// with each tracked tile on its target (and the blank on blank_target unless it is -1).
void place(const Domain& domain, Board& board, std::uint64_t frozen,
           const std::vector<std::pair<int, int>>& want, int blank_target, std::vector<Move>& out) {
  const Shape s = board.shape();
  std::vector<int> local(static_cast<std::size_t>(s.cells()), -1), global;
  for (int c = 0; c < s.cells(); ++c) {
    if ((frozen >> c) & 1) continue;
    local[c] = static_cast<int>(global.size());
    global.push_back(c);
  }
  const int m = static_cast<int>(global.size());
  const int k = static_cast<int>(want.size());
  std::size_t states = 1;
  for (int i = 0; i <= k; ++i) states *= static_cast<std::size_t>(m);
  // pos[0] = blank, pos[1..k] = tracked tiles, all local; index = sum pos[i] * m^i.
  auto encode = [&](const int* pos) {
    std::size_t x = 0;
    for (int i = k; i >= 0; --i)
      x = x * static_cast<std::size_t>(m) + static_cast<std::size_t>(pos[i]);
    return x;
  };
  auto decode = [&](std::size_t x, int* pos) {
    for (int i = 0; i <= k; ++i) {
      pos[i] = static_cast<int>(x % static_cast<std::size_t>(m));
      x /= static_cast<std::size_t>(m);
    }
  };
  int pos[4];
  pos[0] = local[board.blank()];
  for (int i = 0; i < k; ++i) {
    const auto& t = board.tiles();
    pos[i + 1] = local[static_cast<int>(std::find(t.begin(), t.end(), want[i].first) - t.begin())];
  }
  auto done = [&](const int* p) {
    for (int i = 0; i < k; ++i)
      if (global[p[i + 1]] != want[i].second) return false;
    return blank_target < 0 || global[p[0]] == blank_target;
  };
  std::vector<std::int32_t> parent(states, -1);
  std::vector<std::uint8_t> how(states, 0);
  std::vector<std::size_t> queue{encode(pos)};
  parent[queue[0]] = static_cast<std::int32_t>(queue[0]);
  std::size_t found = states;
  for (std::size_t head = 0; head < queue.size() && found == states; ++head) {
    const std::size_t x = queue[head];
    decode(x, pos);
    if (done(pos)) {
      found = x;
      break;
    }
    for (const Operator op : domain.operators(global[pos[0]])) {
      const int to = op.target;
      if (local[to] < 0) continue;
      int next[4];
      std::copy(pos, pos + k + 1, next);
      for (int i = 1; i <= k; ++i)
        if (next[i] == local[to]) next[i] = pos[0];
      next[0] = local[to];
      const std::size_t y = encode(next);
      if (parent[y] >= 0) continue;
      parent[y] = static_cast<std::int32_t>(x);
      how[y] = static_cast<std::uint8_t>(op.move);
      queue.push_back(y);
    }
  }
  if (found == states) throw Error(Error::Kind::Unsolvable, "constructive step found no way");
  std::vector<Move> path;
  for (std::size_t x = found; parent[x] != static_cast<std::int32_t>(x);
       x = static_cast<std::size_t>(parent[x]))
    path.push_back(static_cast<Move>(how[x]));
  std::reverse(path.begin(), path.end());
  board.apply_all(path);
  out.insert(out.end(), path.begin(), path.end());
}

// Places the goal tiles of `cells` (a row or column of the region) two at a time.
void place_line(const Domain& domain, Board& board, const Board& goal, std::uint64_t& frozen,
                const std::vector<int>& cells, std::vector<Move>& out) {
  std::size_t i = 0;
  if (cells.size() % 2 == 1) {
    place(domain, board, frozen, {{goal.at(cells[0]), cells[0]}}, -1, out);
    frozen |= 1ULL << cells[0];
    i = 1;
  }
  for (; i < cells.size(); i += 2) {
    place(domain, board, frozen,
          {{goal.at(cells[i]), cells[i]}, {goal.at(cells[i + 1]), cells[i + 1]}}, -1, out);
    frozen |= (1ULL << cells[i]) | (1ULL << cells[i + 1]);
  }
}

// Weighted A* -------------------------------------------------------------------------------

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

template <int W>
class WeightedAStar {
 public:
  WeightedAStar(const Board& goal, const ManhattanLinearConflict& h)
      : goal_(goal), domain_(goal.shape()), h_(h), boards_(goal.cells()) {}

  // A path shorter than `shorter_than` (pruned with the admissible h), or empty.
  std::vector<Move> run(const Board& start, double weight, std::size_t shorter_than,
                        std::uint64_t max_nodes, Clock::time_point deadline) {
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
                   int blank) {
      if (nodes.size() * 2 >= slots.size()) rehash(nodes, slots);
      const Key k = boards_.pack(tiles);
      const std::size_t mask = slots.size() - 1;
      std::size_t i = boards_.hash(k) & mask;
      for (; slots[i] != kEmpty; i = (i + 1) & mask)
        if (nodes[slots[i]].key == k) return;
      slots[i] = static_cast<std::uint32_t>(nodes.size());
      nodes.push_back({k, parent, static_cast<std::uint16_t>(g), static_cast<std::uint16_t>(h),
                       static_cast<std::uint8_t>(move), static_cast<std::uint8_t>(blank)});
      open.emplace(key(static_cast<std::uint64_t>(g), h),
                   static_cast<std::uint32_t>(nodes.size() - 1));
    };
    Position here(start);
    add(here.tiles.data(), UINT32_MAX, Move::Up, 0, estimate_once(h_, here.tiles.data()),
        here.blank);
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
      if ((expanded & 1023) == 0 && Clock::now() > deadline) break;
      for (const Operator op : domain_.operators(node.blank)) {
        if (node.parent != UINT32_MAX && op.move == opposite(static_cast<Move>(node.move)))
          continue;
        const Slide slide = here.apply(op);
        const ManhattanLinearConflict::State parent{node.h};
        ManhattanLinearConflict::State child;
        const int h = h_.update(here.tiles.data(), slide, parent, child);
        if (static_cast<std::size_t>(node.g + 1 + h) < shorter_than)
          add(here.tiles.data(), id, op.move, node.g + 1, h, op.target);
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
  };

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
  const ManhattanLinearConflict& h_;
  PackedBoards<W> boards_;
};

// Words a packed board of `cells` cells needs: 1, 2, 4 or 6 (8x8).
int packed_words(int cells) {
  const int bits = cells * static_cast<int>(std::bit_width(unsigned(cells - 1)));
  return bits <= 64 ? 1 : bits <= 128 ? 2 : bits <= 256 ? 4 : 6;
}

// Weighted A* with the key width fitting the board.
std::vector<Move> weighted_astar(const Board& start, const Board& goal,
                                 const ManhattanLinearConflict& h, double weight,
                                 std::size_t shorter_than, std::uint64_t max_nodes,
                                 Clock::time_point deadline) {
  auto go = [&](auto search) {
    return search.run(start, weight, shorter_than, max_nodes, deadline);
  };
  switch (packed_words(goal.cells())) {
    case 1:
      return go(WeightedAStar<1>(goal, h));
    case 2:
      return go(WeightedAStar<2>(goal, h));
    case 4:
      return go(WeightedAStar<4>(goal, h));
    default:
      return go(WeightedAStar<6>(goal, h));
  }
}

// Replaces stretches of the path by optimal ones: between the boards `window` moves apart, an
// IDA* towards the later board (short distances, so Manhattan + linear conflict is nearly
// exact and the search small). Windows overlap by half so improvements chain up.
std::vector<Move> shorten_by_windows(const Board& start, std::vector<Move> moves, int window,
                                     std::uint64_t max_nodes, Clock::time_point deadline) {
  std::size_t i = 0;
  Board here = start;
  while (i + 2 < moves.size() && Clock::now() < deadline) {
    const std::size_t j = std::min(moves.size(), i + static_cast<std::size_t>(window));
    Board target = here;
    for (std::size_t k = i; k < j; ++k) target.apply(moves[k]);
    const ManhattanLinearConflict h(target);
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    IdaStar search(
        target, h,
        SearchLimits{.max_seconds = std::max(left, 1e-3), .max_nodes = max_nodes, .progress = {}});
    auto better = search.run(here);
    if (better && better->size() < j - i) {
      moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(i),
                  moves.begin() + static_cast<std::ptrdiff_t>(j));
      moves.insert(moves.begin() + static_cast<std::ptrdiff_t>(i), better->begin(), better->end());
      continue;  // the same start again: the new stretch may join the next one better
    }
    const std::size_t step = std::max<std::size_t>(1, static_cast<std::size_t>(window) / 2);
    for (std::size_t k = i; k < std::min(moves.size(), i + step); ++k) here.apply(moves[k]);
    i += step;
  }
  return moves;
}

}  // namespace

std::vector<Move> cut_loops(const Board& start, const std::vector<Move>& moves) {
  std::vector<Board> boards{start};
  std::vector<Move> out;
  std::unordered_map<std::string, std::size_t> seen;
  auto key = [](const Board& b) { return std::string(b.tiles().begin(), b.tiles().end()); };
  seen.emplace(key(start), 0);
  Board b = start;
  for (Move m : moves) {
    b.apply(m);
    const std::string k = key(b);
    if (auto it = seen.find(k); it != seen.end()) {
      // Back where we were after it->second moves: forget everything since.
      for (std::size_t i = it->second; i < out.size(); ++i) seen.erase(key(boards[i + 1]));
      out.resize(it->second);
      boards.erase(boards.begin() + static_cast<std::ptrdiff_t>(it->second) + 1, boards.end());
      continue;
    }
    out.push_back(m);
    boards.push_back(b);
    seen.emplace(k, out.size());
  }
  return out;
}

std::vector<Move> solve_constructively(const Board& start, const Board& goal) {
  require_solvable(start, goal);
  const Shape s = goal.shape();
  // Solve towards the goal with its blank walked to the bottom-right corner, then walk it back.
  Board corner_goal = goal;
  std::vector<Move> to_corner;
  while (corner_goal.blank() % s.cols != s.cols - 1) {
    corner_goal.apply(Move::Right);
    to_corner.push_back(Move::Right);
  }
  while (corner_goal.blank() / s.cols != s.rows - 1) {
    corner_goal.apply(Move::Down);
    to_corner.push_back(Move::Down);
  }
  const Domain domain(s);
  Board board = start;
  std::vector<Move> out;
  std::uint64_t frozen = 0;
  int r0 = 0;
  int c0 = 0;
  for (;;) {
    const int h = s.rows - r0;
    const int w = s.cols - c0;
    std::vector<int> line;
    if (h <= 2 && w <= 2) {
      std::vector<std::pair<int, int>> want;
      for (int r = r0; r < s.rows; ++r)
        for (int c = c0; c < s.cols; ++c)
          if (corner_goal.at(r, c) != 0) want.emplace_back(corner_goal.at(r, c), r * s.cols + c);
      place(domain, board, frozen, want, corner_goal.blank(), out);
      break;
    }
    if (h > 2 && (h >= w || w <= 2)) {
      for (int c = c0; c < s.cols; ++c) line.push_back(r0 * s.cols + c);
      ++r0;
    } else {
      for (int r = r0; r < s.rows; ++r) line.push_back(r * s.cols + c0);
      ++c0;
    }
    place_line(domain, board, corner_goal, frozen, line, out);
  }
  for (auto it = to_corner.rbegin(); it != to_corner.rend(); ++it) out.push_back(opposite(*it));
  return cut_loops(start, out);
}

Solution solve_near_optimal(const Board& start, const Board& goal,
                            const NearOptimalOptions& options) {
  const auto started = Clock::now();
  const double budget = options.limits.max_seconds > 0 ? options.limits.max_seconds : 1e9;
  const auto deadline =
      started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget));
  Solution best;
  best.moves = solve_constructively(start, goal);
  best.method = "constructive (two tiles at a time)";

  const ManhattanLinearConflict h(goal);
  // Large weights answer fast and bound the later, tighter searches.
  // Small steps below 2: on the 24-puzzle a search at 1.6 rarely ends within its node budget,
  // while 1.8 and 1.7 often do and each success tightens the bound for the next one.
  // 5 first so that even a hard start gets past the constructive answer.
  const double weights[] = {5.0, 3.0, 2.0, 1.8, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2};
  // Half the budget for the weighted searches, the rest to polish their answer.
  const auto search_deadline = started + (deadline - started) / 2;
  for (double w : weights) {
    if (Clock::now() > search_deadline) break;
    auto moves = weighted_astar(start, goal, h, w, best.moves.size(), options.max_nodes_per_search,
                                search_deadline);
    if (moves.empty()) continue;
    moves = cut_loops(start, moves);
    if (moves.size() < best.moves.size()) {
      best.moves = std::move(moves);
      best.method = detail::format("weighted A* (w = {}, Manhattan + linear conflict)", w);
    }
  }
  // Polish the best path with optimal windows, larger ones while time remains.
  for (int window : {16, 24, 32, 40, 48, 56, 64}) {
    if (Clock::now() > deadline) break;
    auto moves = shorten_by_windows(start, best.moves, window, 400'000, deadline);
    if (moves.size() < best.moves.size()) {
      best.moves = std::move(moves);
      if (best.method.find("windows") == std::string::npos)
        best.method += ", shortened by optimal windows";
    }
  }
  best.optimal = false;
  best.stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return best;
}

}  // namespace slidegif
