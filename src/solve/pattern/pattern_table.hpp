#pragma once
// Building one pattern's table (pattern_database.hpp has the overview), and reading an entry
// back as a number of moves.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::detail {

struct PdbBuildOptions {
  int threads = 0;                       // 0: std::thread::hardware_concurrency()
  std::function<void(double)> progress;  // fraction of placements reached, from one thread
  bool zero_aware = false;               // an entry per placement and blank cell (below)
};

// A zero-aware build keeps a mask of the free cells a placement; 32 bits hold 5x5's 19.
inline constexpr int kMaxZeroAwareFreeCells = 32;

struct PdbBuildStats {
  int max_value = 0;          // the largest table value (moves of pattern tiles)
  std::uint64_t clamped = 0;  // entries whose excess did not fit 4 bits (zero-aware: none)
};

// Breadth-first search backwards from the goal placement over (placement, blank region):
// the blank walks freely through non-pattern cells, so one state covers a whole connected
// region and only pattern-tile moves cost. Returns the table: 4 bits an entry, the excess over
// the pattern tiles' Manhattan distance in pairs of moves (zero-aware: below). Working memory is
// 4 bytes a placement when at most 8 cells are left free (2.1 GB for 4x4's 8-tile pattern),
// 8 bytes up to 16 free cells, 16 bytes up to 32 (2.0 GB for a 6-tile pattern of 5x5, whose 19
// free cells take flood fills instead of 4x4's table of regions).
//
// Zero-aware (Clausecker & Reinefeld, 2022), the table keeps an entry per placement and blank
// cell: the fewest pattern moves with the blank in that cell's region, where a plain entry is
// the fewest over every region. Entry placement * free + j is for the blank on the j-th free
// cell (zero_aware_index). Each entry is one bit, the parity of its excess (bit_entry): a
// pattern move changes a zero-aware distance by exactly one (a plain entry can drop by more,
// its best region changing), so a search that knows a state's excess knows its child's from
// the bit (PdbHeuristic). 4x4's file is then 584 MB rather than 2.3 GB, and a 6-tile table of
// 5x5 303 MB. Up to kMaxZeroAwareFreeCells free cells; a mask more a placement (1, 2 or 4 bytes).
// Throws Error(BadInput) as check_pattern() does, or for more free cells.
std::vector<std::uint8_t> build_pattern_table(const Board& goal, const Pattern& pattern,
                                              const PdbBuildOptions& options,
                                              PdbBuildStats* stats = nullptr);

// The value of one entry of a packed table (the number of moves, not the excess), for tests.
int pattern_table_value(std::span<const std::uint8_t> packed, const Board& goal,
                        const Pattern& pattern, const std::uint8_t* cells);

}  // namespace slidegif::detail
