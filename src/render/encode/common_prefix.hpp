#pragma once
// How many leading bytes two arrays share, eight at a time: the WebP writer's row differences
// (webp_frame.cpp) and its copy lengths (vp8l.cpp) both ask it, per pixel of every frame.

#include <bit>
#include <cstdint>

#include "render/gif/little_endian.hpp"

namespace slidegif {

// The first i in [0, n) where a[i] != b[i], or n.
inline int common_prefix(const std::uint8_t* a, const std::uint8_t* b, int n) {
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const std::uint64_t diff = read_le<std::uint64_t>(a + i) ^ read_le<std::uint64_t>(b + i);
    if (diff != 0) return i + std::countr_zero(diff) / 8;
  }
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

}  // namespace slidegif
