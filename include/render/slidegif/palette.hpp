#pragma once
// Colours, and the fixed colour table every frame of an animation is drawn in and its GIF
// carries (see gif.hpp).
//
//   slidegif::Palette palette({{255, 255, 255}, {0, 0, 0}});
//   int black = palette.nearest({10, 10, 10});  // 1

#include <cstdint>
#include <vector>

namespace slidegif {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

// An immutable colour table. The last entry is reserved as the transparent index used by
// frame-difference encoding; it is never drawn.
class Palette {
 public:
  // Throws Error(Render) when the colours plus the reserved slot exceed 256.
  explicit Palette(std::vector<Rgb> colors);
  int size() const { return static_cast<int>(colors_.size()); }  // including the reserved slot
  int transparent() const { return size() - 1; }
  const Rgb& operator[](int index) const { return colors_[static_cast<std::size_t>(index)]; }
  // The drawable entry closest to c (never the transparent slot), by the "redmean" weighted
  // distance; ties go to the lowest index.
  int nearest(Rgb c) const;

 private:
  std::vector<Rgb> colors_;
  std::vector<std::uint8_t> by_green_;  // drawable entries ordered by green, for nearest()
};

}  // namespace slidegif
