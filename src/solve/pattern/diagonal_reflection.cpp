#include "solve/pattern/diagonal_reflection.hpp"

namespace slidegif::detail {

std::optional<DiagonalReflection> diagonal_reflection(const Board& goal,
                                                      const Partition& partition) {
  const int side = goal.rows();
  const int blank = goal.blank();
  if (goal.rows() != goal.cols() || blank / side != blank % side) return std::nullopt;
  const auto n = static_cast<std::size_t>(goal.cells());
  DiagonalReflection r{std::vector<std::uint8_t>(n), std::vector<std::uint8_t>(n), {}};
  for (std::size_t c = 0; c < n; ++c)
    r.cell[c] = static_cast<std::uint8_t>((c % side) * side + c / side);
  for (std::size_t c = 0; c < n; ++c) r.mirror[goal.at(static_cast<int>(c))] = goal.at(r.cell[c]);
  std::vector<std::uint8_t> unmirror(n);
  for (std::size_t t = 0; t < n; ++t) unmirror[r.mirror[t]] = static_cast<std::uint8_t>(t);
  for (const Pattern& pat : partition) {
    Pattern src;
    for (const auto t : pat) src.push_back(unmirror[t]);
    r.sources.push_back(std::move(src));
  }
  return r;
}

}  // namespace slidegif::detail
