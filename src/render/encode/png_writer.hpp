#pragma once
// PNG, written here over libdeflate: an animated PNG (APNG: Debian's libpng has no APNG writer) and
// a still of one frame. Both are palette images with the animation's own colour table, so they hold
// exactly its pixels; an APNG frame after the first is the rectangle that changed, composed over
// the previous frame, its unchanged pixels the transparent index where that codes smaller.

#include <cstdint>
#include <vector>

#include "render/encode/frame_writer.hpp"
#include "render/encode/png_deflater.hpp"

namespace slidegif::detail {

class ApngWriter : public FrameWriter {
 public:
  ApngWriter(const Palette& palette, int width, int height, int loop);
  void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) override;
  int frames() const override { return frames_; }
  std::vector<std::uint8_t> finish() && override;

 private:
  const Palette& palette_;
  int width_, height_, loop_;
  PngDeflater deflater_;  // one for every frame: a compressor is large to set up
  std::vector<std::uint8_t> previous_;
  std::vector<std::uint8_t> chunks_;  // every frame's fcTL and data chunks, in order
  std::uint32_t sequence_ = 0;        // the next fcTL/fdAT sequence number
  int frames_ = 0;
};

class PngStillWriter : public FrameWriter {
 public:
  // Keeps frame `index` (from 0, not -1) of those added.
  PngStillWriter(const Palette& palette, int width, int height, int index);
  void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) override;
  int frames() const override { return image_.empty() ? 0 : 1; }
  bool complete() const override { return seen_ > index_; }
  std::vector<std::uint8_t> finish() && override;

 private:
  const Palette& palette_;
  int width_, height_, index_;
  int seen_ = 0;
  std::vector<std::uint8_t> image_;  // the frame kept, deflated
};

}  // namespace slidegif::detail
