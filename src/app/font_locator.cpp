#include "app/font_locator.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "app/embedded.hpp"
#include "slidegif/error.hpp"

namespace fs = std::filesystem;

namespace slidegif::app {
namespace {

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path{} : exe.parent_path();
}

bool is_readable_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

}  // namespace

std::vector<std::string> font_search_path() {
  std::vector<std::string> dirs;
  const fs::path exe_dir = executable_dir();
  if (!exe_dir.empty()) {
    dirs.push_back((exe_dir / ".." / "fonts").lexically_normal());
    dirs.push_back((exe_dir / ".." / "share" / "slidegif" / "fonts").lexically_normal());
  }
  dirs.push_back(fs::path(SLIDEGIF_DATA_DIR) / "fonts");
  return dirs;
}

std::string locate_font(const std::string& path) {
  if (!path.empty()) {
    if (!is_readable_file(path)) {
      throw Error(Error::Kind::BadInput, fmt::format("font file not found: {}", path));
    }
    return path;
  }
  const auto dirs = font_search_path();
  for (const auto& dir : dirs) {
    const fs::path candidate = fs::path(dir) / kDefaultFontFile;
    if (is_readable_file(candidate)) return candidate.string();
  }
  throw Error(Error::Kind::Render,
              fmt::format("font {} not found in {}", kDefaultFontFile, fmt::join(dirs, ", ")),
              Error::Hint::Font);
}

Font default_font() {
  return Font::built_in(fmt::format("{} (built in)", kDefaultFontFile), embedded::default_font());
}

Font load_font(const std::string& path) {
  const std::string found = locate_font(path);
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

}  // namespace slidegif::app
