#pragma once
// What an animated WebP's frame sends of an area of our frame: its own colour table (only the
// colours it uses, in ARGB order) and each pixel as an index into it, transparent where the
// frame before shows through.
//
// A run of one colour is transparent only when no pixel of it changed; a run that changes
// anywhere is sent whole, so that rows read like the picture and copy from the rows above
// (6-7% smaller than every unchanged pixel transparent, on format_bench's animations). The
// table is in ARGB order because it is sent as differences from entry to entry (10% smaller
// frames than in palette order).
//
//   WebpFrame f = webp_frame(frame, area, previous, canvas_width, argb, /*blend=*/true);
//   auto bytes = vp8l_bitstream(f.colours, f.pixels, area.w, area.h);

#include <cstdint>
#include <span>
#include <vector>

#include "render/pixels/frame_diff.hpp"
#include "render/pixels/rect.hpp"

namespace slidegif::detail {

struct WebpFrame {
  std::vector<std::uint32_t> colours;  // ARGB, 1 to 256; transparent is 0
  std::vector<std::uint8_t> pixels;    // area.w x area.h indices into colours, and 8 spare
};

// `area` of `frame`, against `previous` (the canvas so far, `canvas_width` indices a row) and
// `argb` (the palette as ARGB words). Without `blend` (a first frame), or when transparency
// would make 257 colours, every pixel is sent as it is.
WebpFrame webp_frame(IndexedView frame, const Rect& area, std::span<const std::uint8_t> previous,
                     int canvas_width, std::span<const std::uint32_t> argb, bool blend);

}  // namespace slidegif::detail
