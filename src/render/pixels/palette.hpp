#pragma once
// Colours, and the fixed colour table every frame of an animation is drawn in and its GIF
// carries (see gif.hpp).
//
//   slidegif::detail::Palette palette({{255, 255, 255}, {0, 0, 0}});
//   int black = palette.nearest({10, 10, 10});  // 1

#include <cstdint>
#include <vector>

#include "slidegif/color.hpp"

namespace slidegif::detail {

// The "redmean" weighted distance between two colours: cheap and much closer to perceived
// difference than plain RGB. One level of green is 4; about 20 is where a difference starts
// to be seen side by side.
long color_distance(Rgb a, Rgb b);

// An immutable colour table: `colors`, then a slot reserved as the transparent index of
// frame-difference encoding (never drawn), then `later_colors`. A GIF image is coded with as
// many bits per index as its highest index needs, so the colours most frames use go first and
// the transparent slot right after them (at 63 at most, frames then code with 7-bit codes).
class Palette {
 public:
  // Throws Error(Render) when the colours plus the reserved slot exceed 256.
  explicit Palette(std::vector<Rgb> colors, std::vector<Rgb> later_colors = {});
  int size() const { return static_cast<int>(colors_.size()); }  // including the reserved slot
  int transparent() const { return transparent_; }
  const Rgb& operator[](int index) const { return colors_[static_cast<std::size_t>(index)]; }
  // The drawable entry closest to c (never the transparent slot), by the "redmean" weighted
  // distance; ties go to the lowest index.
  int nearest(Rgb c) const { return nearest(c, by_green_); }
  // The same among the colours before the transparent slot only: what a sliding tile is drawn
  // with, so that the frames it changes code with as few bits as those colours need.
  int nearest_in_front(Rgb c) const {
    return nearest(c, front_by_green_.empty() ? by_green_ : front_by_green_);
  }

 private:
  std::vector<Rgb> colors_;
  int transparent_;
  int nearest(Rgb c, const std::vector<std::uint8_t>& by_green) const;

  std::vector<std::uint8_t> by_green_;        // drawable entries ordered by green, for nearest()
  std::vector<std::uint8_t> front_by_green_;  // those before the transparent slot
};

}  // namespace slidegif::detail
