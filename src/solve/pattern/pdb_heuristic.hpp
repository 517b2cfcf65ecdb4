#pragma once
// The pattern-database heuristic: a partition's tables summed (pattern_database.hpp has the
// overview).

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"
#include "solve/heuristic/manhattan.hpp"
#include "solve/pattern/pattern.hpp"
#include "solve/pattern/rank_steps.hpp"

namespace slidegif::detail {

// The sum of a partition's tables, maximised with the same sum on the board reflected about
// its main diagonal when the goal allows it (square board, goal blank on the diagonal): the
// reflected board needs exactly as many moves, so both sums are lower bounds.
// A heuristic (heuristic.hpp). Views `tables`; they must outlive it.
//
// Zero-aware tables (pattern_table.hpp) hold an entry per blank cell too. A move changes only
// the moved tile's entry all the same: for every other pattern the blank steps between two of
// its free cells, which lie in one region. Their entries are the excess's parity only: a child's
// excess is its parent's, or one more or less as the moved tile's Manhattan distance fell or
// rose, whichever has the parity read; a search's first state walks its patterns home to learn
// theirs (zero_aware_excess).
struct PdbTablesOptions {
  bool reflect = true;      // take the reflected board's sum too, where the goal allows it
  bool zero_aware = false;  // the tables are zero-aware (pattern_table.hpp)
};

class PdbHeuristic {
 public:
  static constexpr int kMaxPatterns = 16;
  // Pattern databases serve boards of up to 8x8 (their files hold no larger goal): a state's
  // tile -> cell table stays as small as it was before boards grew to 16x16, which IDA* copies
  // at every node.
  static constexpr int kMaxPdbCells = 64;
  // Ranks are kept in the state, a slide changing one (rank_steps.hpp), for partitions of up
  // to this many patterns whose placements a 32-bit rank counts (the 15- and 24-puzzle sets);
  // others rank afresh at every lookup.
  static constexpr int kSteppedPatterns = 8;
  // Zero-aware tables serve boards of up to this many cells (pattern_table.hpp), 5x5 among
  // them: a pattern's cover then fits the state in 32 bits, kept up to date as its ranks are,
  // for partitions of up to kCoveredPatterns (the zero-aware sets have 2 to 4; more rank
  // afresh). Eight 32-bit covers each way made the state 32 bytes larger, and IDA*, which copies
  // it at every node, 5-10% slower on the 15-puzzle.
  static constexpr int kMaxZeroAwareCells = 32;
  static constexpr int kCoveredPatterns = 4;

  PdbHeuristic(const Board& goal, Partition partition,
               std::vector<std::span<const std::uint8_t>> tables, PdbTablesOptions options = {});

  // heuristic.hpp's interface: a move looks up only the table holding the moved tile, and the
  // reflected table holding its mirror image.
  struct State {
    std::array<std::uint8_t, kMaxPdbCells> where;  // tile -> cell
    std::array<std::uint8_t, kMaxPatterns> excess;
    std::array<std::uint8_t, kMaxPatterns> reflected;
    std::array<std::uint32_t, kSteppedPatterns> rank;  // per pattern, where ranks are stepped
    std::array<std::uint32_t, kSteppedPatterns> reflected_rank;
    int manhattan;
    int excess_sum;
    int reflected_sum;
    // Between prepare() and finish(): the entries to read (pattern 0xFF: none).
    std::uint64_t pending_index;
    std::uint64_t pending_reflected_index;
    std::uint8_t pending_pattern;
    std::uint8_t pending_reflected_pattern;
    // Zero-aware tables only: the moved tile's change of Manhattan distance, and per pattern
    // the cells its tiles cover (boards of up to kMaxZeroAwareCells), both ways.
    std::int8_t moved_distance;
    std::array<std::uint32_t, kCoveredPatterns> cover;
    std::array<std::uint32_t, kCoveredPatterns> reflected_cover;
  };
  int estimate(const std::uint8_t* tiles, State& out) const;
  int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const;
  // update() in two halves (heuristic.hpp's SplitHeuristic): prepare() ranks the child's
  // placements and asks for their table bytes; finish() reads them, once a node's other
  // children have asked for theirs too. Both are inlined into the search for tables with
  // stepped ranks (the 15- and 24-puzzle sets): there the call, and the slide handed over
  // through memory, were a large part of the search's own time (inlined, 1.1-1.2 times the
  // nodes a second; BENCHMARKS.md).
  // Always inlined: GCC 12 stopped inlining it once it served zero-aware tables too.
  [[gnu::always_inline]] void prepare(const std::uint8_t* tiles, Slide slide, const State& parent,
                                      State& child) const {
    if (inlined_) {
      prepare_as<false>(tiles, slide, parent, child);
    } else {
      prepare_any(tiles, slide, parent, child);
    }
  }
  int finish(State& child) const;

