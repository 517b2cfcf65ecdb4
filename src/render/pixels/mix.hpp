#pragma once
// Blending two colours: antialiased edges, gradients, the palette's in-between shades.

#include <algorithm>
#include <cstdint>

#include "render/pixels/palette.hpp"

namespace slidegif::detail {

// a + (b - a) * t per channel, t clamped to [0, 1], rounded. Inline: it runs for every pixel
// of every tile sprite.
inline Rgb mix(Rgb a, Rgb b, double t) {
  t = std::clamp(t, 0.0, 1.0);
  // +0.5 and truncate rounds like lround for these non-negative values, without the libm call.
  auto lerp = [t](int x, int y) { return static_cast<std::uint8_t>(x + (y - x) * t + 0.5); };
  return {lerp(a.r, b.r), lerp(a.g, b.g), lerp(a.b, b.b)};
}

}  // namespace slidegif::detail
