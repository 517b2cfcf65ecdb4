#include "app/files/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace slidegif::app {
namespace {

[[noreturn]] void fail(const std::string& what, const std::string& path, int err) {
  throw std::runtime_error(fmt::format("cannot {} {}: {}", what, path, std::strerror(err)));
}

void write_all(int fd, std::span<const std::uint8_t> bytes, const std::string& path) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write", path, errno);
    }
    done += static_cast<std::size_t>(n);
  }
}

// A device or a pipe (/dev/full, /dev/stdout) cannot be replaced by a rename, and must not be:
// its bytes go to it directly, and a failed write is still an error.
bool is_special_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

void write_in_place(const std::string& path, std::span<const std::span<const std::uint8_t>> parts) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail("open", path, errno);
  try {
    for (const auto& bytes : parts) write_all(fd, bytes, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) fail("write", path, errno);
}

}  // namespace

std::filesystem::path replacement_target(const std::string& path) {
  namespace fs = std::filesystem;
  // A symbolic link (/dev/stdout to a file, a link into a shared directory) stays a link: the
  // file it leads to is the one replaced.
  std::error_code ec;
  return fs::is_symlink(path, ec) ? fs::weakly_canonical(path) : fs::path(path);
}

void write_file_atomically(const std::string& path, std::span<const std::uint8_t> bytes) {
  const std::span<const std::uint8_t> parts[] = {bytes};
  write_file_atomically(path, parts);
}

void write_file_atomically(const std::string& path,
                           std::span<const std::span<const std::uint8_t>> parts) {
  if (is_special_file(path)) {
    write_in_place(path, parts);
    return;
  }
  namespace fs = std::filesystem;
  const fs::path target = replacement_target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // A hidden name beside the target, so the final rename never crosses file systems.
  const std::string hidden = fmt::format(".{}.XXXXXX", target.filename().string());
  std::string tmpl = (dir / hidden).string();
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) fail("create a file in", dir.string(), errno);
  try {
    for (const auto& bytes : parts) write_all(fd, bytes, tmpl);
    if (::fchmod(fd, 0644) != 0) fail("set permissions on", tmpl, errno);
    if (::fsync(fd) != 0) fail("flush", tmpl, errno);
    if (::close(fd) != 0) fail("close", tmpl, errno);
  } catch (...) {
    ::close(fd);
    ::unlink(tmpl.c_str());
    throw;
  }
  if (::rename(tmpl.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    fail("write", path, err);
  }
}

}  // namespace slidegif::app
