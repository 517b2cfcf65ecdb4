#pragma once
// Sets of cells as 64-bit masks, for the pattern-database builder: the blank's region is a flood
// fill through the free cells, and a region is stored compressed to the free cells' bits.

#include <bit>
#include <cstdint>

#include "slidegif/board.hpp"

namespace slidegif::detail {

// Cell sets as bit masks; the blank's region is a flood fill through free cells.
struct CellGrid {
  explicit CellGrid(Shape s) : shape(s) {
    const int n = s.cells();
    all = n == 64 ? ~0ULL : (1ULL << n) - 1;
    for (int c = 0; c < n; ++c) {
      if (c % s.cols != 0) not_first_col |= 1ULL << c;
      if (c % s.cols != s.cols - 1) not_last_col |= 1ULL << c;
    }
  }
  // The cells next to `cell`.
  std::uint64_t neighbours(int cell) const {
    const std::uint64_t at = 1ULL << cell;
    return (((at & not_last_col) << 1) | ((at & not_first_col) >> 1) | (at << shape.cols) |
            (at >> shape.cols)) &
           all;
  }
  std::uint64_t flood(int from, std::uint64_t free) const {
    std::uint64_t r = 1ULL << from;
    for (;;) {
      const std::uint64_t grown = (r | ((r & not_last_col) << 1) | ((r & not_first_col) >> 1) |
                                   (r << shape.cols) | (r >> shape.cols)) &
                                  free & all;
      if ((grown | r) == r) return r;
      r |= grown;
    }
  }
  Shape shape;
  std::uint64_t all = 0;
  std::uint64_t not_first_col = 0;
  std::uint64_t not_last_col = 0;
};

// A blank region kept per placement as a mask over the *free* cells only (those no pattern
// tile holds, in cell order): the 8-tile pattern of 4x4 then needs one byte per mask, not two.
// Branch-free: the bits are data-dependent and mispredicted branches cost more than the loop.
inline std::uint64_t compress(std::uint64_t cells, std::uint64_t free) {
  std::uint64_t out = 0;
  for (int bit = 0; free; free &= free - 1, ++bit)
    out |= ((cells >> std::countr_zero(free)) & 1) << bit;
  return out;
}
inline std::uint64_t expand_mask(std::uint64_t compact, std::uint64_t free) {
  std::uint64_t out = 0;
  for (; free; free &= free - 1, compact >>= 1)
    if (compact & 1) out |= free & (~free + 1);
  return out;
}

}  // namespace slidegif::detail
