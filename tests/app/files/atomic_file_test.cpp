// Whole files or nothing: the target appears complete, with its permissions, and no temporary
// is left behind, also when writing fails.
#include "app/files/atomic_file.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace slidegif::app {
namespace {

using testing::TempDir;

std::vector<std::uint8_t> bytes(const std::string& text) {
  return {text.begin(), text.end()};
}

mode_t mode_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::stat(path.c_str(), &st), 0);
  return st.st_mode & 07777;
}

// Sets the process's umask for one test (ctest runs each test in a process of its own).
class Umask {
 public:
  explicit Umask(mode_t mask) : old_(::umask(mask)) {}
  ~Umask() { ::umask(old_); }
  Umask(const Umask&) = delete;
  Umask& operator=(const Umask&) = delete;

 private:
  mode_t old_;
};

TEST(AtomicFile, ANewFileHasTheModeTheUmaskGives) {
  TempDir dir;
  for (const mode_t mask : {mode_t{022}, mode_t{027}, mode_t{077}}) {
    const Umask umask(mask);
    const std::string path = dir.file(fmt::format("out-{:o}.gif", mask));
    write_file_atomically(path, bytes("GIF89a..."));
    EXPECT_EQ(testing::read_file(path), "GIF89a...");
    EXPECT_EQ(mode_of(path), 0666u & ~mask) << "umask " << std::oct << mask;
  }
  EXPECT_EQ(dir.entries().size(), 3u);  // no temporary left
}

TEST(AtomicFile, ReplacesAnExistingFileKeepingItsMode) {
  TempDir dir;
  const Umask umask(022);
  const std::string path = dir.file("f");
  write_file_atomically(path, bytes("a much longer first version"));
  for (const mode_t mode : {mode_t{0640}, mode_t{0600}, mode_t{0664}}) {
    ASSERT_EQ(::chmod(path.c_str(), mode), 0);
    write_file_atomically(path, bytes("short"));
    EXPECT_EQ(testing::read_file(path), "short");
    EXPECT_EQ(mode_of(path), mode) << std::oct << mode;
  }
  EXPECT_EQ(dir.entries().size(), 1u);
}

// Whether a temporary of `name` (".NAME.xxxxxx") is in `dir`.
bool temporary_in(const std::string& dir, const std::string& name) {
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().filename().string().starts_with("." + name + ".")) return true;
  }
  return false;
}

// SIGTERM while the temporary is being written (64 MB, so that it exists long enough to be
// seen): the writer ends by the signal, after the rename, and no temporary is left.
TEST(AtomicFile, AStopSignalWhileWritingLeavesNoTemporary) {
  const TempDir dir;
  const std::string target = dir.file("big.gif");
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const std::vector<std::uint8_t> big(std::size_t{64} << 20, 7);
    try {
      write_file_atomically(target, big);
    } catch (...) {
      _exit(3);
    }
    _exit(0);  // not reached: the signal held during the write ends it
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!temporary_in(dir.path(), "big.gif") && std::chrono::steady_clock::now() < deadline) {
    // the child allocates and starts writing
  }
  const bool seen = temporary_in(dir.path(), "big.gif");
  kill(child, SIGTERM);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(seen) << "the temporary never appeared";
  ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_FALSE(temporary_in(dir.path(), "big.gif"));
  EXPECT_EQ(std::filesystem::file_size(target), std::size_t{64} << 20);  // written whole
}

TEST(AtomicFile, PiecesAreWrittenInOrder) {
  TempDir dir;
  const auto a = bytes("header|"), b = bytes(""), c = bytes("table");
  const std::span<const std::uint8_t> parts[] = {a, b, c};
  write_file_atomically(dir.file("p"), parts);
  EXPECT_EQ(testing::read_file(dir.file("p")), "header|table");
}

TEST(AtomicFile, AFailureNamesThePathAndLeavesNothing) {
  TempDir dir;
  try {
    write_file_atomically(dir.file("missing/out.gif"), bytes("x"));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(dir.file("missing")), std::string::npos) << e.what();
  }
  // A directory in the way of the rename: the temporary is removed again.
  ASSERT_EQ(::mkdir(dir.file("taken").c_str(), 0755), 0);
  ASSERT_EQ(::mkdir(dir.file("taken/sub").c_str(), 0755), 0);
  EXPECT_THROW(write_file_atomically(dir.file("taken"), bytes("x")), std::runtime_error);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"taken"});
}

TEST(AtomicFile, ASymbolicLinkStaysALinkAndItsFileIsReplaced) {
  TempDir dir;
  write_file_atomically(dir.file("real.gif"), bytes("old"));
  ASSERT_EQ(::symlink("real.gif", dir.file("link.gif").c_str()), 0);
  write_file_atomically(dir.file("link.gif"), bytes("new"));
  struct stat st {};
  ASSERT_EQ(::lstat(dir.file("link.gif").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  EXPECT_EQ(testing::read_file(dir.file("real.gif")), "new");
  auto entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  EXPECT_EQ(entries, (std::vector<std::string>{"link.gif", "real.gif"}));
}

TEST(AtomicFile, ADeviceIsWrittenInPlaceAndAFailedWriteThrows) {
  EXPECT_NO_THROW(write_file_atomically("/dev/null", bytes("x")));
  try {
    write_file_atomically("/dev/full", bytes("GIF89a"));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/full"), std::string::npos) << e.what();
  }
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device was replaced by a file";
}

}  // namespace
}  // namespace slidegif::app
