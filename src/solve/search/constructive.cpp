#include "solve/search/constructive.hpp"

#include <algorithm>
#include <functional>
#include <utility>

#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/board/domain.hpp"
#include "solve/search/cut_loops.hpp"

namespace slidegif::detail {
namespace {

// Whether the blank and the tracked tiles stand where a search wants them (global cells: the
// blank's, then each tile's).
using Wanted = std::function<bool(int blank, const int* tiles)>;

// Exact breadth-first search over the cells of up to 3 tracked tiles and the blank, inside the
// cells not frozen; every other tile is interchangeable. Moves `board` to the nearest state
// `wanted`.
void search(const Domain& domain, Board& board, const std::vector<bool>& frozen,
            const std::vector<int>& tracked, const Wanted& wanted, std::vector<Move>& out) {
  const Shape s = board.shape();
  std::vector<int> local(static_cast<std::size_t>(s.cells()), -1), global;
  for (int c = 0; c < s.cells(); ++c) {
    if (frozen[static_cast<std::size_t>(c)]) continue;
    local[c] = static_cast<int>(global.size());
    global.push_back(c);
  }
  const int m = static_cast<int>(global.size());
  const int k = static_cast<int>(tracked.size());
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
    pos[i + 1] = local[static_cast<int>(std::find(t.begin(), t.end(), tracked[i]) - t.begin())];
  }
  auto done = [&](const int* p) {
    int cells[4];
    for (int i = 0; i <= k; ++i) cells[i] = global[p[i]];
    return wanted(cells[0], cells + 1);
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

// Puts each tile of `want` (tile, cell) on its cell, and the blank on blank_target unless it is
// -1.
void place(const Domain& domain, Board& board, const std::vector<bool>& frozen,
           const std::vector<std::pair<int, int>>& want, int blank_target, std::vector<Move>& out) {
  std::vector<int> tracked;
  for (const auto& [tile, cell] : want) tracked.push_back(tile);
  search(
      domain, board, frozen, tracked,
      [&](int blank, const int* tiles) {
        for (std::size_t i = 0; i < want.size(); ++i) {
          if (tiles[i] != want[i].second) return false;
        }
        return blank_target < 0 || blank == blank_target;
      },
      out);
}

// Brings `tile` (or the blank, for 0) into the cells of `band`.
void bring(const Domain& domain, Board& board, const std::vector<bool>& frozen, int tile,
           const std::vector<bool>& band, std::vector<Move>& out) {
  const auto in = [&band](int cell) { return band[static_cast<std::size_t>(cell)]; };
  if (tile == 0) {
    search(
        domain, board, frozen, {}, [&](int blank, const int*) { return in(blank); }, out);
  } else {
    search(
        domain, board, frozen, {tile}, [&](int, const int* t) { return in(t[0]); }, out);
  }
}

int cell_of(const Board& board, int tile) {
  const auto& t = board.tiles();
  return static_cast<int>(std::find(t.begin(), t.end(), tile) - t.begin());
}

// A region of more than kMaxPairwiseCells free cells places a line's tiles one at a time (a
// search over the blank and one tile: m^2 states), and its last two, which need each other's
// room, inside a band of four rows (or columns) along the line: a search over the blank and two
// tiles of the whole region (m^3 states) would be 16.8 million on a 16x16. Smaller regions
// place two at a time over the whole region.

// The free cells within four rows (or columns) of the line `cells`.
std::vector<bool> band_along(const Shape s, const std::vector<bool>& frozen,
                             const std::vector<int>& cells) {
  const bool row = cells.size() < 2 || cells[0] / s.cols == cells[1] / s.cols;
  std::vector<bool> band(frozen.size(), false);
  for (int c = 0; c < s.cells(); ++c) {
    const int from = row ? c / s.cols - cells[0] / s.cols : c % s.cols - cells[0] % s.cols;
    band[static_cast<std::size_t>(c)] = !frozen[static_cast<std::size_t>(c)] && from < 4;
  }
  return band;
}

// Places the last two goal tiles of a line, `a` then `b` in line order, in a large region.
void place_pair_in_band(const Domain& domain, Board& board, const Board& goal,
                        std::vector<bool>& frozen, const std::vector<int>& cells,
                        std::vector<Move>& out) {
  const int a = cells[cells.size() - 2], b = cells.back();
  const std::vector<bool> band = band_along(board.shape(), frozen, cells);
  // Into the band one by one, each held there while the next comes, then the blank.
  std::vector<bool> held = frozen;
  bring(domain, board, held, goal.at(b), band, out);
  held[static_cast<std::size_t>(cell_of(board, goal.at(b)))] = true;
  bring(domain, board, held, goal.at(a), band, out);
  held[static_cast<std::size_t>(cell_of(board, goal.at(a)))] = true;
  bring(domain, board, held, 0, band, out);
  std::vector<bool> outside(band.size());
  for (std::size_t c = 0; c < band.size(); ++c) outside[c] = !band[c];
  place(domain, board, outside, {{goal.at(a), a}, {goal.at(b), b}}, -1, out);
  frozen[static_cast<std::size_t>(a)] = frozen[static_cast<std::size_t>(b)] = true;
}

// Places the goal tiles of `cells` (a row or column of the region).
void place_line(const Domain& domain, Board& board, const Board& goal, std::vector<bool>& frozen,
                const std::vector<int>& cells, std::vector<Move>& out) {
  const auto freeze = [&frozen](int cell) { frozen[static_cast<std::size_t>(cell)] = true; };
  if (std::count(frozen.begin(), frozen.end(), false) > kMaxPairwiseCells) {
    for (std::size_t i = 0; i + 2 < cells.size(); ++i) {
      place(domain, board, frozen, {{goal.at(cells[i]), cells[i]}}, -1, out);
      freeze(cells[i]);
    }
    place_pair_in_band(domain, board, goal, frozen, cells, out);
    return;
  }
  std::size_t i = 0;
  if (cells.size() % 2 == 1) {
    place(domain, board, frozen, {{goal.at(cells[0]), cells[0]}}, -1, out);
    freeze(cells[0]);
    i = 1;
  }
  for (; i < cells.size(); i += 2) {
    place(domain, board, frozen,
          {{goal.at(cells[i]), cells[i]}, {goal.at(cells[i + 1]), cells[i + 1]}}, -1, out);
    freeze(cells[i]);
    freeze(cells[i + 1]);
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
  std::vector<bool> frozen(static_cast<std::size_t>(s.cells()), false);
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

}  // namespace slidegif::detail
