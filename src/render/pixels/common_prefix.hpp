#pragma once
// Where two rows of bytes stop agreeing, from the front or from the back, eight bytes at a
// time: what changed between frames (frame_diff.cpp, encode/webp_frame.cpp) and how long a
// WebP copy can be (encode/vp8l.cpp), per pixel of every frame.

#include <bit>
#include <cstdint>

#include "render/pixels/little_endian.hpp"

namespace slidegif::detail {

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

// How many of the last bytes of a[0, n) and b[0, n) agree: n - 1 - (the last i where they
// differ), or n.
inline int common_suffix(const std::uint8_t* a, const std::uint8_t* b, int n) {
  int i = n;
  for (; i >= 8; i -= 8) {
    const std::uint64_t diff =
        read_le<std::uint64_t>(a + i - 8) ^ read_le<std::uint64_t>(b + i - 8);
    if (diff != 0) return n - i + std::countl_zero(diff) / 8;
  }
  while (i > 0 && a[i - 1] == b[i - 1]) --i;
  return n - i;
}

}  // namespace slidegif::detail
