#include "solve/search/constructive.hpp"

#include <algorithm>
#include <utility>

#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/search/cut_loops.hpp"
#include "solve/search/domain.hpp"

namespace slidegif {
namespace {

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

}  // namespace

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

}  // namespace slidegif
