#include "solve/heuristic/manhattan_linear_conflict.hpp"

namespace slidegif::detail {
namespace {

// Length of the longest strictly increasing subsequence of at most kMaxSide values.
int longest_increasing(const int* values, int n) {
  int best[kMaxSide];
  int longest = 0;
  for (int i = 0; i < n; ++i) {
    best[i] = 1;
    for (int j = 0; j < i; ++j) {
      if (values[j] < values[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
    }
    if (best[i] > longest) longest = best[i];
  }
  return longest;
}

}  // namespace

ManhattanLinearConflict::ManhattanLinearConflict(const Board& goal, bool linear_conflict)
    : shape_(goal.shape()), linear_conflict_(linear_conflict), manhattan_(goal) {
  for (int tile = 0; tile < goal.cells(); ++tile) {
    goal_row_[static_cast<std::size_t>(tile)] = manhattan_.home(tile) / shape_.cols;
    goal_col_[static_cast<std::size_t>(tile)] = manhattan_.home(tile) % shape_.cols;
  }
}

int ManhattanLinearConflict::estimate(const std::uint8_t* tiles, State& out) const {
  out.value = manhattan_.sum(tiles) + (linear_conflict_ ? conflicts(tiles) : 0);
  return out.value;
}

int ManhattanLinearConflict::conflicts(const std::uint8_t* tiles) const {
  int sum = 0;
  for (int r = 0; r < shape_.rows; ++r) sum += row_conflict(tiles, r);
  for (int c = 0; c < shape_.cols; ++c) sum += col_conflict(tiles, c);
  return sum;
}

// Only the line the tile belongs to (by its goal) can change its conflict count: a horizontal
// move changes which column the tile is in, a vertical move which row.
int ManhattanLinearConflict::conflict_change(const std::uint8_t* tiles, int tile, int from,
                                             int to) const {
  const int cols = shape_.cols;
  const bool horizontal = from / cols == to / cols;
  std::uint8_t before[kMaxSide];
  if (horizontal) {
    const int line = goal_col_[static_cast<std::size_t>(tile)];
    if (line != from % cols && line != to % cols) return 0;
    for (int r = 0; r < shape_.rows; ++r) before[r] = tiles[r * cols + line];
    if (line == from % cols) before[from / cols] = static_cast<std::uint8_t>(tile);
    if (line == to % cols) before[to / cols] = 0;
    return col_conflict(tiles, line) - line_conflict(before, shape_.rows, line, false);
  }
  const int line = goal_row_[static_cast<std::size_t>(tile)];
  if (line != from / cols && line != to / cols) return 0;
  for (int c = 0; c < cols; ++c) before[c] = tiles[line * cols + c];
  if (line == from / cols) before[from % cols] = static_cast<std::uint8_t>(tile);
  if (line == to / cols) before[to % cols] = 0;
  return row_conflict(tiles, line) - line_conflict(before, cols, line, true);
}

int ManhattanLinearConflict::row_conflict(const std::uint8_t* tiles, int row) const {
  return line_conflict(tiles + static_cast<std::ptrdiff_t>(row) * shape_.cols, shape_.cols, row,
                       true);
}

int ManhattanLinearConflict::col_conflict(const std::uint8_t* tiles, int col) const {
  std::uint8_t line[kMaxSide];
  for (int r = 0; r < shape_.rows; ++r) line[r] = tiles[r * shape_.cols + col];
  return line_conflict(line, shape_.rows, col, false);
}

// `line_tiles` holds the `count` tiles of row or column `line`, in order. Those whose goal is in
// this line must appear in goal order; every one that does not fit the longest ordered
// subsequence has to step out of the line and back: two moves beyond Manhattan distance.
int ManhattanLinearConflict::line_conflict(const std::uint8_t* line_tiles, int count, int line,
                                           bool row) const {
  int order[kMaxSide];
  int n = 0;
  for (int k = 0; k < count; ++k) {
    const auto t = static_cast<std::size_t>(line_tiles[k]);
    if (t == 0) continue;
    if (row && goal_row_[t] == line) order[n++] = goal_col_[t];
    if (!row && goal_col_[t] == line) order[n++] = goal_row_[t];
  }
  return n < 2 ? 0 : 2 * (n - longest_increasing(order, n));
}

}  // namespace slidegif::detail
