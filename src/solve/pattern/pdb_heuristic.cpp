#include "solve/pattern/pdb_heuristic.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "slidegif/error.hpp"
#include "solve/pattern/cell_mask.hpp"
#include "solve/pattern/diagonal_reflection.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {
PdbHeuristic::PdbHeuristic(const Board& goal, Partition partition,
                           std::vector<std::span<const std::uint8_t>> tables,
                           PdbTablesOptions options)
    : goal_(goal),
      partition_(std::move(partition)),
      tables_(std::move(tables)),
      zero_aware_(options.zero_aware),
      // Tiles outside every pattern add nothing, so the sum stays a lower bound.
      manhattan_(goal, check_partition(goal, partition_, kMaxPatterns)) {
  const int n = goal.cells();
  if (n > kMaxPdbCells) {
    throw Error(Error::Kind::BadInput,
                detail::format("pattern databases serve boards of up to {} cells", kMaxPdbCells));
  }
  if (tables_.size() != partition_.size())
    throw Error(Error::Kind::BadInput, "one table per pattern is needed");
  if (zero_aware_ && n > kMaxZeroAwareCells) {
    throw Error(Error::Kind::BadInput, detail::format("zero-aware pattern databases serve boards "
                                                      "of up to {} cells",
                                                      kMaxZeroAwareCells));
  }
  pattern_of_.assign(static_cast<std::size_t>(n), 0xFF);
  place_.assign(static_cast<std::size_t>(n), 0);
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    for (std::size_t i = 0; i < partition_[p].size(); ++i) {
      pattern_of_[partition_[p][i]] = static_cast<std::uint8_t>(p);
      place_[partition_[p][i]] = static_cast<std::uint8_t>(i);
    }
    const int k = static_cast<int>(partition_[p].size());
    free_[p] = static_cast<std::uint8_t>(n - k);
    check_table_bytes(
        p, tables_[p].size(),
        zero_aware_ ? bit_bytes(zero_aware_entries(n, k)) : packed_bytes(pattern_entries(n, k)));
  }
  if (options.reflect) {
    if (auto r = diagonal_reflection(goal, partition_)) {
      reflect_ = true;
      transpose_ = std::move(r->cell);
      mirror_ = std::move(r->mirror);
      mirror_source_ = std::move(r->sources);
    }
  }
  stepped_ = partition_.size() <= (zero_aware_ ? kCoveredPatterns : kSteppedPatterns);
  for (const Pattern& pat : partition_)
    stepped_ = stepped_ && pattern_entries(n, static_cast<int>(pat.size())) <= UINT32_MAX;
  inlined_ = stepped_;
  if (!stepped_) return;
  std::vector<RankSteps::Place> own(static_cast<std::size_t>(n));
  for (std::size_t t = 0; t < own.size(); ++t) own[t] = {pattern_of_[t], place_[t]};
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
  steps_ = RankSteps(n, partition_, cells, own);
  if (!reflect_) return;
  // Reflected, tile t stands where its mirror's goal is: it has its mirror's place.
  std::vector<RankSteps::Place> mirrored(own.size());
  for (std::size_t t = 0; t < own.size(); ++t) mirrored[t] = own[mirror_[t]];
  reflected_steps_ = RankSteps(n, partition_, transpose_, mirrored);
}

// inline: prepare() is the search's hot path, and GCC does not inline this call on its own.
inline std::uint64_t PdbHeuristic::index(std::uint64_t rank, std::uint64_t used, int k,
                                         int blank) const {
  return zero_aware_ ? zero_aware_index(rank, used, blank, goal_.cells() - k) : rank;
}

inline std::uint64_t PdbHeuristic::index(const std::uint8_t* cells, int k, int blank) const {
  return index(rank_placement(cells, k, goal_.cells()), zero_aware_ ? cover(cells, k) : 0, k,
               blank);
}

inline std::uint64_t PdbHeuristic::cover(const std::uint8_t* cells, int k) {
  std::uint64_t used = 0;
  for (int i = 0; i < k; ++i) used |= 1ULL << cells[i];
  return used;
}