  // A state in 32 bits - the 4-bit table values, both ways, of up to kPackedPatterns patterns -
  // and back from the board and its estimate: weighted A* keeps one per node rather than look
  // every table up again when it expands the node.
  static constexpr std::size_t kPackedPatterns = 4;
  // What pack() returns for a state with a value past 4 bits (zero-aware tables are not clamped
  // at 15): unpack() cannot take it, and the caller looks the board up again with estimate().
  // Four patterns all at 15 pack to the same word: looked up again too, which costs only time.
  static constexpr std::uint32_t kNotPacked = 0xFFFFFFFF;
  bool packs() const { return partition_.size() <= kPackedPatterns; }
  std::uint32_t pack(const State& state) const;
  void unpack(const std::uint8_t* tiles, int estimate, std::uint32_t packed, State& out) const;

  const Board& goal() const { return goal_; }
  const Partition& partition() const { return partition_; }
  bool reflects() const { return reflect_; }
  bool zero_aware() const { return zero_aware_; }
  bool steps_ranks() const { return stepped_; }  // kSteppedPatterns

 private:
  // Entry indexes of pattern p (its reflection) with the blank on cell `blank`.
  std::uint64_t rank(std::size_t p, const std::uint8_t* where, int blank) const;
  std::uint64_t rank_reflected(std::size_t p, const std::uint8_t* where, int blank) const;
  // The entry index of the k pattern tiles on `cells`.
  std::uint64_t index(const std::uint8_t* cells, int k, int blank) const;
  // The same, from the placement's rank and the cells it covers (read by zero-aware tables).
  std::uint64_t index(std::uint64_t rank, std::uint64_t used, int k, int blank) const;
  // Pattern p's cells (`where`: tile -> cell) in its ranking order, on the board and on the
  // board reflected; and k cells as a bit set, which zero-aware tables read.
  void cells_of(std::size_t p, const std::uint8_t* where, std::uint8_t* cells) const;
  void reflected_cells_of(std::size_t p, const std::uint8_t* where, std::uint8_t* cells) const;
  static std::uint64_t cover(const std::uint8_t* cells, int k);
  // The ranks of every pattern (stepped_ only), both ways.
  void rank_all(State& state) const;
  // prepare() for any tables (kAny), or for tables with stepped ranks only (inlined_).
  // Always inlined: into the search, and into each of prepare_any's clones, which GCC would
  // otherwise leave calling one baseline copy.
  template <bool kAny>
  [[gnu::always_inline]] void prepare_as(const std::uint8_t* tiles, Slide slide,
                                         const State& parent, State& child) const;
  // prepare_as<true>, compiled for newer processors too: ranking afresh and zero-aware indexes
  // count bits. Hidden said again: GCC 12 exports a target_clones function
  // (SLIDEGIF_PDB_CLONES) from a shared library whatever -fvisibility says; its dispatcher:
  // cmake/libslidegif.map.
  __attribute__((visibility("hidden"))) void prepare_any(const std::uint8_t* tiles, Slide slide,
                                                         const State& parent, State& child) const;
  int entry(std::size_t p, std::uint64_t index) const { return packed_entry(tables_[p], index); }
  // The byte of pattern p's table that holds entry `index`.
  const std::uint8_t* entry_byte(std::size_t p, std::uint64_t index) const {
    return tables_[p].data() + (zero_aware_ ? index / 8 : index / 2);
  }
  // The excess of pattern p with its tiles on `cells` (in its ranking order; a zero-aware walk
  // changes them) and the blank on `blank`: a plain table's entry, or zero_aware_excess().
  int excess_at(std::size_t p, std::uint8_t* cells, int blank) const;
  // The excess of pattern p with its tiles on `cells` (changed on the way) and the blank on
  // `blank`, from a zero-aware table's parities: each step moves a tile so that the distance
  // falls by one, until every tile is home with the blank in the goal blank's region; the steps
  // are the distance.
  int zero_aware_excess(std::size_t p, std::uint8_t* cells, int blank) const;
  // A child's excess from its parent's and the parity read (zero-aware tables).
  static int next_excess(int parent, int parity, int moved_distance) {
    return parent + ((parity ^ parent) & 1) * -moved_distance;
  }
  static unsigned cells_bits(int a, int b) { return 1u << a | 1u << b; }

