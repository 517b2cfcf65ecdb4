#include "solve/pattern/multi_tile_table.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <thread>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"
#include "solve/support/parallel_blocks.hpp"
#include "solve/support/relaxed_atomic.hpp"

namespace slidegif::detail {
namespace {

constexpr std::uint8_t kUnseen = 0xFF;
constexpr int kMaxTableCells = 64;  // placements are ranked in 64-bit cell masks

// Layer by layer, by scanning: layer d's placements are the entries equal to d, and threads
// split the scan by rank chunks. No queue: memory is the table itself, a byte a placement.
class MultiTileBuilder {
 public:
  MultiTileBuilder(const Board& goal, const Pattern& pattern, const PdbBuildOptions& options)
      : goal_(goal), pattern_(pattern), options_(options) {
    n_ = goal.cells();
    k_ = static_cast<int>(pattern.size()) + 1;
    entries_ = multi_tile_entries(n_, k_ - 1);
    table_.assign(entries_, kUnseen);
    threads_ = options.threads > 0
                   ? options.threads
                   : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    // Every line move of the blank from every cell: the cells it passes, nearest first.
    for (int cell = 0; cell < n_; ++cell) {
      for (const Move m : kAllMoves) {
        Line line;
        for (int c = neighbour(goal.shape(), cell, m); c >= 0; c = neighbour(goal.shape(), c, m))
          line.cells[line.length++] = static_cast<std::uint8_t>(c);
        if (line.length > 0) lines_[static_cast<std::size_t>(cell)].push_back(line);
      }
    }
  }

  std::vector<std::uint8_t> run(PdbBuildStats* stats) {
    std::array<std::uint8_t, kMaxPatternTiles + 1> cells{};
    cells[0] = static_cast<std::uint8_t>(goal_.blank());
    for (int i = 1; i < k_; ++i) cells[i] = static_cast<std::uint8_t>(home(pattern_[i - 1]));
    table_[rank_placement(cells.data(), k_, n_)] = 0;
    reached_ = 1;
    int depth = 0;
    while (expand_layer(depth)) {
      // Entries are bytes and kUnseen marks the unreached: no table of up to 64 cells nears it.
      if (++depth + 1 >= kUnseen)
        throw Error(Error::Kind::BadInput, "a multi-tile table deeper than 253 moves");
      report();
    }
    if (stats) *stats = PdbBuildStats{.max_value = depth, .clamped = 0};
    return std::move(table_);
  }

 private:
  static constexpr std::uint64_t kBlock = 1 << 14;  // ranks per work chunk

  struct Line {
    std::array<std::uint8_t, kMaxSide> cells{};
    int length = 0;
  };

  int home(int tile) const {
    for (int c = 0; c < n_; ++c)
      if (goal_.at(c) == tile) return c;
    return -1;  // not reached: check_pattern() vouched for the tile
  }

  void unrank(std::uint64_t r, std::uint8_t* cells) const {
    std::array<int, kMaxPatternTiles + 1> digit{};
    for (int i = k_ - 1; i >= 0; --i) {
      const auto base = static_cast<std::uint64_t>(n_ - i);
      digit[static_cast<std::size_t>(i)] = static_cast<int>(r % base);
      r /= base;
    }
    std::uint64_t used = 0;
    const std::uint64_t all = n_ == 64 ? ~0ULL : (1ULL << n_) - 1;
    for (int i = 0; i < k_; ++i) {
      std::uint64_t avail = all & ~used;  // the digit-th cell not used by an earlier one
      for (int j = 0; j < digit[static_cast<std::size_t>(i)]; ++j) avail &= avail - 1;
      cells[i] = static_cast<std::uint8_t>(std::countr_zero(avail));
      used |= 1ULL << cells[i];
    }
  }

  // Expands layer `depth`; false when it reached nothing new.
  bool expand_layer(int depth) {
    const std::uint64_t blocks = (entries_ + kBlock - 1) / kBlock;
    return sum_over_blocks(blocks, threads_, [&](int t, std::uint64_t b) {
             std::uint64_t added = 0;
             const std::uint64_t end = std::min(entries_, (b + 1) * kBlock);
             for (std::uint64_t r = b * kBlock; r < end; ++r)
               if (relaxed_load(table_[r]) == depth) added += expand(r, depth);
             if (t == 0 && (b & 63) == 0) report();
             return added;
           }) != 0;
  }

  // Visits every placement one line move from r; returns how many were new. The children's
  // ranks are all worked out and prefetched first: the table is larger than the caches.
  SLIDEGIF_PDB_CLONES std::uint64_t expand(std::uint64_t r, int depth) {
    std::array<std::uint8_t, kMaxPatternTiles + 1> cells{};
    unrank(r, cells.data());
    std::array<std::int8_t, kMaxTableCells> owner{};  // cell -> index in cells, or -1
    owner.fill(-1);
    for (int i = 1; i < k_; ++i)
      owner[cells[static_cast<std::size_t>(i)]] = static_cast<std::int8_t>(i);
    std::array<std::uint64_t, 4 * kMaxSide> children{};
    std::size_t count = 0;
    for (const Line& line : lines_[cells[0]]) {
      auto moved = cells;
      int before = cells[0];
      for (int s = 0; s < line.length; ++s) {
        const int c = line.cells[static_cast<std::size_t>(s)];
        if (const int i = owner[static_cast<std::size_t>(c)]; i >= 0)
          moved[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(before);
        moved[0] = static_cast<std::uint8_t>(c);
        before = c;
        children[count] = rank_placement(moved.data(), k_, n_);
        __builtin_prefetch(&table_[children[count]], 1);
        ++count;
      }
    }
    std::uint64_t added = 0;
    const auto next = static_cast<std::uint8_t>(depth + 1);
    for (std::size_t j = 0; j < count; ++j) {
      std::uint8_t& e = table_[children[j]];
      if (relaxed_load(e) != kUnseen) continue;
      std::uint8_t expected = kUnseen;
      if (__atomic_compare_exchange_n(&e, &expected, next, false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED))
        ++added;
    }
    reached_.fetch_add(added, std::memory_order_relaxed);
    return added;
  }

  void report() {
    if (options_.progress)
      options_.progress(static_cast<double>(reached_.load()) / static_cast<double>(entries_));
  }

  const Board& goal_;
  const Pattern& pattern_;
  const PdbBuildOptions& options_;
  int n_ = 0;
  int k_ = 0;  // placed: the blank and the pattern's tiles
  int threads_ = 1;
  std::uint64_t entries_ = 0;
  std::vector<std::uint8_t> table_;
  std::array<std::vector<Line>, kMaxTableCells> lines_;
  std::atomic<std::uint64_t> reached_{0};
};

}  // namespace

std::vector<std::uint8_t> build_multi_tile_table(const Board& goal, const Pattern& pattern,
                                                 const PdbBuildOptions& options,
                                                 PdbBuildStats* stats) {
  check_pattern(goal, pattern);
  if (static_cast<int>(pattern.size()) >= kMaxPatternTiles)
    throw Error(Error::Kind::BadInput, "a multi-tile pattern has at most 8 tiles");
  if (goal.cells() > kMaxTableCells)
    throw Error(Error::Kind::BadInput, "multi-tile tables serve boards of up to 64 cells");
  return MultiTileBuilder(goal, pattern, options).run(stats);
}

}  // namespace slidegif::detail
