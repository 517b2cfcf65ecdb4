#pragma once
// The formats slidegif writes, in one place: each front end maps an output name or a request to
// one of these, and refuses anything else with the list of what there is.
//
//   const OutputFormat f = format_of_output_name(flags.output);  // ".webp": Webp; or throws
//   slidegif::render(start, moves, look, {OutputFormat::Png, /*frame=*/0});  // a thumbnail

#include <string>
#include <string_view>

#include "slidegif/export.hpp"

namespace slidegif {

// Every format shows the same frames: the animated ones with the same delays, a still PNG one
// frame of them. The videos show them through lossy coding (over 40 dB PSNR) with a frame size
// rounded up to even numbers (the added column or row repeats the edge).
enum class OutputFormat {
  Gif,   // animated GIF: the default, and what every viewer plays
  Webp,  // animated WebP, lossless
  Apng,  // animated PNG (APNG), lossless
  Png,   // one frame as a still PNG (Encoding::frame)
  Mp4,   // H.264 video in MP4, for <video>: lossy, plays once (the page's `loop` repeats it)
  Webm,  // VP9 video in WebM, the same
};

struct OutputFormatInfo {
  OutputFormat format;
  std::string_view name;       // "gif", as --format and format= take it
  std::string_view extension;  // ".gif"
  std::string_view mime_type;  // "image/gif"
  bool video;                  // through FFmpeg's libraries, which not every program links
};

inline constexpr OutputFormatInfo kOutputFormats[] = {
    {OutputFormat::Gif, "gif", ".gif", "image/gif", false},
    {OutputFormat::Webp, "webp", ".webp", "image/webp", false},
    {OutputFormat::Apng, "apng", ".apng", "image/apng", false},
    {OutputFormat::Png, "png", ".png", "image/png", false},
    {OutputFormat::Mp4, "mp4", ".mp4", "video/mp4", true},
    {OutputFormat::Webm, "webm", ".webm", "video/webm", true},
};

SLIDEGIF_API const OutputFormatInfo& format_info(OutputFormat format);

// Whether this program can write `format`. The video formats need FFmpeg's libraries, which
// Debian ships shared only: programs linked statically (slidegif.cgi, the slidegif command,
// which hands video to its helper slidegif-video) and builds without FFmpeg cannot. Rendering
// such a format there throws Error(Unsupported).
SLIDEGIF_API bool can_write(OutputFormat format);

// What a file holds: its format, and for a still image which frame.
struct Encoding {
  Encoding() = default;
  Encoding(OutputFormat f, int still_frame = 0) : format(f), frame(still_frame) {}  // NOLINT
  OutputFormat format = OutputFormat::Gif;
  // With Png: the frame shown, counted from 0 (the start position, or the goal where the
  // animation shows its goal first); -1 is the last (the solved board).
  int frame = 0;
  bool operator==(const Encoding&) const = default;
};

// The format an output file's name asks for by its extension (any case). A name without an
// extension (a device such as /dev/null, "-" for standard output, a plain "out") is GIF, the
// default. Throws Error(BadInput) for another extension, listing the formats there are.
SLIDEGIF_API OutputFormat format_of_output_name(std::string_view name);

// The format called `name` ("gif", as in kOutputFormats). Throws Error(BadInput) for another,
// listing the names there are.
SLIDEGIF_API OutputFormat format_named(std::string_view name);

}  // namespace slidegif
