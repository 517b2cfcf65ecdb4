#include "render/pixels/sprite.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace slidegif::detail {

void copy_sprite(gdImage& dst, const gdImage& src, int x, int y) {
  const int x0 = std::max(0, -x), x1 = std::min(src.sx, dst.sx - x);
  const int y0 = std::max(0, -y), y1 = std::min(src.sy, dst.sy - y);
  if (x0 >= x1) return;
  const int t = src.transparent;
  for (int sy = y0; sy < y1; ++sy) {
    const unsigned char* from = src.pixels[sy];
    unsigned char* to = dst.pixels[y + sy] + x;
    if (t < 0) {
      std::memcpy(to + x0, from + x0, static_cast<std::size_t>(x1 - x0));
      continue;
    }
    int sx = x0;
    // Eight pixels at a time where none of them is transparent (most of a tile sprite).
    const std::uint64_t transparent = static_cast<std::uint8_t>(t) * 0x0101010101010101ULL;
    for (; sx + 8 <= x1; sx += 8) {
      std::uint64_t word;
      std::memcpy(&word, from + sx, 8);
      const std::uint64_t x = word ^ transparent;  // a zero byte where the pixel is transparent
      if (((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) == 0) {
        std::memcpy(to + sx, &word, 8);
        continue;
      }
      for (int k = sx; k < sx + 8; ++k) {
        if (from[k] != t) to[k] = from[k];
      }
    }
    for (; sx < x1; ++sx) {
      if (from[sx] != t) to[sx] = from[sx];
    }
  }
}

}  // namespace slidegif::detail
