#pragma once
// Patterns - the sets of tiles a pattern database tracks - and the ranking of a pattern's
// placements that indexes its table of 4-bit (zero-aware: 1-bit) entries (pattern_database.hpp
// has the overview).

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

using Pattern = std::vector<std::uint8_t>;  // tile labels, in ranking order
using Partition = std::vector<Pattern>;

inline constexpr int kMaxPatternTiles = 9;

// Throws Error(BadInput) if the pattern is empty, has more than kMaxPatternTiles tiles, names
// the blank, a tile the goal does not have, or a tile twice.
void check_pattern(const Board& goal, const Pattern& pattern);
// Checks each pattern as check_pattern() does, and that there are at most `max_patterns` and
// none overlap; returns the tiles they cover as a bit set.
std::uint64_t check_partition(const Board& goal, const Partition& partition,
                              std::size_t max_patterns);

// Throws Error(BadInput) unless pattern p's table has the `need` bytes its placements take.
void check_table_bytes(std::size_t p, std::size_t bytes, std::uint64_t need);

// Placements of k tiles on `cells` cells: cells! / (cells - k)!.
std::uint64_t pattern_entries(int cells, int tiles);
// Entries of a zero-aware table (pattern_table.hpp): one for each placement and each of the
// cells - k cells its tiles leave free for the blank.
inline std::uint64_t zero_aware_entries(int cells, int tiles) {
  return pattern_entries(cells, tiles) * static_cast<std::uint64_t>(cells - tiles);
}
// Bytes of a 4-bit table of that many entries.
inline std::uint64_t packed_bytes(std::uint64_t entries) {
  return (entries + 1) / 2;
}
// Entry `index` of a 4-bit table.
inline int packed_entry(std::span<const std::uint8_t> packed, std::uint64_t index) {
  return (packed[index / 2] >> ((index & 1) * 4)) & 15;
}
// Bytes of a table of one bit an entry (zero-aware tables: pattern_table.hpp), and its entries.
inline std::uint64_t bit_bytes(std::uint64_t entries) {
  return (entries + 7) / 8;
}
inline int bit_entry(std::span<const std::uint8_t> bits, std::uint64_t index) {
  return (bits[index / 8] >> (index & 7)) & 1;
}

// Ranking is the heavy part of building and of looking up once the memory waits overlap, and
// x86-64-v3's popcnt and friends halve it. A function marked with this is compiled twice and
// the variant the processor runs is chosen at load time (Debian's baseline has no popcnt).
// GCC only: clang 14 names the dispatcher so that calls from other files do not link.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define SLIDEGIF_PDB_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define SLIDEGIF_PDB_CLONES
#endif

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

// Index of a placement (cell of pattern tile i at cells[i]) in [0, pattern_entries). Inline:
// it is the inner loop of both the builder and the heuristic's lookups.
inline std::uint64_t rank_placement(const std::uint8_t* cells, int tiles, int board_cells) {
  std::uint64_t used = 0;
  std::uint64_t index = 0;
  for (int i = 0; i < tiles; ++i) {
    const std::uint64_t below = (1ULL << cells[i]) - 1;
    const int r = cells[i] - detail::count_bits(used & below);
    index = index * static_cast<std::uint64_t>(board_cells - i) + static_cast<std::uint64_t>(r);
    used |= 1ULL << cells[i];
  }
  return index;
}

// A zero-aware table's index (pattern_table.hpp): placement `rank`, whose tiles cover the
// cells in `used`, with the blank on cell `blank`, which is the j-th cell of the `free` others.
inline std::uint64_t zero_aware_index(std::uint64_t rank, std::uint64_t used, int blank, int free) {
  const auto j = blank - count_bits(used & ((1ULL << blank) - 1));
  return rank * static_cast<std::uint64_t>(free) + static_cast<std::uint64_t>(j);
}

}  // namespace slidegif::detail
