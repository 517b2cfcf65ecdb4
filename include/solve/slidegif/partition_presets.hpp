#pragma once
// The named partitions the pattern-database files are built from.

#include <string_view>

#include "slidegif/board.hpp"
#include "slidegif/pattern.hpp"

namespace slidegif {

// Named partitions for 4x4, defined on goal *cells* so they follow any goal:
//   "small": 6-6-3 (about 6 MB, built in seconds), "large": 7-8 (about 290 MB).
// Throws Error(BadInput) for an unknown name or a shape that has no such preset.
Partition preset_partition(std::string_view name, const Board& goal);

}  // namespace slidegif