  Board goal_;
  Partition partition_;
  std::vector<std::span<const std::uint8_t>> tables_;
  bool reflect_ = false;
  bool zero_aware_ = false;
  ManhattanTable manhattan_;              // of the tiles in some pattern
  std::vector<std::uint8_t> transpose_;   // cell -> reflected cell
  std::vector<std::uint8_t> mirror_;      // tile -> the tile whose goal cell is the reflection
  std::vector<std::uint8_t> pattern_of_;  // tile -> pattern index, or 0xFF
  Partition mirror_source_;               // [p][i]: the tile whose mirror is partition_[p][i]
  bool stepped_ = false;                  // ranks live in the state (kSteppedPatterns)
  bool inlined_ = false;                  // stepped_: prepare_as<false>
  std::array<std::uint8_t, kMaxPatterns> free_{};  // per pattern, the cells its tiles leave
  std::vector<std::uint8_t> place_;  // tile -> its index in its pattern (with pattern_of_)
  RankSteps steps_;                  // the board's own ranks
  RankSteps reflected_steps_;        // the reflected board's
};

// Details ---------------------------------------------------------------------------------

template <bool kAny>
inline void PdbHeuristic::prepare_as(const std::uint8_t* tiles, Slide slide, const State& parent,
                                     State& child) const {
  const int tile = slide.tile;
  child = parent;
  child.where[tile] = slide.to;
  const int moved_distance = manhattan_.delta(slide);
  child.manhattan += moved_distance;
  child.moved_distance = static_cast<std::int8_t>(moved_distance);
  // A large table's entry is a cache (and TLB) miss: asking for it here lets the misses of a
  // node's children overlap rather than come one after another.
  child.pending_pattern = pattern_of_[tile];
  if (const std::uint8_t p = child.pending_pattern; p != 0xFF) {
    if (!kAny || stepped_) {
      child.rank[p] = static_cast<std::uint32_t>(
          parent.rank[p] + steps_.delta(p, place_[tile], slide.from, slide.to, tiles));
      child.pending_index = child.rank[p];
      if (zero_aware_) {
        // The cover kept in the state, not gathered from `where`: 1.1 times the nodes a second.
        child.cover[p] =
            static_cast<std::uint32_t>(parent.cover[p] ^ cells_bits(slide.from, slide.to));
        child.pending_index = zero_aware_index(child.rank[p], child.cover[p], slide.from, free_[p]);
      }
    } else if constexpr (kAny) {
      child.pending_index = rank(p, child.where.data(), slide.from);
    }
    __builtin_prefetch(entry_byte(p, child.pending_index));
  }
  child.pending_reflected_pattern = reflect_ ? pattern_of_[mirror_[tile]] : 0xFF;
  if (const std::uint8_t p = child.pending_reflected_pattern; p != 0xFF) {
    if (!kAny || stepped_) {
      child.reflected_rank[p] = static_cast<std::uint32_t>(
          parent.reflected_rank[p] + reflected_steps_.delta(p, place_[mirror_[tile]],
                                                            transpose_[slide.from],
                                                            transpose_[slide.to], tiles));
      child.pending_reflected_index = child.reflected_rank[p];
      if (zero_aware_) {
        const int from = transpose_[slide.from];
        child.reflected_cover[p] = static_cast<std::uint32_t>(
            parent.reflected_cover[p] ^ cells_bits(from, transpose_[slide.to]));
        child.pending_reflected_index =
            zero_aware_index(child.reflected_rank[p], child.reflected_cover[p], from, free_[p]);
      }
    } else if constexpr (kAny) {
      child.pending_reflected_index = rank_reflected(p, child.where.data(), slide.from);
    }
    __builtin_prefetch(entry_byte(p, child.pending_reflected_index));
  }
}

inline int PdbHeuristic::finish(State& child) const {
  if (const std::uint8_t p = child.pending_pattern; p != 0xFF) {
    const int x = zero_aware_
                      ? next_excess(child.excess[p], bit_entry(tables_[p], child.pending_index),
                                    child.moved_distance)
                      : entry(p, child.pending_index);
    child.excess_sum += x - child.excess[p];
    child.excess[p] = static_cast<std::uint8_t>(x);
  }
  if (const std::uint8_t p = child.pending_reflected_pattern; p != 0xFF) {
    // The mirror tile's Manhattan distance on the reflected board changed as the tile's did.
    const int x = zero_aware_ ? next_excess(child.reflected[p],
                                            bit_entry(tables_[p], child.pending_reflected_index),
                                            child.moved_distance)
                              : entry(p, child.pending_reflected_index);
    child.reflected_sum += x - child.reflected[p];
    child.reflected[p] = static_cast<std::uint8_t>(x);
  }
  child.pending_pattern = child.pending_reflected_pattern = 0xFF;
  return child.manhattan + 2 * std::max(child.excess_sum, child.reflected_sum);
}

}  // namespace slidegif::detail
