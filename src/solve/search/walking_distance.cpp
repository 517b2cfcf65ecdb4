#include "solve/search/walking_distance.hpp"

#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace slidegif {

namespace {

using Key = WalkingDistance::Key;

struct KeyHash {
  std::size_t operator()(const Key& k) const {
    const std::uint64_t x = k.lo * 0x9E3779B97F4A7C15ULL ^ k.hi * 0xC2B2AE3D27D4EB4FULL;
    return static_cast<std::size_t>(x ^ (x >> 29));
  }
};

// Past this many count states an axis's table is given up (a safeguard: no board of at most
// kMaxOptimalCells comes near it).
constexpr std::size_t kMaxTableStates = 2'000'000;

// A table's counts: how many tiles of goal line `type` line `line` holds, in slot line * lines
// + type, four bits a slot (16 in `lo`, the rest in `hi`); the blank's line in hi's top bits.
constexpr int kBlankShift = 60;

int slot_shift(int slot) {
  return 4 * (slot % 16);
}

void add_to_slot(Key& k, int slot, int delta) {
  std::uint64_t& word = slot < 16 ? k.lo : k.hi;
  const std::uint64_t one = std::uint64_t{1} << slot_shift(slot);
  word = delta > 0 ? word + one : word - one;
}

int slot_value(const Key& k, int slot) {
  const std::uint64_t word = slot < 16 ? k.lo : k.hi;
  return static_cast<int>((word >> slot_shift(slot)) & 15);
}

int blank_line(const Key& k) {
  return static_cast<int>(k.hi >> kBlankShift);
}

void set_blank_line(Key& k, int line) {
  k.hi = (k.hi & ((std::uint64_t{1} << kBlankShift) - 1)) |
         (static_cast<std::uint64_t>(line) << kBlankShift);
}

}  // namespace

class WalkingDistance::Axis {
 public:
  // `columns`: the columns' axis (horizontal moves), else the rows'.
  Axis(const Board& goal, bool columns)
      : columns_(columns),
        cols_(goal.cols()),
        lines_(columns ? goal.cols() : goal.rows()),
        capacity_(columns ? goal.rows() : goal.cols()),
        cells_(goal.cells()) {
    for (int cell = 0; cell < goal.cells(); ++cell)
      goal_line_[goal.at(cell)] = static_cast<std::uint8_t>(line(cell));
    if (lines_ <= kMaxTableLines && capacity_ <= 15) table_ = build_table(goal);
  }

  int line(int cell) const { return columns_ ? cell % cols_ : cell / cols_; }

  Key key(const std::uint8_t* tiles) const {
    if (table_) return counts_key(tiles);
    Key k;
    for (int cell = 0; cell < cells_; ++cell) {
      if (const int tile = tiles[cell]; tile != 0)
        k.lo += static_cast<std::uint64_t>(std::abs(line(cell) - goal_line_[tile]));
    }
    return k;
  }

  // The key after `tile` went from cell `from` to `to` (and the blank from `to` to `from`).
  Key moved(Key k, int tile, int from, int to) const {
    const int a = line(from), b = line(to), g = goal_line_[tile];
    if (table_) {
      add_to_slot(k, a * lines_ + g, -1);
      add_to_slot(k, b * lines_ + g, 1);
      set_blank_line(k, a);
    } else {
      k.lo = k.lo + static_cast<std::uint64_t>(std::abs(b - g)) -
             static_cast<std::uint64_t>(std::abs(a - g));
    }
    return k;
  }

  int value(const Key& k) const {
    if (!table_) {
      const auto per_move = static_cast<std::uint64_t>(std::max(1, lines_ - 1));
      return static_cast<int>((k.lo + per_move - 1) / per_move);
    }
    return distance_.at(k);  // every reachable count state is in the table
  }

 private:
  // Breadth-first from the goal's counts over line moves; false (no table) past
  // kMaxTableStates.
  bool build_table(const Board& goal) {
    std::vector<Key> layer{counts_key(goal.tiles().data())};
    distance_.emplace(layer.front(), 0);
    for (int d = 1; !layer.empty(); ++d) {
      std::vector<Key> next;
      for (const Key& k : layer) {
        for (const int dir : {-1, 1}) {
          slide_line(k, blank_line(k), dir, [&](const Key& child) {
            if (distance_.emplace(child, static_cast<std::uint8_t>(d)).second)
              next.push_back(child);
          });
        }
      }
      if (distance_.size() > kMaxTableStates) {
        distance_.clear();
        return false;
      }
      layer.swap(next);
    }
    return true;
  }

  Key counts_key(const std::uint8_t* tiles) const {
    Key k;
    for (int cell = 0; cell < cells_; ++cell) {
      const int tile = tiles[cell];
      if (tile == 0)
        set_blank_line(k, line(cell));
      else
        add_to_slot(k, line(cell) * lines_ + goal_line_[tile], 1);
    }
    return k;
  }

  // Every line move of the blank from line `blank` going `dir`: the tile it meets in each line
  // (of any goal line that line holds) moves one line back towards where the blank was.
  template <class F>
  void slide_line(const Key& k, int blank, int dir, F&& visit) const {
    const int from = blank + dir;  // the line whose tile moves into the blank's line
    if (from < 0 || from >= lines_) return;
    for (int type = 0; type < lines_; ++type) {
      if (slot_value(k, from * lines_ + type) == 0) continue;
      Key child = k;
      add_to_slot(child, from * lines_ + type, -1);
      add_to_slot(child, blank * lines_ + type, 1);
      set_blank_line(child, from);
      visit(child);
      slide_line(child, from, dir, visit);  // the same move, a line further
    }
  }

  bool columns_;
  int cols_;
  int lines_;
  int capacity_;
  std::array<std::uint8_t, kMaxCells> goal_line_{};
  int cells_;
  bool table_ = false;
  std::unordered_map<Key, std::uint8_t, KeyHash> distance_;
};

WalkingDistance::WalkingDistance(const Board& goal)
    : axes_{std::make_shared<const Axis>(goal, false), std::make_shared<const Axis>(goal, true)} {}

int WalkingDistance::estimate(const std::uint8_t* tiles, State& out) const {
  for (std::size_t a = 0; a < 2; ++a) {
    out.keys[a] = axes_[a]->key(tiles);
    out.h[a] = static_cast<std::uint8_t>(axes_[a]->value(out.keys[a]));
  }
  return out.h[0] + out.h[1];
}

int WalkingDistance::update(const std::uint8_t* /*tiles*/, Slide slide, const State& parent,
                            State& child) const {
  child = parent;
  // A slide crosses lines of one axis only: the other's reduced board is unchanged.
  const std::size_t a = axes_[0]->line(slide.from) != axes_[0]->line(slide.to) ? 0 : 1;
  child.keys[a] = axes_[a]->moved(parent.keys[a], slide.tile, slide.from, slide.to);
  child.h[a] = static_cast<std::uint8_t>(axes_[a]->value(child.keys[a]));
  return child.h[0] + child.h[1];
}

}  // namespace slidegif
