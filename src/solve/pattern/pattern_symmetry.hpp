#pragma once
// One pattern's table from another's: a pattern table depends only on its tiles' goal cells
// (the blank's goal cell plays no part), so when a board symmetry takes one pattern's goal cells
// onto another's, the second table is the first with its entries moved. Three of the
// 24-puzzle's 6-6-6-6 tables are quarter turns of each other: one search serves all three.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::detail {

// A symmetry (goal_framing.hpp's numbering) that takes the goal cells of `from` onto those of
// `to`, as sets, or std::nullopt.
std::optional<int> pattern_symmetry(const Board& goal, const Pattern& from, const Pattern& to);

// The packed table of `to` from the packed table of `from`, through pattern_symmetry's answer.
std::vector<std::uint8_t> map_pattern_table(const Board& goal, const Pattern& from,
                                            std::span<const std::uint8_t> from_table,
                                            const Pattern& to, int symmetry);

}  // namespace slidegif::detail
