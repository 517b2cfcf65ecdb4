#pragma once
// The board reflected about its main diagonal, for looking a pattern database up twice. Where
// the reflection maps the goal onto itself (a square board whose goal has the blank on the
// diagonal), a board and its reflection, tiles relabelled, are equally far from the goal in
// either metric: each table's entry for both is a lower bound, and the larger one is kept.

#include <cstdint>
#include <optional>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::detail {

struct DiagonalReflection {
  std::vector<std::uint8_t> cell;  // cell -> reflected cell
  std::vector<std::uint8_t>
      mirror;         // tile -> the tile whose goal cell is the reflection of its own
  Partition sources;  // [p][i]: the tile whose mirror is partition[p][i]
};

// std::nullopt where the reflection does not map `goal` onto itself.
std::optional<DiagonalReflection> diagonal_reflection(const Board& goal,
                                                      const Partition& partition);

}  // namespace slidegif::detail
