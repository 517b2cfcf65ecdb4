#include "slidegif/pattern_database.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <thread>

#include "slidegif/error.hpp"

namespace slidegif {
namespace {

constexpr int kMaxPatternTiles = 9;  // queue entries pack 10 cells of 6 bits
constexpr std::uint8_t kUnseen = 0xFF;

int manhattan(Shape s, int a, int b) {
  return std::abs(a / s.cols - b / s.cols) + std::abs(a % s.cols - b % s.cols);
}

std::vector<int> goal_cells(const Board& goal) {
  std::vector<int> where(static_cast<std::size_t>(goal.cells()));
  for (int c = 0; c < goal.cells(); ++c) where[goal.at(c)] = c;
  return where;
}

// Cell sets as bit masks; the blank's region is a flood fill through free cells.
struct Grid {
  explicit Grid(Shape s) : shape(s) {
    const int n = s.cells();
    all = n == 64 ? ~0ULL : (1ULL << n) - 1;
    for (int c = 0; c < n; ++c) {
      if (c % s.cols != 0) not_first_col |= 1ULL << c;
      if (c % s.cols != s.cols - 1) not_last_col |= 1ULL << c;
    }
  }
  std::uint64_t flood(int from, std::uint64_t free) const {
    std::uint64_t r = 1ULL << from;
    for (;;) {
      const std::uint64_t grown = (r | ((r & not_last_col) << 1) | ((r & not_first_col) >> 1) |
                                   (r << shape.cols) | (r >> shape.cols)) &
                                  free & all;
      if ((grown | r) == r) return r;
      r |= grown;
    }
  }
  Shape shape;
  std::uint64_t all = 0;
  std::uint64_t not_first_col = 0;
  std::uint64_t not_last_col = 0;
};

int neighbour(Shape s, int cell, int dir) {
  const int r = cell / s.cols;
  const int c = cell % s.cols;
  switch (dir) {
    case 0:
      return r > 0 ? cell - s.cols : -1;
    case 1:
      return r + 1 < s.rows ? cell + s.cols : -1;
    case 2:
      return c > 0 ? cell - 1 : -1;
    default:
      return c + 1 < s.cols ? cell + 1 : -1;
  }
}

// Frontier entries: cell of pattern tile i in bits 6i..6i+5, the blank's cell after them.
using Entry = std::uint64_t;
Entry pack(const std::uint8_t* cells, int k, int blank) {
  Entry e = 0;
  for (int i = 0; i < k; ++i) e |= Entry{cells[i]} << (6 * i);
  return e | (Entry(blank) << (6 * k));
}

// The breadth-first builder, templated on the per-placement mask of blank cells reached, so a
// 16-cell board pays 2 bytes per placement (1 GB for the 8-tile pattern) rather than 8.
template <class Mask>
class Builder {
 public:
  Builder(const Board& goal, const Pattern& pattern, const PdbBuildOptions& options)
      : goal_(goal), grid_(goal.shape()), pattern_(pattern), options_(options) {
    n_ = goal.cells();
    k_ = static_cast<int>(pattern.size());
    const auto home = goal_cells(goal);
    for (int i = 0; i < k_; ++i) {
      for (int c = 0; c < n_; ++c)
        distance_[static_cast<std::size_t>(i * 64 + c)] =
            static_cast<std::uint8_t>(manhattan(goal.shape(), home[pattern[i]], c));
    }
    for (int c = 0; c < n_; ++c)
      for (int dir = 0; dir < 4; ++dir)
        next_[static_cast<std::size_t>(c * 4 + dir)] =
            static_cast<std::int8_t>(neighbour(goal.shape(), c, dir));
    entries_ = pattern_entries(n_, k_);
    visited_.assign(entries_, 0);
    excess_.assign(entries_, kUnseen);
    threads_ = options.threads > 0
                   ? options.threads
                   : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }

  std::vector<std::uint8_t> run(PdbBuildStats* stats) {
    const auto home = goal_cells(goal_);
    std::uint8_t cells[kMaxPatternTiles];
    for (int i = 0; i < k_; ++i) cells[i] = static_cast<std::uint8_t>(home[pattern_[i]]);
    const int blank = home[0];
    const std::uint64_t start = rank_placement(cells, k_, n_);
    visited_[start] = static_cast<Mask>(grid_.flood(blank, grid_.all & ~occupied(cells)));
    excess_[start] = 0;
    reached_ = 1;
    std::vector<Entry> current{pack(cells, k_, blank)};
    int depth = 0;
    while (!current.empty()) {
      current = expand_layer(current, depth);
      ++depth;
      report();
    }
    if (stats) {
      stats->max_value = depth - 1;
      stats->clamped = clamped_;
    }
    std::vector<Mask>().swap(visited_);
    std::vector<std::uint8_t> packed(packed_bytes(entries_), 0);
    for (std::uint64_t i = 0; i < entries_; ++i) {
      const std::uint8_t x = excess_[i] == kUnseen ? 0 : excess_[i];  // unreachable: any bound
      packed[i / 2] |= static_cast<std::uint8_t>(x << ((i & 1) * 4));
    }
    return packed;
  }

