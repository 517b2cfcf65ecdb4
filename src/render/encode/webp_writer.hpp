#pragma once
// Animated lossless WebP through libwebp: each frame's changed rectangle (known from the frame
// loop, so nothing is diffed a second time) encoded alone and placed on the canvas with
// libwebpmux, unchanged pixels inside it transparent and blended over the previous frame.
// (WebPAnimEncoder, which gif2webp uses, compares whole frames to find what we already know.)

#include <cstdint>
#include <memory>
#include <vector>

#include "render/encode/frame_writer.hpp"

struct WebPMux;

namespace slidegif {

class WebpWriter : public FrameWriter {
 public:
  // Throws Error(Render) for a size WebP cannot hold (over 16383 pixels a side).
  WebpWriter(const Palette& palette, int width, int height, int loop);
  ~WebpWriter() override;
  void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) override;
  int frames() const override { return frames_; }
  std::vector<std::uint8_t> finish() && override;

 private:
  // `area` of `frame` as a lossless WebP bitstream; with `blend`, pixels equal to previous_
  // transparent.
  std::vector<std::uint8_t> encode(IndexedView frame, const Rect& area, bool blend) const;

  std::vector<std::uint32_t> argb_;  // the palette as libwebp's ARGB words
  int width_, height_;
  std::unique_ptr<WebPMux, void (*)(WebPMux*)> mux_;
  std::vector<std::uint8_t> previous_;
  int frames_ = 0;
};

}  // namespace slidegif
