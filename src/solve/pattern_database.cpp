#include "slidegif/pattern_database.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <thread>

#include "slidegif/detail/format.hpp"
#include "slidegif/error.hpp"

namespace slidegif {
namespace {

constexpr int kMaxPatternTiles = 9;

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_ADDRESS__)
#define SLIDEGIF_PDB_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define SLIDEGIF_PDB_CLONES
#endif

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

// Popcount without relying on -mpopcnt: without it std::popcount is a library call, which
// dominated the builder's profile (ranking runs once per child state).
inline int count_bits(std::uint64_t x) {
#if defined(__POPCNT__)
  return std::popcount(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

// A blank region kept per placement as a mask over the *free* cells only (those no pattern
// tile holds, in cell order): the 8-tile pattern of 4x4 then needs one byte per mask, not two.
// Branch-free: the bits are data-dependent and mispredicted branches cost more than the loop.
inline std::uint64_t compress(std::uint64_t cells, std::uint64_t free) {
  std::uint64_t out = 0;
  for (int bit = 0; free; free &= free - 1, ++bit)
    out |= ((cells >> std::countr_zero(free)) & 1) << bit;
  return out;
}
inline std::uint64_t expand_mask(std::uint64_t compact, std::uint64_t free) {
  std::uint64_t out = 0;
  for (; free; free &= free - 1, compact >>= 1)
    if (compact & 1) out |= free & (~free + 1);
  return out;
}

// Breadth-first search by scanning, layered on pattern-tile moves (blank moves are free).
// Per placement the table keeps the blank cells seen so far, the regions reached in the
// current layer and in the next one (two slots used alternately), and the excess. A layer
// scans the table in rank order for non-empty current slots - no queue, so memory stays at
// 4 bytes a placement for 4x4's 8-tile pattern - and threads split the scan by rank chunks.
// Blocks of ranks with nothing in a slot are flagged so that sparse layers skip them.
template <class Mask>
class Builder {
 public:
  Builder(const Board& goal, const Pattern& pattern, const PdbBuildOptions& options)
      : goal_(goal),
        grid_(goal.shape()),
        domain_(goal.shape()),
        pattern_(pattern),
        options_(options),
        manhattan_(goal) {
    n_ = goal.cells();
    k_ = static_cast<int>(pattern.size());
    if (n_ <= kRegionTableCells) fill_region_table();
    entries_ = pattern_entries(n_, k_);
    table_.assign(entries_, Entry{});
    blocks_ = (entries_ + kBlock - 1) / kBlock;
    for (auto& f : dirty_) f.assign(blocks_, 0);
    threads_ = options.threads > 0
                   ? options.threads
                   : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  }

  std::vector<std::uint8_t> run(PdbBuildStats* stats) {
    std::uint8_t cells[kMaxPatternTiles];
    for (int i = 0; i < k_; ++i) cells[i] = static_cast<std::uint8_t>(manhattan_.home(pattern_[i]));
    const std::uint64_t free = grid_.all & ~occupied(cells);
    const std::uint64_t start = rank_placement(cells, k_, n_);
    const auto region = static_cast<Mask>(compress(grid_.flood(manhattan_.home(0), free), free));
    table_[start].seen = table_[start].slot[0] = region;
    dirty_[0][start / kBlock] = 1;
    reached_ = 1;
    int depth = 0;
    while (expand_layer(depth)) {
      ++depth;
      report();
    }
    if (stats) {
      stats->max_value = depth;
      stats->clamped = clamped_;
    }
    std::vector<std::uint8_t> packed(packed_bytes(entries_), 0);
    for (std::uint64_t i = 0; i < entries_; ++i)
      packed[i / 2] |= static_cast<std::uint8_t>(table_[i].excess << ((i & 1) * 4));
    return packed;
  }

 private:
  static constexpr std::uint64_t kBlock = 1 << 14;  // ranks per dirty flag and per work chunk
  static constexpr int kRegionTableCells = 16;

  // Every child needs the blank's region as a compressed mask; on boards of up to 16 cells a
  // table over (free cells, cell) answers that in one load (2 MB, filled in milliseconds)
  // where the flood fill and compression were about half the builder's instructions.
  void fill_region_table() {
    region_table_.assign(std::size_t{1} << (n_ + 4), 0);
    for (std::uint64_t free = 0; free < (1ULL << n_); ++free) {
      for (std::uint64_t todo = free; todo;) {
        const std::uint64_t region = grid_.flood(std::countr_zero(todo), free);
        todo &= ~region;
        const auto compact = static_cast<std::uint16_t>(compress(region, free));
        for (std::uint64_t c = region; c; c &= c - 1)
          region_table_[(free << 4) | static_cast<std::uint64_t>(std::countr_zero(c))] = compact;
      }
    }
  }

  Mask child_region(std::uint64_t free, int from) const {
    if (!region_table_.empty())
      return static_cast<Mask>(region_table_[(free << 4) | static_cast<std::uint64_t>(from)]);
    return static_cast<Mask>(compress(grid_.flood(from, free), free));
  }

  struct Entry {
    Mask seen;
    Mask slot[2];  // regions reached in layer d sit in slot[d & 1]
    std::uint8_t excess;
  };

  std::uint64_t occupied(const std::uint8_t* cells) const {
    std::uint64_t m = 0;
    for (int i = 0; i < k_; ++i) m |= 1ULL << cells[i];
    return m;
  }

  void unrank(std::uint64_t r, std::uint8_t* cells) const {
    int digit[kMaxPatternTiles];
    for (int i = k_ - 1; i >= 0; --i) {
      const auto base = static_cast<std::uint64_t>(n_ - i);
      digit[i] = static_cast<int>(r % base);
      r /= base;
    }
    std::uint64_t used = 0;
    for (int i = 0; i < k_; ++i) {
      // The digit-th cell not used by an earlier tile.
      std::uint64_t avail = grid_.all & ~used;
      for (int j = 0; j < digit[i]; ++j) avail &= avail - 1;
      cells[i] = static_cast<std::uint8_t>(std::countr_zero(avail));
      used |= 1ULL << cells[i];
    }
  }

  // Expands layer `depth`; false when it held nothing new.
  bool expand_layer(int depth) {
    const int cur = depth & 1;
    std::atomic<std::uint64_t> next_block{0};
    std::atomic<std::uint64_t> added{0};
    auto work = [&](int t) {
      std::uint64_t mine = 0;
      for (;;) {
        const std::uint64_t b = next_block.fetch_add(1, std::memory_order_relaxed);
        if (b >= blocks_) break;
        if (!dirty_[cur][b]) continue;
        dirty_[cur][b] = 0;
        const std::uint64_t end = std::min(entries_, (b + 1) * kBlock);
        for (std::uint64_t r = b * kBlock; r < end; ++r) {
          const Mask m = table_[r].slot[cur];
          if (m == 0) continue;
          table_[r].slot[cur] = 0;
          mine += expand(r, m, depth);
        }
        if (t == 0 && (b & 63) == 0) report();
      }
      added.fetch_add(mine, std::memory_order_relaxed);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    return added.load() != 0;
  }

  // Expands every region in `compact` of placement r; returns the number of new states.
  // Ranking and flood fills dominate once the table fits the caches; x86-64-v3's popcnt and
  // friends halve them, and target_clones picks the variant at load time.
  SLIDEGIF_PDB_CLONES std::uint64_t expand(std::uint64_t r, Mask compact, int depth) {
    std::uint8_t cells[kMaxPatternTiles];
    unrank(r, cells);
    const std::uint64_t occ = occupied(cells);
    const std::uint64_t free = grid_.all & ~occ;
    int md = 0;
    for (int i = 0; i < k_; ++i) md += manhattan_.distance(pattern_[i], cells[i]);
    // First every child's index, prefetched, then the visits: the table is far larger than
    // the caches and the misses dominate, so overlapping them pays.
    struct Child {
      std::uint64_t rank;
      Mask region;
      Slide slide;
    };
    std::array<Child, kMaxPatternTiles * 4> children;
    std::uint64_t todo = expand_mask(compact, free);
    std::uint64_t added = 0;
    while (todo) {
      const std::uint64_t region = grid_.flood(std::countr_zero(todo), free);
      todo &= ~region;
      int count = 0;
      for (int i = 0; i < k_; ++i) {
        const int from = cells[i];
        for (const Operator op : domain_.operators(from)) {
          // The tile on `from` slides into a blank on `to`: the blank's move from `from`, taken
          // backwards.
          const int to = op.target;
          if (!((region >> to) & 1)) continue;
          cells[i] = static_cast<std::uint8_t>(to);
          const std::uint64_t child_free = (free & ~(1ULL << to)) | (1ULL << from);
          Child& c = children[static_cast<std::size_t>(count++)];
          c.rank = rank_placement(cells, k_, n_);
          c.region = child_region(child_free, from);
          c.slide =
              Slide{pattern_[i], static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
          __builtin_prefetch(&table_[c.rank], 1);
          cells[i] = static_cast<std::uint8_t>(from);
        }
      }
      for (int j = 0; j < count; ++j)
        added += visit(children[static_cast<std::size_t>(j)], md, depth);
    }
    return added;
  }

  template <class Child>
  int visit(const Child& c, int md, int depth) {
    Entry& e = table_[c.rank];
    const int nx = (depth + 1) & 1;
    Mask old;
    if (threads_ == 1) {  // a locked read-modify-write costs more than the rest
      old = e.seen;
      if (old & c.region) return 0;
      e.seen = static_cast<Mask>(old | c.region);
      e.slot[nx] = static_cast<Mask>(e.slot[nx] | c.region);
    } else {
      if (std::atomic_ref<Mask>(e.seen).load(std::memory_order_relaxed) & c.region) return 0;
      old = std::atomic_ref<Mask>(e.seen).fetch_or(c.region, std::memory_order_relaxed);
      if (old & c.region) return 0;
      std::atomic_ref<Mask>(e.slot[nx]).fetch_or(c.region, std::memory_order_relaxed);
    }
    // Only the dirty flag's owner layer reads it, after the threads have joined.
    std::atomic_ref<std::uint8_t>(dirty_[nx][c.rank / kBlock]).store(1, std::memory_order_relaxed);
    if (old == 0) {  // exactly one visitor sees the placement unseen
      const int child_md = md + manhattan_.delta(c.slide);
      const int x = (depth + 1 - child_md) / 2;
      if (x > 15) clamped_.fetch_add(1, std::memory_order_relaxed);
      e.excess = static_cast<std::uint8_t>(std::min(x, 15));
      reached_.fetch_add(1, std::memory_order_relaxed);
    }
    return 1;
  }

  void report() {
    if (options_.progress)
      options_.progress(static_cast<double>(reached_.load()) / static_cast<double>(entries_));
  }

  const Board& goal_;
  Grid grid_;
  Domain domain_;
  const Pattern& pattern_;
  const PdbBuildOptions& options_;
  int n_ = 0;
  int k_ = 0;
  int threads_ = 1;
  std::uint64_t entries_ = 0;
  std::uint64_t blocks_ = 0;
  ManhattanTable manhattan_;
  std::vector<Entry> table_;
  std::vector<std::uint16_t> region_table_;         // [(free cells << 4) | cell]: see child_region
  std::array<std::vector<std::uint8_t>, 2> dirty_;  // per block: slot[i] holds something
  std::atomic<std::uint64_t> reached_{0};
  std::atomic<std::uint64_t> clamped_{0};
};

void check_pattern(const Board& goal, const Pattern& pattern) {
  if (pattern.empty() || static_cast<int>(pattern.size()) > kMaxPatternTiles)
    throw Error(Error::Kind::BadInput,
                detail::format("a pattern needs 1 to {} tiles", kMaxPatternTiles));
  std::uint64_t seen = 0;
  for (auto t : pattern) {
    if (t == 0 || t >= goal.cells() || ((seen >> t) & 1))
      throw Error(Error::Kind::BadInput, detail::format("bad tile {} in a pattern", int{t}));
    seen |= 1ULL << t;
  }
}

// Checks every pattern and that none overlap; returns the tiles they cover as a bit set.
std::uint64_t checked_cover(const Board& goal, const Partition& partition) {
  if (partition.size() > PdbHeuristic::kMaxPatterns)
    throw Error(Error::Kind::BadInput, "too many patterns");
  std::uint64_t covered = 0;
  for (const Pattern& pattern : partition) {
    check_pattern(goal, pattern);
    for (auto t : pattern) {
      if ((covered >> t) & 1) throw Error(Error::Kind::BadInput, "patterns overlap");
      covered |= 1ULL << t;
    }
  }
  return covered;
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
    const int r = cells[i] - count_bits(used & below);
    index = index * static_cast<std::uint64_t>(board_cells - i) + static_cast<std::uint64_t>(r);
    used |= 1ULL << cells[i];
  }
  return index;
}

Partition preset_partition(std::string_view name, const Board& goal) {
  if (goal.shape() != Shape{4, 4})
    throw Error(
        Error::Kind::BadInput,
        detail::format("pattern databases exist for 4x4 only, not {}", format_shape(goal.shape())));
  // Cell groups on the blank-last goal. "small" is Korf & Felner's 6-6-3 turned by 180
  // degrees; "large" is their 7-8 likewise (top two rows, bottom two rows minus the blank).
  std::vector<std::vector<int>> groups;
  if (name == "small") {
    groups = {{3, 6, 7, 10, 11, 14}, {4, 5, 8, 9, 12, 13}, {0, 1, 2}};
  } else if (name == "large") {
    groups = {{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}};
  } else {
    throw Error(Error::Kind::BadInput,
                detail::format("unknown pattern database set '{}' (small or large)", name));
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
  // Masks cover the cells left free by the pattern.
  const int free = goal.cells() - static_cast<int>(pattern.size());
  if (free <= 8) return Builder<std::uint8_t>(goal, pattern, options).run(stats);
  if (free <= 16) return Builder<std::uint16_t>(goal, pattern, options).run(stats);
  if (free <= 32) return Builder<std::uint32_t>(goal, pattern, options).run(stats);
  return Builder<std::uint64_t>(goal, pattern, options).run(stats);
}

int pattern_table_value(std::span<const std::uint8_t> packed, const Board& goal,
                        const Pattern& pattern, const std::uint8_t* cells) {
  const ManhattanTable manhattan(goal);
  int md = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) md += manhattan.distance(pattern[i], cells[i]);
  const std::uint64_t r = rank_placement(cells, static_cast<int>(pattern.size()), goal.cells());
  return md + 2 * ((packed[r / 2] >> ((r & 1) * 4)) & 15);
}

// PdbHeuristic ---------------------------------------------------------------------------

PdbHeuristic::PdbHeuristic(const Board& goal, Partition partition,
                           std::vector<std::span<const std::uint8_t>> tables, bool use_reflection)
    : goal_(goal),
      partition_(std::move(partition)),
      tables_(std::move(tables)),
      // Tiles outside every pattern add nothing, so the sum stays a lower bound.
      manhattan_(goal, checked_cover(goal, partition_)) {
  const int n = goal.cells();
  if (tables_.size() != partition_.size())
    throw Error(Error::Kind::BadInput, "one table per pattern is needed");
  pattern_of_.assign(static_cast<std::size_t>(n), 0xFF);
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    for (auto t : partition_[p]) pattern_of_[t] = static_cast<std::uint8_t>(p);
    const auto need = packed_bytes(pattern_entries(n, static_cast<int>(partition_[p].size())));
    if (tables_[p].size() != need)
      throw Error(
          Error::Kind::BadInput,
          detail::format("pattern table {} has {} bytes, expected {}", p, tables_[p].size(), need));
  }
  const int side = goal.rows();
  const int b = goal.blank();
  reflect_ = use_reflection && goal.rows() == goal.cols() && b / side == b % side;
  if (reflect_) {
    transpose_.resize(static_cast<std::size_t>(n));
    mirror_.resize(static_cast<std::size_t>(n));
    for (int c = 0; c < n; ++c)
      transpose_[c] = static_cast<std::uint8_t>((c % side) * side + c / side);
    for (int t = 0; t < n; ++t) mirror_[t] = goal.at(transpose_[manhattan_.home(t)]);
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

int PdbHeuristic::estimate(const std::uint8_t* tiles, State& out) const {
  out.where.fill(0);
  for (int c = 0; c < goal_.cells(); ++c) out.where[tiles[c]] = static_cast<std::uint8_t>(c);
  out.manhattan = manhattan_.sum(tiles);
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

int PdbHeuristic::update(const std::uint8_t*, Slide slide, const State& parent,
                         State& child) const {
  const int tile = slide.tile;
  child = parent;
  child.where[tile] = slide.to;
  child.manhattan += manhattan_.delta(slide);
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
  const Domain domain(shape_);
  for (Move m : moves) {
    const int base_next = neighbour(shape_, cell_[here], m);
    if (base_next < 0) throw Error(Error::Kind::BadInput, "move leaves the board");
    // A symmetry keeps cells adjacent, so the move back in the original frame exists.
    const int next = back[static_cast<std::size_t>(base_next)];
    out.push_back(*domain.move_between(here, next));
    here = next;
  }
  return out;
}

}  // namespace slidegif
