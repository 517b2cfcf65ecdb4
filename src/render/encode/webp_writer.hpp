#pragma once
// Animated lossless WebP: each frame's changed rectangle (known from the frame loop, so nothing
// is diffed a second time) coded alone by our VP8L writer (vp8l.hpp; what it sends is
// webp_frame.hpp's choice) and placed on the canvas with libwebpmux, what did not change
// transparent and blended over the frame before. (WebPAnimEncoder, which gif2webp uses,
// compares whole frames to find what we already know.)

#include <cstdint>
#include <memory>
#include <vector>

#include "render/encode/frame_writer.hpp"

struct WebPMux;

namespace slidegif::detail {

class WebpWriter : public FrameWriter {
 public:
  // Throws Error(Render) for a size WebP cannot hold (over 16383 pixels a side).
  WebpWriter(const Palette& palette, int width, int height, int loop);
  ~WebpWriter() override;
  void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) override;
  int frames() const override { return frames_; }
  std::vector<std::uint8_t> finish() && override;

 private:
  std::vector<std::uint32_t> argb_;  // the palette as WebP's ARGB words
  int width_;
  std::unique_ptr<WebPMux, void (*)(WebPMux*)> mux_;
  std::vector<std::uint8_t> previous_;
  int frames_ = 0;
};

}  // namespace slidegif::detail
