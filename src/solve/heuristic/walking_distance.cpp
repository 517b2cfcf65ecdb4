#include "solve/heuristic/walking_distance.hpp"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <vector>

namespace slidegif::detail {

// Named, not anonymous: WalkingDistance::Axis, which has external linkage, holds one.
namespace walking {

// The count states of an axis and their moves to the goal's counts, by open addressing (an
// std::unordered_map spent a node allocation a state and a pointer chase a probe: 3x5's columns
// took over a second, and every search node looks a key up). Key{} marks an empty slot: every
// real key counts at least one tile.
class CountTable {
 public:
  using Key = WalkingDistance::Key;
  static constexpr std::uint8_t kUnreached = 0xFF;
  struct Slot {
    Key key;
    std::array<std::uint8_t, 2> moves{kUnreached, kUnreached};  // by the last step's direction
  };

  CountTable() : slots_(std::size_t{1} << 12) {}

  std::size_t size() const { return size_; }

  // The slot of `k`, added (unreached) if new.
  Slot& at(const Key& k) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    Slot& s = slots_[probe(k)];
    if (s.key == Key{}) {
      s.key = k;
      ++size_;
    }
    return s;
  }
  const Slot* find(const Key& k) const {
    const Slot& s = slots_[probe(k)];
    return s.key == Key{} ? nullptr : &s;
  }

 private:
  // The slot holding `k`, or the empty one where it belongs.
  std::size_t probe(const Key& k) const {
    std::uint64_t x = k.lo * 0x9E3779B97F4A7C15ULL ^ k.hi * 0xC2B2AE3D27D4EB4FULL;
    x = (x ^ (x >> 32)) * 0xD6E8FEB86659FD93ULL;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = x >> 32;; ++i) {
      const Slot& s = slots_[i & mask];
      if (s.key == k || s.key == Key{}) return i & mask;
    }
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old)
      if (!(s.key == Key{})) slots_[probe(s.key)] = s;
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::size_t size_ = 0;
};

}  // namespace walking

namespace {

using Key = WalkingDistance::Key;
using walking::CountTable;

// Past this many count states an axis's table is given up (a safeguard: no board of at most
// kMaxOptimalCells comes near it).
constexpr std::size_t kMaxTableStates = 2'000'000;

// A table's counts: how many tiles of goal line `type` line `line` holds, in slot line * lines
// + type, four bits a slot (16 in `lo`, the rest in `hi`); the blank's line in hi's top bits.
constexpr int kBlankShift = 60;

int slot_shift(int slot) {
  return 4 * static_cast<int>(static_cast<unsigned>(slot) % 16);
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
    const CountTable::Slot* s = distance_.find(k);
    return s != nullptr ? std::min(s->moves[0], s->moves[1]) : 0;  // all reachable are there
  }

 private:
  // A line move is a run of one-line steps of the blank in one direction, one move however
  // long. So the search from the goal's counts is breadth-first over (counts, the last step's
  // direction) with costs 0 and 1: a step on in the last direction continues that move, a step
  // the other way starts a new one. A state is expanded once per direction, a step per tile
  // type, rather than once per whole line move (3x5: 0.15 s, where that took 1.3 s).
  // False (no table) past kMaxTableStates.
  bool build_table(const Board& goal) {
    struct Node {
      Key key;
      int dir;  // the last step's: 0 towards line 0, 1 away from it, -1 none (the goal)
      int moves;
    };
    const Key start = counts_key(goal.tiles().data());
    distance_.at(start).moves = {0, 0};
    std::deque<Node> open{{start, -1, 0}};
    while (!open.empty()) {
      const Node n = open.front();
      open.pop_front();
      if (n.dir >= 0 && distance_.find(n.key)->moves[n.dir] < n.moves) continue;  // reached cheaper
      for (int dir = 0; dir < 2; ++dir) {
        const bool same_move = dir == n.dir;
        const int moves = n.moves + (same_move ? 0 : 1);
        step(n.key, dir, [&](const Key& child) {
          std::uint8_t& known = distance_.at(child).moves[dir];
          if (known <= moves) return;
          known = static_cast<std::uint8_t>(moves);
          if (same_move)
            open.push_front({child, dir, moves});
          else
            open.push_back({child, dir, moves});
        });
      }
      if (distance_.size() > kMaxTableStates) {
        distance_ = CountTable();
        return false;
      }
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

  // Every one-line step of the blank going `dir` (0: towards line 0): a tile of any goal line
  // the next line holds comes into the blank's line.
  template <class F>
  void step(const Key& k, int dir, F&& visit) const {
    const int blank = blank_line(k);
    const int from = blank + (dir == 0 ? -1 : 1);  // the line whose tile moves
    if (from < 0 || from >= lines_) return;
    for (int type = 0; type < lines_; ++type) {
      if (slot_value(k, from * lines_ + type) == 0) continue;
      Key child = k;
      add_to_slot(child, from * lines_ + type, -1);
      add_to_slot(child, blank * lines_ + type, 1);
      set_blank_line(child, from);
      visit(child);
    }
  }

  bool columns_;
  int cols_;
  int lines_;
  int capacity_;
  std::array<std::uint8_t, kMaxCells> goal_line_{};
  int cells_;
  bool table_ = false;
  CountTable distance_;
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

}  // namespace slidegif::detail
