#pragma once
// The look of an animation: a theme's colours, and the fixed palette every frame is drawn in
// (the colours plus the blends antialiasing makes where two of them touch).
//
//   const slidegif::detail::Theme& theme = slidegif::detail::find_theme("dark");
//   slidegif::detail::Palette palette = slidegif::detail::make_palette(theme);

#include <string_view>
#include <vector>

#include "render/pixels/palette.hpp"

namespace slidegif::detail {

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
// (text over its background, tile edges over the tray...). Same theme, same palette. What the
// tiles, wells and tray are drawn with (at most 63 colours) comes before the transparent slot,
// what only captions and titles use after it.
Palette make_palette(const Theme& theme);

}  // namespace slidegif::detail
