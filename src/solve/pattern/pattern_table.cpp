#include "solve/pattern/pattern_table.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <thread>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"
#include "solve/heuristic/manhattan.hpp"
#include "solve/pattern/cell_mask.hpp"
#include "solve/support/format.hpp"
#include "solve/support/parallel_blocks.hpp"
#include "solve/support/relaxed_atomic.hpp"

namespace slidegif::detail {
namespace {

using detail::CellGrid;
using detail::compress;
using detail::expand_mask;

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
    if (options.zero_aware) odd_.assign(entries_, Mask{});
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
    if (options_.zero_aware) return zero_aware_table();
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

  // The zero-aware table (pattern_table.hpp): bit rank * free + j, the parity of the excess
  // with the blank on free cell j.
  std::vector<std::uint8_t> zero_aware_table() const {
    const auto free = static_cast<std::uint64_t>(n_ - k_);
    std::vector<std::uint8_t> bits(bit_bytes(zero_aware_entries(n_, k_)), 0);
    // A placement's mask of exactly 8 free cells is already the table's byte.
    if (free == 8 && sizeof(Mask) == 1) {
      std::memcpy(bits.data(), odd_.data(), bits.size());
      return bits;
    }
    for (std::uint64_t i = 0; i < entries_; ++i) {
      const auto word = static_cast<std::uint64_t>(odd_[i]);
      for (std::uint64_t j = 0; j < free; ++j) {
        const std::uint64_t at = i * free + j;
        bits[at / 8] |= static_cast<std::uint8_t>(((word >> j) & 1) << (at & 7));
      }
    }
    return bits;
  }

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
    return sum_over_blocks(blocks_, threads_, [&](int t, std::uint64_t b) {
             if (!dirty_[cur][b]) return std::uint64_t{0};
             dirty_[cur][b] = 0;
             std::uint64_t added = 0;
             const std::uint64_t end = std::min(entries_, (b + 1) * kBlock);
             for (std::uint64_t r = b * kBlock; r < end; ++r) {
               const Mask m = table_[r].slot[cur];
               if (m == 0) continue;
               table_[r].slot[cur] = 0;
               added += expand(r, m, depth);
             }
             if (t == 0 && (b & 63) == 0) report();
             return added;
           }) != 0;
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
      if (relaxed_load(e.seen) & c.region) return 0;
      old = relaxed_fetch_or(e.seen, static_cast<Mask>(c.region));
      if (old & c.region) return 0;
      relaxed_fetch_or(e.slot[nx], static_cast<Mask>(c.region));
    }
    // Only the dirty flag's owner layer reads it, after the threads have joined.
    relaxed_store(dirty_[nx][c.rank / kBlock], std::uint8_t{1});
    const int excess = (depth + 1 - (md + manhattan_.delta(c.slide))) / 2;
    const int x = std::min(excess, 15);
    // One visitor sees a region unseen: its cells' entries are this layer's. A zero-aware
    // entry keeps only the parity, which is exact at any excess.
    if (!odd_.empty() && (excess & 1) != 0) record_odd(odd_[c.rank], c.region);
    if (excess > 15 && old == 0 && odd_.empty()) clamped_.fetch_add(1, std::memory_order_relaxed);
    if (old == 0) {  // exactly one visitor sees the placement unseen
      e.excess = static_cast<std::uint8_t>(x);
      reached_.fetch_add(1, std::memory_order_relaxed);
    }
    return 1;
  }

  void record_odd(Mask& word, Mask region) {
    if (threads_ == 1)
      word = static_cast<Mask>(word | region);
    else
      relaxed_fetch_or(word, region);
  }

  void report() {
    if (options_.progress)
      options_.progress(static_cast<double>(reached_.load()) / static_cast<double>(entries_));
  }

  const Board& goal_;
  CellGrid grid_;
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
  std::vector<Mask> odd_;  // zero-aware builds only: per placement, the free cells of odd excess
  std::vector<std::uint16_t> region_table_;         // [(free cells << 4) | cell]: see child_region
  std::array<std::vector<std::uint8_t>, 2> dirty_;  // per block: slot[i] holds something
  std::atomic<std::uint64_t> reached_{0};
  std::atomic<std::uint64_t> clamped_{0};
};

}  // namespace

std::vector<std::uint8_t> build_pattern_table(const Board& goal, const Pattern& pattern,
                                              const PdbBuildOptions& options,
                                              PdbBuildStats* stats) {
  check_pattern(goal, pattern);
  // Masks cover the cells left free by the pattern.
  const int free = goal.cells() - static_cast<int>(pattern.size());
  if (options.zero_aware && free > kMaxZeroAwareFreeCells)
    throw Error(Error::Kind::BadInput,
                detail::format("a zero-aware table serves at most {} free cells, not {}",
                               kMaxZeroAwareFreeCells, free));
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
  return md + 2 * packed_entry(packed, r);
}

}  // namespace slidegif::detail
