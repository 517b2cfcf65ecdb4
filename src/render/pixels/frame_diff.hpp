#pragma once
// Frames as the encoders read them, and what changed from one to the next: every format codes a
// frame after the first as the rectangle that changed, with the pixels inside it that did not
// change left to show the previous frame (transparent).

#include <cstdint>
#include <vector>

#include "render/pixels/rect.hpp"

namespace slidegif::detail {

// A frame: `height` rows of `width` palette indices, row y at rows[y]. It views pixels owned
// elsewhere and copies nothing: a libgd palette image's `pixels` is such a table of rows (the
// rendering library draws frames that way), a vector of rows another.
struct IndexedView {
  const std::uint8_t* const* rows = nullptr;
  int width = 0, height = 0;
};

// The smallest rectangle holding every pixel of `area` (clipped to the frame) whose index in
// `frame` differs from `previous` (the last frame, width * height indices row by row); empty if
// none does.
Rect changed_area(IndexedView frame, const std::vector<std::uint8_t>& previous, Rect area);

// The rectangle a writer codes for `frame` (encode/frame_writer.hpp): the whole frame for the
// first, else what changed within `dirty`; one pixel when nothing did (a frame must have one, and
// its delay must be kept).
Rect area_to_code(IndexedView frame, const std::vector<std::uint8_t>& previous, const Rect& dirty,
                  bool first);

// Copies `area` of `frame` into `previous`, which then holds the frame shown.
void keep_area(IndexedView frame, std::vector<std::uint8_t>& previous, const Rect& area);

}  // namespace slidegif::detail
