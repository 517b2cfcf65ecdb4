#include "app/font_locator.hpp"

#include <filesystem>
#include <system_error>

#include <fmt/format.h>

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

std::string locate_font(const std::string& override_path) {
  if (!override_path.empty()) {
    if (!is_readable_file(override_path)) {
      throw Error(Error::Kind::BadInput, fmt::format("font file not found: {}", override_path));
    }
    return override_path;
  }
  const auto dirs = font_search_path();
  for (const auto& dir : dirs) {
    const fs::path candidate = fs::path(dir) / kDefaultFontFile;
    if (is_readable_file(candidate)) return candidate.string();
  }
  throw Error(Error::Kind::Render,
              fmt::format("font {} not found in {}; pass --font PATH", kDefaultFontFile,
                          fmt::join(dirs, ", ")));
}

}  // namespace slidegif::app
