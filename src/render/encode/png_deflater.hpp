#pragma once
// A PNG frame's rows, deflated (zlib format, as IDAT and fdAT hold them) by libdeflate.

#include <cstdint>
#include <memory>
#include <vector>

#include "render/pixels/frame_diff.hpp"

struct libdeflate_compressor;

namespace slidegif::detail {

struct CompressorFree {
  void operator()(libdeflate_compressor* c) const;
};
using Compressor = std::unique_ptr<libdeflate_compressor, CompressorFree>;

// Deflates a frame's rows as PNG holds them. After the first frame, an unchanged pixel may be
// written as the transparent index or as itself; each way is tried, and the smallest kept.
class PngDeflater {
 public:
  // A still has no earlier frame, so nothing to compare: it sets up only the thorough
  // compressor (the fast one is about 200 KB more a request).
  enum class Frames { One, Many };
  explicit PngDeflater(Frames frames = Frames::Many);
  // `area` of `frame`; with `previous` (the frame shown before, row by row), pixels equal to it
  // may be `transparent`.
  std::vector<std::uint8_t> rows(IndexedView frame, const Rect& area,
                                 const std::vector<std::uint8_t>* previous,
                                 std::uint8_t transparent) const;

 private:
  Compressor ranking_;  // fast: which way codes smallest (Frames::Many only)
  Compressor final_;    // thorough: the frame as written
};

}  // namespace slidegif::detail
