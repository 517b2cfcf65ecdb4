// The programs without FFmpeg (see video_writer.hpp): every request for video is refused, in
// terms the front ends turn into their own advice.

#include <fmt/format.h>

#include "render/encode/video_output.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

bool video_available() {
  return false;
}

std::unique_ptr<FrameWriter> make_video_writer(OutputFormat format, const Palette& /*palette*/,
                                               int /*width*/, int /*height*/) {
  throw Error(Error::Kind::Unsupported,
              fmt::format("{} is video, and this program writes no video (it is linked without "
                          "FFmpeg's libraries)",
                          format == OutputFormat::Mp4 ? "MP4" : "WebM"));
}

}  // namespace slidegif::detail
