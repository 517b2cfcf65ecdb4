#pragma once
// The formats slidegif writes, in one place: each front end maps an output name or a request to
// one of these, and refuses anything else with the list of what there is.
//
//   const OutputFormat f = format_of_output_name(flags.output);  // ".gif", or throws

#include <string>
#include <string_view>

namespace slidegif {

enum class OutputFormat { Gif };

struct OutputFormatInfo {
  OutputFormat format;
  std::string_view name;       // "gif"
  std::string_view extension;  // ".gif"
  std::string_view mime_type;  // "image/gif"
};

inline constexpr OutputFormatInfo kOutputFormats[] = {
    {OutputFormat::Gif, "gif", ".gif", "image/gif"},
};

// The format an output file's name asks for by its extension (any case). A name without an
// extension (a device such as /dev/null, "-" for standard output, a plain "out") is GIF, the
// default. Throws Error(BadInput) for another extension, listing the formats there are.
OutputFormat format_of_output_name(std::string_view name);

// The format called `name` ("gif", as in kOutputFormats). Throws Error(BadInput) for another,
// listing the names there are.
OutputFormat format_named(std::string_view name);

}  // namespace slidegif
