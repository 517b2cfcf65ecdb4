#include "render/encode/webp_writer.hpp"

#include <fmt/format.h>
#include <webp/encode.h>  // WEBP_MAX_DIMENSION
#include <webp/mux.h>

#include <cstring>
#include <new>

#include "render/encode/vp8l.hpp"
#include "render/encode/webp_frame.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

Error webp_error(const char* what) {
  return Error(Error::Kind::Render, fmt::format("WebP: {} failed", what));
}

// libwebpmux's answer to `what`: nothing when it worked; std::bad_alloc when it ran out of
// memory (a server answers 503: try again), as any allocation of ours would.
void check(WebPMuxError status, const char* what) {
  if (status == WEBP_MUX_MEMORY_ERROR) throw std::bad_alloc();
  if (status != WEBP_MUX_OK) throw webp_error(what);
}

}  // namespace

WebpWriter::WebpWriter(const Palette& palette, int width, int height, int loop)
    : width_(width), mux_(WebPMuxNew(), WebPMuxDelete) {
  if (width < 1 || height < 1 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
    throw Error(Error::Kind::Render, fmt::format("a WebP cannot be {}x{} pixels", width, height));
  }
  if (!mux_) throw std::bad_alloc();  // all WebPMuxNew allocates
  for (int i = 0; i < palette.size(); ++i) {
    const Rgb c = palette[i];
    argb_.push_back(0xFF000000U | (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b);
  }
  argb_.resize(256, 0xFF000000U);
  // N plays is a loop count of N in WebP (GIF's count is of repeats); 0 is forever in both.
  const WebPMuxAnimParams params{.bgcolor = 0xFFFFFFFFU, .loop_count = loop};
  check(WebPMuxSetCanvasSize(mux_.get(), width, height), "setting the canvas");
  check(WebPMuxSetAnimationParams(mux_.get(), &params), "setting the canvas");
  previous_.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
}

WebpWriter::~WebpWriter() = default;

void WebpWriter::add_frame(IndexedView frame, int delay_cs, const Rect& dirty) {
  const bool first = frames_ == 0;
  Rect area = area_to_code(frame, previous_, dirty, first);
  // A frame on a canvas starts at even coordinates (WebP stores offsets halved).
  const int x0 = area.x & ~1, y0 = area.y & ~1;
  area = {x0, y0, area.x + area.w - x0, area.y + area.h - y0};
  // Unchanged pixels transparent, blended over the frame before: 25-35% smaller than the
  // rectangle coded whole (measured on format_bench's animations).
  const bool blend = !first;
  const WebpFrame sent = webp_frame(frame, area, previous_, width_, argb_, blend);
  const std::vector<std::uint8_t> bytes = vp8l_bitstream(sent.colours, sent.pixels, area.w, area.h);
  WebPMuxFrameInfo info;
  std::memset(&info, 0, sizeof info);
  info.bitstream = {bytes.data(), bytes.size()};
  info.x_offset = area.x;
  info.y_offset = area.y;
  info.duration = delay_cs * 10;
  info.id = WEBP_CHUNK_ANMF;
  info.dispose_method = WEBP_MUX_DISPOSE_NONE;
  info.blend_method = blend ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND;
  check(WebPMuxPushFrame(mux_.get(), &info, /*copy_data=*/1), "WebPMuxPushFrame");
  keep_area(frame, previous_, area);
  ++frames_;
}

std::vector<std::uint8_t> WebpWriter::finish() && {
  if (frames_ == 0) throw Error(Error::Kind::Render, "a WebP animation needs a frame");
  WebPData data;
  WebPDataInit(&data);
  check(WebPMuxAssemble(mux_.get(), &data), "WebPMuxAssemble");
  std::vector<std::uint8_t> bytes(data.bytes, data.bytes + data.size);
  WebPDataClear(&data);
  return bytes;
}

}  // namespace slidegif::detail
