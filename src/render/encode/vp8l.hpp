#pragma once
// A WebP lossless ("VP8L") bitstream of an image of at most 256 colours, written by us rather
// than by libwebp: our frames are small and already indexed, and libwebp's fixed cost per
// picture (its analysis, buffers and trials, about 0.35 ms a frame at any effort) made WebP
// eight times slower than our GIF. What is kept of the format: the colour-indexing transform
// (with pixels bundled two, four or eight to a byte when the colours are few), LZ77 over the
// indices with the format's short codes for nearby pixels, and one set of prefix codes.
// Format: doc/webp-lossless-bitstream-spec.txt in libwebp; RFC 9649.

#include <cstdint>
#include <span>
#include <vector>

namespace slidegif::detail {

// `pixels` (width x height, row by row) index `colours` (1 to 256 ARGB words, alpha on top).
// The result is the payload of a VP8L chunk, signature byte first. Throws Error(Render) for a
// size the format cannot hold (over 16384 a side) or pixels that are not width x height.
std::vector<std::uint8_t> vp8l_bitstream(std::span<const std::uint32_t> colours,
                                         std::span<const std::uint8_t> pixels, int width,
                                         int height);

}  // namespace slidegif::detail
