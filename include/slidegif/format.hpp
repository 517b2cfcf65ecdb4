#pragma once
// The formats slidegif writes, in one place: each front end maps an output name or a request to
// one of these, and refuses anything else with the list of what there is.
//
//   const OutputFormat f = format_of_output_name(flags.output);  // ".webp": Webp; or throws
//   slidegif::render(start, moves, look, {OutputFormat::Png, /*frame=*/0});  // a thumbnail

#include <string>
#include <string_view>

namespace slidegif {

// Every format shows the same frames: the animated ones with the same delays, a still PNG one
// frame of them.
enum class OutputFormat {
  Gif,   // animated GIF: the default, and what every viewer plays
  Webp,  // animated WebP, lossless
  Apng,  // animated PNG (APNG), lossless
  Png,   // one frame as a still PNG (Encoding::frame)
};

struct OutputFormatInfo {
  OutputFormat format;
  std::string_view name;       // "gif", as --format and format= take it
  std::string_view extension;  // ".gif"
  std::string_view mime_type;  // "image/gif"
};

inline constexpr OutputFormatInfo kOutputFormats[] = {
    {OutputFormat::Gif, "gif", ".gif", "image/gif"},
    {OutputFormat::Webp, "webp", ".webp", "image/webp"},
    {OutputFormat::Apng, "apng", ".apng", "image/apng"},
    {OutputFormat::Png, "png", ".png", "image/png"},
};

const OutputFormatInfo& format_info(OutputFormat format);

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
OutputFormat format_of_output_name(std::string_view name);

// The format called `name` ("gif", as in kOutputFormats). Throws Error(BadInput) for another,
// listing the names there are.
OutputFormat format_named(std::string_view name);

}  // namespace slidegif