// A pattern's size, never above kMaxPatternTiles (check_partition() allows no more): said again
// for GCC, which warns of an overflow of the cell arrays once prepare_any() inlines them.
static std::size_t pattern_tiles(const Pattern& pat) {
  return std::min(pat.size(), static_cast<std::size_t>(kMaxPatternTiles));
}

inline void PdbHeuristic::cells_of(std::size_t p, const std::uint8_t* where,
                                   std::uint8_t* cells) const {
  const Pattern& pat = partition_[p];
  for (std::size_t i = 0; i < pattern_tiles(pat); ++i) cells[i] = where[pat[i]];
}

inline void PdbHeuristic::reflected_cells_of(std::size_t p, const std::uint8_t* where,
                                             std::uint8_t* cells) const {
  const Pattern& src = mirror_source_[p];
  for (std::size_t i = 0; i < pattern_tiles(src); ++i) cells[i] = transpose_[where[src[i]]];
}

inline std::uint64_t PdbHeuristic::rank(std::size_t p, const std::uint8_t* where, int blank) const {
  std::uint8_t cells[kMaxPatternTiles]{};
  cells_of(p, where, cells);
  return index(cells, static_cast<int>(partition_[p].size()), blank);
}

inline std::uint64_t PdbHeuristic::rank_reflected(std::size_t p, const std::uint8_t* where,
                                                  int blank) const {
  std::uint8_t cells[kMaxPatternTiles]{};
  reflected_cells_of(p, where, cells);
  return index(cells, static_cast<int>(partition_[p].size()), transpose_[blank]);
}

int PdbHeuristic::estimate(const std::uint8_t* tiles, State& out) const {
  out.where.fill(0);
  for (int c = 0; c < goal_.cells(); ++c) out.where[tiles[c]] = static_cast<std::uint8_t>(c);
  out.manhattan = manhattan_.sum(tiles);
  out.excess_sum = out.reflected_sum = 0;
  const int blank = out.where[0];
  std::uint8_t cells[kMaxPatternTiles]{};
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    cells_of(p, out.where.data(), cells);
    out.excess[p] = static_cast<std::uint8_t>(excess_at(p, cells, blank));
    out.excess_sum += out.excess[p];
    out.reflected[p] = 0;
    if (reflect_) {
      reflected_cells_of(p, out.where.data(), cells);
      out.reflected[p] = static_cast<std::uint8_t>(excess_at(p, cells, transpose_[blank]));
    }
    out.reflected_sum += out.reflected[p];
  }
  out.pending_pattern = out.pending_reflected_pattern = 0xFF;
  rank_all(out);
  return out.manhattan + 2 * std::max(out.excess_sum, out.reflected_sum);
}

int PdbHeuristic::excess_at(std::size_t p, std::uint8_t* cells, int blank) const {
  if (zero_aware_) return zero_aware_excess(p, cells, blank);
  return entry(p, index(cells, static_cast<int>(partition_[p].size()), blank));
}

// A zero-aware table whose parities lead nowhere: not the file that was checked when loaded.
static Error contradiction(Shape shape) {
  return Error(Error::Kind::BadInput,
               detail::format("a zero-aware pattern database contradicts itself (build it again: "
                              "slidegif pdb build --set zero-aware --size {} --force)",
                              format_shape(shape)));
}

