#pragma once
// Video output, MP4 (H.264) and WebM (VP9): a FrameWriter (frame_writer.hpp) like the WebP and
// APNG writers. Declared here, where the renderer needs it, and defined outside the rendering
// library, in src/video: with FFmpeg's libraries (video_writer.cpp), or without video
// (no_video.cpp). Render depends on this interface only, never on src/video.
//
// Debian ships FFmpeg as shared libraries only, so the programs linked statically (slidegif.cgi,
// and the slidegif command, which hands video to its dynamic twin slidegif-video) link
// no_video.cpp instead of video_writer.cpp: the same two functions, without video. CMake picks
// one per program (SLIDEGIF_SHARED in CMakeLists.txt).

#include <memory>

#include "render/encode/frame_writer.hpp"

namespace slidegif::detail {

// Whether this program writes video.
bool video_available();

// A writer of `format` (Mp4 or Webm) for frames of width x height indices into `palette` (which
// must outlive it). A video plays once: the page's <video loop> repeats it. Throws
// Error(Unsupported) without video, Error(Render) when FFmpeg lacks the encoder or fails.
std::unique_ptr<FrameWriter> make_video_writer(OutputFormat format, const Palette& palette,
                                               int width, int height);

}  // namespace slidegif::detail