 private:
  std::uint64_t occupied(const std::uint8_t* cells) const {
    std::uint64_t m = 0;
    for (int i = 0; i < k_; ++i) m |= 1ULL << cells[i];
    return m;
  }

  std::vector<Entry> expand_layer(const std::vector<Entry>& current, int depth) {
    constexpr std::size_t kChunk = 1 << 14;
    std::atomic<std::size_t> next_chunk{0};
    std::vector<std::vector<Entry>> out(static_cast<std::size_t>(threads_));
    auto work = [&](int t) {
      std::uint64_t since_report = 0;
      for (;;) {
        const std::size_t begin = next_chunk.fetch_add(kChunk);
        if (begin >= current.size()) break;
        const std::size_t end = std::min(current.size(), begin + kChunk);
        for (std::size_t i = begin; i < end; ++i) expand(current[i], depth, out[t]);
        since_report += end - begin;
        if (t == 0 && since_report > (1u << 20)) {
          since_report = 0;
          report();
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    std::size_t total = 0;
    for (auto& v : out) total += v.size();
    std::vector<Entry> next;
    next.reserve(total);
    for (auto& v : out) {
      next.insert(next.end(), v.begin(), v.end());
      std::vector<Entry>().swap(v);
    }
    return next;
  }

  void expand(Entry e, int depth, std::vector<Entry>& out) {
    std::uint8_t cells[kMaxPatternTiles];
    for (int i = 0; i < k_; ++i) cells[i] = static_cast<std::uint8_t>((e >> (6 * i)) & 63);
    const int blank = static_cast<int>((e >> (6 * k_)) & 63);
    const std::uint64_t occ = occupied(cells);
    const std::uint64_t region = grid_.flood(blank, grid_.all & ~occ);
    int md = 0;
    for (int i = 0; i < k_; ++i) md += distance_[static_cast<std::size_t>(i * 64 + cells[i])];
    // First every child's index, prefetched, then the visits: the table is far larger than
    // the caches and the misses dominate, so overlapping them pays.
    struct Child {
      std::uint64_t rank;
      Mask region;
      std::int8_t tile, from, to;
    };
    std::array<Child, kMaxPatternTiles * 4> children;
    int count = 0;
    for (int i = 0; i < k_; ++i) {
      const int from = cells[i];
      for (int dir = 0; dir < 4; ++dir) {
        const int to = next_[static_cast<std::size_t>(from * 4 + dir)];
        if (to < 0 || !((region >> to) & 1)) continue;
        cells[i] = static_cast<std::uint8_t>(to);
        const std::uint64_t free = (grid_.all & ~occ & ~(1ULL << to)) | (1ULL << from);
        Child& c = children[static_cast<std::size_t>(count++)];
        c.rank = rank_placement(cells, k_, n_);
        c.region = static_cast<Mask>(grid_.flood(from, free));
        c.tile = static_cast<std::int8_t>(i);
        c.from = static_cast<std::int8_t>(from);
        c.to = static_cast<std::int8_t>(to);
        __builtin_prefetch(&visited_[c.rank], 1);
        cells[i] = static_cast<std::uint8_t>(from);
      }
    }
    for (int j = 0; j < count; ++j) {
      const Child& c = children[static_cast<std::size_t>(j)];
      Mask old;
      if (threads_ == 1) {  // a locked read-modify-write costs more than the rest
        old = visited_[c.rank];
        visited_[c.rank] = static_cast<Mask>(old | c.region);
      } else {
        old = std::atomic_ref<Mask>(visited_[c.rank]).fetch_or(c.region);
      }
      if (old & c.region) continue;
      cells[c.tile] = static_cast<std::uint8_t>(c.to);
      out.push_back(pack(cells, k_, c.from));
      cells[c.tile] = static_cast<std::uint8_t>(c.from);
      if (old == 0) {
        const int child_md = md - distance_[static_cast<std::size_t>(c.tile * 64 + c.from)] +
                             distance_[static_cast<std::size_t>(c.tile * 64 + c.to)];
        const int x = (depth + 1 - child_md) / 2;
        if (x > 15) ++clamped_;
        excess_[c.rank] = static_cast<std::uint8_t>(std::min(x, 15));
        reached_.fetch_add(1, std::memory_order_relaxed);
      }
    }
  }

  void report() {
    if (options_.progress)
      options_.progress(static_cast<double>(reached_.load()) / static_cast<double>(entries_));
  }

  const Board& goal_;
  Grid grid_;
  const Pattern& pattern_;
  const PdbBuildOptions& options_;
  int n_ = 0;
  int k_ = 0;
  int threads_ = 1;
  std::uint64_t entries_ = 0;
  std::array<std::uint8_t, kMaxPatternTiles * 64> distance_{};
  std::array<std::int8_t, 64 * 4> next_{};  // cell * 4 + direction -> neighbour or -1
  std::vector<Mask> visited_;
  std::vector<std::uint8_t> excess_;
  std::atomic<std::uint64_t> reached_{0};
  std::atomic<std::uint64_t> clamped_{0};
};

void check_pattern(const Board& goal, const Pattern& pattern) {
  if (pattern.empty() || static_cast<int>(pattern.size()) > kMaxPatternTiles)
    throw Error(Error::Kind::BadInput,
                fmt::format("a pattern needs 1 to {} tiles", kMaxPatternTiles));
  std::uint64_t seen = 0;
  for (auto t : pattern) {
    if (t == 0 || t >= goal.cells() || ((seen >> t) & 1))
      throw Error(Error::Kind::BadInput, fmt::format("bad tile {} in a pattern", int{t}));
    seen |= 1ULL << t;
  }
}

// The 8 symmetries of a square (4 of a rectangle) as cell maps.
std::vector<std::vector<std::uint8_t>> symmetries(Shape s) {
  std::vector<std::vector<std::uint8_t>> out;
  const int kinds = s.rows == s.cols ? 8 : 4;
  for (int k = 0; k < kinds; ++k) {
    std::vector<std::uint8_t> map(static_cast<std::size_t>(s.cells()));
    for (int r = 0; r < s.rows; ++r) {
      for (int c = 0; c < s.cols; ++c) {
        int rr = (k & 1) ? s.rows - 1 - r : r;  // vertical flip
        int cc = (k & 2) ? s.cols - 1 - c : c;  // horizontal flip
        if (k & 4) std::swap(rr, cc);           // transpose (square only)
        map[static_cast<std::size_t>(r * s.cols + c)] = static_cast<std::uint8_t>(rr * s.cols + cc);
      }
    }
    out.push_back(std::move(map));
  }
  return out;
}

}  // namespace

std::uint64_t pattern_entries(int cells, int tiles) {
  std::uint64_t n = 1;
  for (int i = 0; i < tiles; ++i) n *= static_cast<std::uint64_t>(cells - i);
  return n;
}

std::uint64_t rank_placement(const std::uint8_t* cells, int tiles, int board_cells) {
  std::uint64_t used = 0;
  std::uint64_t index = 0;
  for (int i = 0; i < tiles; ++i) {
    const std::uint64_t below = (1ULL << cells[i]) - 1;
    const int r = cells[i] - std::popcount(used & below);
    index = index * static_cast<std::uint64_t>(board_cells - i) + static_cast<std::uint64_t>(r);
    used |= 1ULL << cells[i];
  }
  return index;
}

Partition preset_partition(std::string_view name, const Board& goal) {
  if (goal.shape() != Shape{4, 4})
    throw Error(Error::Kind::BadInput, fmt::format("pattern databases exist for 4x4 only, not {}",
                                                   format_shape(goal.shape())));
  // Cell groups on the blank-last goal. "small" is Korf & Felner's 6-6-3 turned by 180
  // degrees; "large" is their 7-8 likewise (top two rows, bottom two rows minus the blank).
  std::vector<std::vector<int>> groups;
  if (name == "small") {
    groups = {{3, 6, 7, 10, 11, 14}, {4, 5, 8, 9, 12, 13}, {0, 1, 2}};
  } else if (name == "large") {
    groups = {{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}};
  } else {
    throw Error(Error::Kind::BadInput,
                fmt::format("unknown pattern database set '{}' (small or large)", name));
  }
  const int blank = goal.blank();
  Partition out;
  for (auto& g : groups) {
    Pattern p;
    // The preset leaves out cell 15, the standard blank; another goal's blank cell is swapped
    // for it so the partition still covers every tile.
    for (int c : g) p.push_back(goal.at(c == blank ? 15 : c));
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::uint8_t> build_pattern_table(const Board& goal, const Pattern& pattern,
                                              const PdbBuildOptions& options,
                                              PdbBuildStats* stats) {
  check_pattern(goal, pattern);
  if (goal.cells() <= 16) return Builder<std::uint16_t>(goal, pattern, options).run(stats);
  if (goal.cells() <= 32) return Builder<std::uint32_t>(goal, pattern, options).run(stats);
  return Builder<std::uint64_t>(goal, pattern, options).run(stats);
}

int pattern_table_value(std::span<const std::uint8_t> packed, const Board& goal,
                        const Pattern& pattern, const std::uint8_t* cells) {
  const auto home = goal_cells(goal);
  int md = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i)
    md += manhattan(goal.shape(), home[pattern[i]], cells[i]);
  const std::uint64_t r = rank_placement(cells, static_cast<int>(pattern.size()), goal.cells());
  return md + 2 * ((packed[r / 2] >> ((r & 1) * 4)) & 15);
}

// PdbHeuristic ---------------------------------------------------------------------------

PdbHeuristic::PdbHeuristic(const Board& goal, Partition partition,
                           std::vector<std::span<const std::uint8_t>> tables, bool use_reflection)
    : goal_(goal), partition_(std::move(partition)), tables_(std::move(tables)) {
  const int n = goal.cells();
  if (tables_.size() != partition_.size())
    throw Error(Error::Kind::BadInput, "one table per pattern is needed");
  if (partition_.size() > kMaxPatterns) throw Error(Error::Kind::BadInput, "too many patterns");
  pattern_of_.assign(static_cast<std::size_t>(n), 0xFF);
  std::uint64_t covered = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    check_pattern(goal, partition_[p]);
    for (auto t : partition_[p]) {
      if ((covered >> t) & 1) throw Error(Error::Kind::BadInput, "patterns overlap");
      covered |= 1ULL << t;
      pattern_of_[t] = static_cast<std::uint8_t>(p);
    }
    const auto need = packed_bytes(pattern_entries(n, static_cast<int>(partition_[p].size())));
    if (tables_[p].size() != need)
      throw Error(Error::Kind::BadInput, fmt::format("pattern table {} has {} bytes, expected {}",
                                                     p, tables_[p].size(), need));
  }
  const auto home = goal_cells(goal);
  distance_.assign(static_cast<std::size_t>(n * n), 0);
  for (int t = 1; t < n; ++t) {
    // Tiles outside every pattern add nothing, so the sum stays a lower bound.
    if (!((covered >> t) & 1)) continue;
    for (int c = 0; c < n; ++c)
      distance_[static_cast<std::size_t>(t * n + c)] =
          static_cast<std::uint8_t>(manhattan(goal.shape(), home[t], c));
  }
  const int side = goal.rows();
  const int b = goal.blank();
  reflect_ = use_reflection && goal.rows() == goal.cols() && b / side == b % side;
  if (reflect_) {
    transpose_.resize(static_cast<std::size_t>(n));
    mirror_.resize(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c)
      transpose_[c] = static_cast<std::uint8_t>((c % side) * side + c / side);
    for (int t = 0; t < n; ++t) mirror_[t] = goal.at(transpose_[home[t]]);
    std::vector<std::uint8_t> unmirror(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) unmirror[mirror_[t]] = static_cast<std::uint8_t>(t);
    for (auto& pat : partition_) {
      Pattern src;
      for (auto t : pat) src.push_back(unmirror[t]);
      mirror_source_.push_back(std::move(src));
    }
  }
}

int PdbHeuristic::lookup(std::size_t p, const std::uint8_t* where) const {
  const Pattern& pat = partition_[p];
  std::uint8_t cells[kMaxPatternTiles];
  for (std::size_t i = 0; i < pat.size(); ++i) cells[i] = where[pat[i]];
  const std::uint64_t r = rank_placement(cells, static_cast<int>(pat.size()), goal_.cells());
  return (tables_[p][r / 2] >> ((r & 1) * 4)) & 15;
}

int PdbHeuristic::lookup_reflected(std::size_t p, const std::uint8_t* where) const {
  const Pattern& src = mirror_source_[p];
  std::uint8_t cells[kMaxPatternTiles];
  for (std::size_t i = 0; i < src.size(); ++i) cells[i] = transpose_[where[src[i]]];
  const std::uint64_t r = rank_placement(cells, static_cast<int>(src.size()), goal_.cells());
  return (tables_[p][r / 2] >> ((r & 1) * 4)) & 15;
}

int PdbHeuristic::excess(const std::uint8_t* where) const {
  int sum = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p) sum += lookup(p, where);
  return sum;
}

int PdbHeuristic::estimate(const std::uint8_t* tiles, State& out) const {
  const int n = goal_.cells();
  out.where.fill(0);
  out.manhattan = 0;
  for (int c = 0; c < n; ++c) {
    out.where[tiles[c]] = static_cast<std::uint8_t>(c);
    out.manhattan += distance_[static_cast<std::size_t>(tiles[c] * n + c)];
  }
  out.excess_sum = out.reflected_sum = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    out.excess[p] = static_cast<std::uint8_t>(lookup(p, out.where.data()));
    out.excess_sum += out.excess[p];
    out.reflected[p] =
        reflect_ ? static_cast<std::uint8_t>(lookup_reflected(p, out.where.data())) : 0;
    out.reflected_sum += out.reflected[p];
  }
  return out.manhattan + 2 * std::max(out.excess_sum, out.reflected_sum);
}

int PdbHeuristic::update(const std::uint8_t*, int tile, int from, int to, const State& parent,
                         State& child) const {
  const int n = goal_.cells();
  child = parent;
  child.where[tile] = static_cast<std::uint8_t>(to);
  child.manhattan += distance_[static_cast<std::size_t>(tile * n + to)] -
                     distance_[static_cast<std::size_t>(tile * n + from)];
  if (const std::uint8_t p = pattern_of_[tile]; p != 0xFF) {
    const int x = lookup(p, child.where.data());
    child.excess_sum += x - child.excess[p];
    child.excess[p] = static_cast<std::uint8_t>(x);
  }
  if (reflect_) {
    if (const std::uint8_t p = pattern_of_[mirror_[tile]]; p != 0xFF) {
      const int x = lookup_reflected(p, child.where.data());
      child.reflected_sum += x - child.reflected[p];
      child.reflected[p] = static_cast<std::uint8_t>(x);
    }
  }
  return child.manhattan + 2 * std::max(child.excess_sum, child.reflected_sum);
}

int PdbHeuristic::estimate(const std::uint8_t* tiles) const {
  const int n = goal_.cells();
  std::uint8_t where[64] = {};
  int md = 0;
  for (int c = 0; c < n; ++c) {
    where[tiles[c]] = static_cast<std::uint8_t>(c);
    md += distance_[static_cast<std::size_t>(tiles[c] * n + c)];
  }
  int x = excess(where);
  if (reflect_) {
    // The reflected board has tile mirror[t] on cell transpose[c] wherever t is on c; it has
    // the same Manhattan distance, so only the excess needs a second look.
    int y = 0;
    for (std::size_t p = 0; p < partition_.size(); ++p) y += lookup_reflected(p, where);
    x = std::max(x, y);
  }
  return md + 2 * x;
}

// GoalFraming ------------------------------------------------------------------------------

GoalFraming::GoalFraming(const Board& goal, const Board& base) : shape_(goal.shape()) {
  if (goal.shape() != base.shape()) return;
  for (auto& map : symmetries(shape_)) {
    if (map[goal.blank()] != base.blank()) continue;
    cell_ = map;
    label_.resize(static_cast<std::size_t>(goal.cells()));
    for (int c = 0; c < goal.cells(); ++c) label_[goal.at(c)] = base.at(map[c]);
    valid_ = true;
    return;
  }
}

Board GoalFraming::map_board(const Board& board) const {
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(board.cells()));
  for (int c = 0; c < board.cells(); ++c) tiles[cell_[c]] = label_[board.at(c)];
  return Board(shape_, std::move(tiles));
}

std::vector<Move> GoalFraming::unmap_moves(const Board& start,
                                           const std::vector<Move>& moves) const {
  std::vector<std::uint8_t> back(cell_.size());
  for (std::size_t c = 0; c < cell_.size(); ++c) back[cell_[c]] = static_cast<std::uint8_t>(c);
  std::vector<Move> out;
  out.reserve(moves.size());
  int here = start.blank();
  for (Move m : moves) {
    const int base_next = neighbour(shape_, cell_[here], static_cast<int>(m));
    if (base_next < 0) throw Error(Error::Kind::BadInput, "move leaves the board");
    const int next = back[base_next];
    Move orig = Move::Up;
    if (next == here + shape_.cols)
      orig = Move::Down;
    else if (next == here - 1)
      orig = Move::Left;
    else if (next == here + 1)
      orig = Move::Right;
    out.push_back(orig);
    here = next;
  }
  return out;
}

}  // namespace slidegif
