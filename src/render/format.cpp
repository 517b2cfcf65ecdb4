#include "slidegif/format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <vector>

#include "render/encode/video_output.hpp"
#include "slidegif/error.hpp"

namespace slidegif {

const OutputFormatInfo& format_info(OutputFormat format) {
  for (const auto& f : kOutputFormats) {
    if (f.format == format) return f;
  }
  return kOutputFormats[0];  // unreachable: every format has its line
}

bool can_write(OutputFormat format) {
  return !format_info(format).video || detail::video_available();
}

OutputFormat format_of_output_name(std::string_view name) {
  std::string extension = std::filesystem::path(name).extension().string();
  if (extension.empty()) return OutputFormat::Gif;
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::vector<std::string_view> known;
  for (const auto& f : kOutputFormats) {
    if (f.extension == extension) return f.format;
    known.push_back(f.extension);
  }
  throw Error(Error::Kind::BadInput,
              fmt::format("cannot write {}: the output formats are {} (by the file's extension)",
                          name, fmt::join(known, ", ")));
}

OutputFormat format_named(std::string_view name) {
  std::vector<std::string_view> known;
  for (const auto& f : kOutputFormats) {
    if (f.name == name) return f.format;
    known.push_back(f.name);
  }
  throw Error(Error::Kind::BadInput,
              fmt::format("unknown format '{}': the formats are {}", name, fmt::join(known, ", ")));
}

}  // namespace slidegif
