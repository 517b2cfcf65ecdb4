#include "render/encode/frame_writer.hpp"

#include <fmt/format.h>

#include "render/encode/png_writer.hpp"
#include "render/encode/video_output.hpp"
#include "render/encode/webp_writer.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

int still_frame_index(int frame, int frames) {
  const int index = frame == -1 ? frames - 1 : frame;
  if (index < 0 || index >= frames) {
    throw Error(Error::Kind::BadInput,
                fmt::format("no frame {}: this animation has {} frames, 0 to {} (-1: the last)",
                            frame, frames, frames - 1));
  }
  return index;
}

std::unique_ptr<FrameWriter> make_frame_writer(const Encoding& encoding, const Palette& palette,
                                               int width, int height, int loop) {
  switch (encoding.format) {
    case OutputFormat::Webp:
      return std::make_unique<WebpWriter>(palette, width, height, loop);
    case OutputFormat::Apng:
      return std::make_unique<ApngWriter>(palette, width, height, loop);
    case OutputFormat::Png:
      return std::make_unique<PngStillWriter>(palette, width, height, encoding.frame);
    case OutputFormat::Mp4:
    case OutputFormat::Webm:
      return make_video_writer(encoding.format, palette, width, height);
    case OutputFormat::Gif:
      break;
  }
  throw Error(Error::Kind::Render, "GIF is written by the GIF encoder, not a frame writer");
}

}  // namespace slidegif::detail
