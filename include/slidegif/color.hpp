#pragma once
// A colour: 8-bit red, green and blue (a picture's pixels, a theme's colours).

#include <cstdint>

namespace slidegif {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

}  // namespace slidegif
