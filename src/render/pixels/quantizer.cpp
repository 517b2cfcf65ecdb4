#include "render/pixels/quantizer.hpp"

#include <algorithm>
#include <cstdint>

namespace slidegif::detail {

namespace {

std::uint32_t pack(Rgb c) {
  return (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b;
}

}  // namespace

int Quantizer::index(Rgb c) {
  // A direct-mapped cache: antialiased art repeats a few hundred colours, and a collision only
  // costs a fresh search.
  const std::uint32_t key = pack(c) + 1;  // 0 marks an empty entry
  Entry& e = cache_[(key * 0x9E3779B1U) >> (32 - kCacheBits)];
  if (e.key != key)
    e = {key, static_cast<std::uint8_t>(front_only_ ? palette_.nearest_in_front(c)
                                                    : palette_.nearest(c))};
  return e.index;
}

GdImage Quantizer::to_palette_image(const gdImage& src) {
  auto out = make_palette_image(src.sx, src.sy, palette_, 0);
  map(src, {0, 0, src.sx, src.sy}, *out);
  return out;
}

void Quantizer::map(const gdImage& src, Rect area, gdImage& dst) {
  const int x0 = std::max(area.x, 0), x1 = std::min({area.x + area.w, src.sx, dst.sx});
  const int y0 = std::max(area.y, 0), y1 = std::min({area.y + area.h, src.sy, dst.sy});
  std::uint32_t last_key = UINT32_MAX;
  int last_index = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const int p = src.tpixels[y][x];
      const Rgb c{static_cast<std::uint8_t>(gdTrueColorGetRed(p)),
                  static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
                  static_cast<std::uint8_t>(gdTrueColorGetBlue(p))};
      const auto key = pack(c);
      if (key != last_key) {  // runs of one colour are the common case
        last_key = key;
        last_index = index(c);
      }
      dst.pixels[y][x] = static_cast<unsigned char>(last_index);
    }
  }
}

}  // namespace slidegif::detail
