#include "app/files/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>
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

// A new file beside the target under a hidden name no one has (so the final rename never
// crosses file systems), created as any new file is: 0666 less the umask (and a directory's
// default ACL), where mkstemp's are 0600. `made` is its name.
int create_beside(const std::filesystem::path& target, std::string& made) {
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    // ".NAME.XXXXXX" as mkstemp names them: list_data_files() knows such a leftover.
    made =
        (dir / fmt::format(".{}.{:06x}", target.filename().string(), random() & 0xffffff)).string();
    const int fd = ::open(made.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;  // errno: EEXIST
}

// A file being replaced keeps its permissions (a 0640 picture stays 0640).
void keep_mode(int fd, const std::filesystem::path& target, const std::string& made) {
  struct stat st {};
  if (::stat(target.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;  // a new file
  if (::fchmod(fd, st.st_mode & 0777) != 0) fail("set permissions on", made, errno);
}

// The signals that stop a program at a terminal or from a service manager are held while a
// temporary file exists, and let through once it is renamed or removed: one that arrives
// meanwhile ends the program a moment later, with no temporary left behind (a destructor
// would not run). Held in this thread, where a single-threaded program (the command line
// writing -o) takes them.
class HoldStopSignals {
 public:
  HoldStopSignals() {
    sigset_t stops;
    sigemptyset(&stops);
    for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&stops, s);
    pthread_sigmask(SIG_BLOCK, &stops, &old_);
  }
  ~HoldStopSignals() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  HoldStopSignals(const HoldStopSignals&) = delete;
  HoldStopSignals& operator=(const HoldStopSignals&) = delete;

 private:
  sigset_t old_{};
};

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
  const std::filesystem::path target = replacement_target(path);
  const HoldStopSignals hold;  // from before the temporary exists until it is gone
  std::string tmpl;
  const int fd = create_beside(target, tmpl);
  if (fd < 0) {
    fail("create a file in",
         target.has_parent_path() ? target.parent_path().string() : std::string("."), errno);
  }
  try {
    for (const auto& bytes : parts) write_all(fd, bytes, tmpl);
    keep_mode(fd, target, tmpl);
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