int PdbHeuristic::zero_aware_excess(std::size_t p, std::uint8_t* cells, int blank) const {
  const Pattern& pat = partition_[p];
  const int k = static_cast<int>(pattern_tiles(pat));
  const CellGrid grid(goal_.shape());
  auto distance = [&](int i, int cell) {
    return manhattan_.distance(pat[static_cast<std::size_t>(i)], cell);
  };
  int md = 0;
  for (int i = 0; i < k; ++i) md += distance(i, cells[i]);
  const int first_md = md;
  int parity = bit_entry(tables_[p], index(cells, k, blank));
  // Home is every tile home with the blank in the goal blank's region: with the blank in another
  // region the tiles must still move to let it through. A pattern's distance is below 256; a
  // walk longer is a table that does not match its partition, which a checked file never is.
  const std::uint64_t goal_blank = 1ULL << goal_.blank();
  int walked = 0;
  for (;; ++walked) {
    const std::uint64_t region = grid.flood(blank, grid.all & ~cover(cells, k));
    if (md == 0 && (region & goal_blank) != 0) break;
    if (walked > 255) throw contradiction(goal_.shape());
    // Every step of a tile into the blank's region, each entry asked for before any is read.
    struct Step {
      int tile, to, change;  // change: of the tile's Manhattan distance
      std::uint64_t at;      // the entry after it
    };
    std::array<Step, kMaxPatternTiles * 4> candidates;
    std::size_t count = 0;
    for (int i = 0; i < k; ++i) {
      const int from = cells[i];
      for (std::uint64_t next = grid.neighbours(from) & region; next != 0; next &= next - 1) {
        const int to = std::countr_zero(next);
        cells[i] = static_cast<std::uint8_t>(to);
        candidates[count] = {i, to, distance(i, to) - distance(i, from), index(cells, k, from)};
        __builtin_prefetch(entry_byte(p, candidates[count++].at));
        cells[i] = static_cast<std::uint8_t>(from);
      }
    }
    // The distance changes as the Manhattan distance does when the parity stays, else the
    // other way (next_excess).
    std::size_t s = 0;
    for (; s < count; ++s) {
      const int bit = bit_entry(tables_[p], candidates[s].at);
      if ((bit == parity ? candidates[s].change : -candidates[s].change) < 0) break;
    }
    if (s == count) throw contradiction(goal_.shape());
    const Step& step = candidates[s];
    blank = cells[step.tile];
    cells[step.tile] = static_cast<std::uint8_t>(step.to);
    md += step.change;
    parity = bit_entry(tables_[p], step.at);
  }
  if (walked < first_md || (walked - first_md) % 2 != 0) throw contradiction(goal_.shape());
  return (walked - first_md) / 2;
}

void PdbHeuristic::rank_all(State& state) const {
  if (!stepped_) return;
  const int n = goal_.cells();
  std::uint8_t cells[kMaxPatternTiles]{};
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    const int k = static_cast<int>(partition_[p].size());
    cells_of(p, state.where.data(), cells);
    state.rank[p] = static_cast<std::uint32_t>(rank_placement(cells, k, n));
    if (zero_aware_) state.cover[p] = static_cast<std::uint32_t>(cover(cells, k));
    if (!reflect_) continue;
    reflected_cells_of(p, state.where.data(), cells);
    state.reflected_rank[p] = static_cast<std::uint32_t>(rank_placement(cells, k, n));
    if (zero_aware_) state.reflected_cover[p] = static_cast<std::uint32_t>(cover(cells, k));
  }
}

SLIDEGIF_PDB_CLONES void PdbHeuristic::prepare_any(const std::uint8_t* tiles, Slide slide,
                                                   const State& parent, State& child) const {
  prepare_as<true>(tiles, slide, parent, child);
}

// Whole, for the searches that keep one state a node (weighted A*) and for the tests.
int PdbHeuristic::update(const std::uint8_t* tiles, Slide slide, const State& parent,
                         State& child) const {
  prepare(tiles, slide, parent, child);
  return finish(child);
}

std::uint32_t PdbHeuristic::pack(const State& state) const {
  std::uint32_t bits = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    if (state.excess[p] > 15 || state.reflected[p] > 15) return kNotPacked;
    bits |= static_cast<std::uint32_t>(state.excess[p] | state.reflected[p] << 4) << (8 * p);
  }
  return bits;
}

void PdbHeuristic::unpack(const std::uint8_t* tiles, int estimate, std::uint32_t packed,
                          State& out) const {
  out.where.fill(0);
  for (int c = 0; c < goal_.cells(); ++c) out.where[tiles[c]] = static_cast<std::uint8_t>(c);
  out.excess_sum = out.reflected_sum = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p, packed >>= 8) {
    out.excess[p] = packed & 15;
    out.reflected[p] = (packed >> 4) & 15;
    out.excess_sum += out.excess[p];
    out.reflected_sum += out.reflected[p];
  }
  out.pending_pattern = out.pending_reflected_pattern = 0xFF;
  rank_all(out);
  // estimate = Manhattan + 2 * the larger sum.
  out.manhattan = estimate - 2 * std::max(out.excess_sum, out.reflected_sum);
}

}  // namespace slidegif::detail
