#include "app/files/picture_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "slidegif/error.hpp"

namespace fs = std::filesystem;

namespace slidegif::app {

bool valid_picture_name(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
}

std::vector<std::string> picture_files(const std::string& dir) {
  std::vector<std::string> names;
  if (dir.empty()) return names;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string stem = it->path().stem().string();
    const auto ext = std::find(std::begin(kPictureExtensions), std::end(kPictureExtensions),
                               it->path().extension().string());
    if (it->is_regular_file(ec) && valid_picture_name(stem) &&
        ext != std::end(kPictureExtensions)) {
      names.push_back(stem);
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::vector<std::string> files;
  for (const auto& name : names) {
    for (const std::string_view ext : kPictureExtensions) {  // read_named_picture's order
      std::string file = name + std::string(ext);
      if (fs::is_regular_file(fs::path(dir) / file, ec)) {
        files.push_back(std::move(file));
        break;
      }
    }
  }
  return files;
}

std::vector<std::string> picture_names(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& file : picture_files(dir)) names.push_back(fs::path(file).stem().string());
  return names;
}

Picture read_named_picture(const std::string& dir, std::string_view name,
                           const RenderLimits& limits) {
  if (!valid_picture_name(name)) {
    throw Error(Error::Kind::BadInput, "a picture name is 1 to 64 letters, digits, '-' or '_'");
  }
  if (!dir.empty()) {
    for (const std::string_view ext : kPictureExtensions) {
      const fs::path p = fs::path(dir) / (std::string(name) + std::string(ext));
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) continue;
      try {
        // Named as asked, not by the server's file: that is what the job's key shows.
        return read_picture(p.string(), limits).with_name(std::string(name));
      } catch (const Error& e) {
        // The answer goes to whoever asked: it names the picture, never the server's path.
        std::string message = e.what();
        const std::string path = p.string(), shown = fmt::format("\"{}\"", name);
        for (auto at = message.find(path); at != std::string::npos; at = message.find(path, at))
          message.replace(at, path.size(), shown);
        throw Error(e.kind(), message, e.hint(), e.suggestion());
      }
    }
  }
  throw Error(Error::Kind::BadInput, fmt::format("unknown picture \"{}\"", name));
}

}  // namespace slidegif::app

namespace slidegif {

Picture read_picture(const std::string& path, const RenderLimits& limits) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) {
    throw Error(Error::Kind::BadInput, fmt::format("picture file not found: {}", path));
  }
  // A directory, a device (/dev/zero) or a pipe has no size to check before reading.
  if (!fs::is_regular_file(status)) {
    throw Error(Error::Kind::BadInput, fmt::format("picture {}: not a regular file", path));
  }
  const auto size = fs::file_size(path, ec);
  if (ec) throw Error(Error::Kind::BadInput, fmt::format("cannot read picture file {}", path));
  if (static_cast<long long>(size) > limits.max_picture_bytes) {
    throw Error(Error::Kind::BadInput, fmt::format("picture {}: {} bytes; the limit is {}", path,
                                                   size, limits.max_picture_bytes));
  }
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size))) {
    throw Error(Error::Kind::BadInput, fmt::format("cannot read picture file {}", path));
  }
  return decode_picture(fs::path(path).filename().string(), bytes, limits);
}

}  // namespace slidegif
