#include "app/files/font_locator.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "app/files/embedded.hpp"
#include "slidegif/error.hpp"

namespace fs = std::filesystem;

namespace slidegif::app {
namespace {

bool is_readable_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

}  // namespace

Font default_font() {
  return Font::built_in(fmt::format("{} (built in)", kDefaultFontFile), embedded::default_font());
}

Font font_or_default(const std::string& path) {
  return path.empty() ? default_font() : load_font(path);
}

}  // namespace slidegif::app

namespace slidegif {

Font load_font(const std::string& path) {
  if (!app::is_readable_file(path)) {
    throw Error(Error::Kind::BadInput, fmt::format("font file not found: {}", path));
  }
  const std::string& found = path;
  // One read of the whole file: copied a character at a time (istreambuf_iterator), the 700 KB
  // font took 10 M instructions, a quarter of a default CGI request.
  std::ifstream in(found, std::ios::binary | std::ios::ate);
  const std::streamoff size = in ? static_cast<std::streamoff>(in.tellg()) : -1;
  std::vector<std::uint8_t> bytes(size > 0 ? static_cast<std::size_t>(size) : 0);
  if (size < 0 || !in.seekg(0) ||
      !in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size))) {
    throw Error(Error::Kind::Render, fmt::format("cannot read font file {}", found));
  }
  return Font(found, std::move(bytes));
}

}  // namespace slidegif
