#pragma once
// A picture puzzle's art: the picture fitted to the board, one palette for the whole animation
// made from it by libimagequant (pngquant's quantiser) with the theme's colours kept exactly,
// and the fitted picture in that palette's indices, to cut the tiles from.
//
//   slidegif::detail::PictureArt art = slidegif::detail::make_picture_art(options.picture, shape,
//   80, theme, false);
//   // art.indices[y * art.width + x]: palette index of the fitted picture's pixel (x, y)

#include <cstdint>
#include <vector>

#include "render/look/theme.hpp"
#include "render/pixels/palette.hpp"
#include "slidegif/board.hpp"
#include "slidegif/picture.hpp"

namespace slidegif::detail {

struct PictureArt {
  Palette palette;
  int width = 0, height = 0;          // the board: cols * tile x rows * tile
  std::vector<std::uint8_t> indices;  // width * height, row by row
};

// Throws Error(Render) when the quantiser fails.
PictureArt make_picture_art(const Picture& picture, Shape shape, int tile_px, const Theme& theme,
                            bool dither);

// The art with its colours in `order` (order[k]: the drawable index to put at k; every one once,
// as ColourCensus::order() gives them) and the transparent slot after them all.
// Throws Error(Render) when `order` is not such a list.
void reorder_colours(PictureArt& art, const std::vector<std::uint8_t>& order);

}  // namespace slidegif::detail
