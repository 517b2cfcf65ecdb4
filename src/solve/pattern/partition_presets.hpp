#pragma once
// The named partitions the pattern-database files are built from.

#include <string_view>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::detail {

// Boards with databases: from 12 cells (smaller ones are solved in milliseconds without) to 16
// (kMaxOptimalCells: larger boards are not searched optimally by default), and 5x5, whose
// tables serve its near-optimal search and, given time, an optimal one.
inline constexpr int kMinPresetCells = 12;
inline constexpr int kMaxPresetCells = 16;
inline constexpr Shape kLargePresetShape{5, 5};
bool has_preset_partitions(Shape shape);

// The set whose tables count multi-tile moves (multi_tile_pdb.hpp), a byte an entry.
inline constexpr std::string_view kMultiTileSet = "mtm";

// The large set's partition with zero-aware tables (pattern_table.hpp), a bit an entry, on 12
// to 16 cells and 5x5: 584 MB on 4x4, 1.2 GB on 5x5.
inline constexpr std::string_view kZeroAwareSet = "zero-aware";

// Named partitions, defined on goal *cells* so they follow any goal:
//   4x4: "small" 6-6-3 (about 6 MB, built in seconds), "large" 7-8 (about 290 MB);
//   5x5: "small" 5-5-5-5-4 (about 13 MB, seconds), "large" Korf & Felner's 6-6-6-6 (about
//   255 MB, minutes and 2 GB of memory to build);
//   other shapes of 12 to 16 cells (3x4, 2x6, 2x7, 3x5, 2x8 and their transposes): blocks of
//   6 ("small") or 7 ("large") tiles along the long side, e.g. 6-6-3 and 7-7-1 on 2x8;
//   "mtm", the multi-tile metric's (multi_tile_pdb.hpp), on 12 to 16 cells: 4x4's rows 6-6-3
//   (about 115 MB, a byte an entry), the blocks of 6 elsewhere.
// Throws Error(BadInput) for an unknown name or a shape that has no such preset.
Partition preset_partition(std::string_view name, const Board& goal);

}  // namespace slidegif::detail
