#pragma once
// The look of an animation: a theme's colours, and the fixed palette every frame is drawn in
// (the colours plus the blends antialiasing makes where two of them touch).
//
//   const slidegif::Theme& theme = slidegif::find_theme("dark");
//   slidegif::Palette palette = slidegif::make_palette(theme);

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "slidegif/palette.hpp"

namespace slidegif {

struct Theme {
  const char* name;
  Rgb canvas;       // around the board and behind the captions
  Rgb board;        // the tray the tiles sit in
  Rgb blank;        // the empty cell (a recessed well); its centre is exactly this colour
  Rgb blank_shade;  // inner shadow at the top of the well
  Rgb face_top;     // tile face, vertical gradient
  Rgb face_bottom;
  Rgb lip;     // darker band under the face that makes tiles look raised
  Rgb shadow;  // drop shadow under tiles
  Rgb digit;
  Rgb caption;
  Rgb title;
};

// All themes; the first is the default. The table is constant.
const std::vector<Theme>& themes();
// Throws Error(BadInput) naming the valid themes.
const Theme& find_theme(std::string_view name);
// The theme's colours plus the blends antialiasing produces between colours that touch
// (text over its background, tile edges over the tray...). Same theme, same palette.
Palette make_palette(const Theme& theme);

// a + (b - a) * t per channel, t clamped to [0, 1], rounded. Inline: it runs for every pixel
// of every tile sprite.
inline Rgb mix(Rgb a, Rgb b, double t) {
  t = std::clamp(t, 0.0, 1.0);
  // +0.5 and truncate rounds like lround for these non-negative values, without the libm call.
  auto lerp = [t](int x, int y) { return static_cast<std::uint8_t>(x + (y - x) * t + 0.5); };
  return {lerp(a.r, b.r), lerp(a.g, b.g), lerp(a.b, b.b)};
}

}  // namespace slidegif
