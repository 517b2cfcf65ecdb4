// PromptOutput: lines reach the stream promptly without a flush per line, and a failed write
// is reported.
#include "cli/prompt_output.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace slidegif::cli {
namespace {

using namespace std::chrono_literals;

// A stdio stream whose writes (what a flush hands to the system) are counted and kept.
class CountingStream {
 public:
  explicit CountingStream(bool fail = false) : fail_(fail) {
    const cookie_io_functions_t io{
        .read = nullptr, .write = &CountingStream::on_write, .seek = nullptr, .close = nullptr};
    file_ = fopencookie(this, "w", io);
    std::setvbuf(file_, nullptr, _IOFBF, 1 << 16);  // fully buffered, as stdout on a pipe
  }
  ~CountingStream() { std::fclose(file_); }
  CountingStream(const CountingStream&) = delete;
  CountingStream& operator=(const CountingStream&) = delete;

  std::FILE* file() { return file_; }
  int writes() const { return writes_; }
  std::string text() {
    const std::lock_guard lock(mutex_);
    return text_;
  }

 private:
  static ssize_t on_write(void* self, const char* data, std::size_t size) {
    auto& s = *static_cast<CountingStream*>(self);
    if (s.fail_) return -1;
    ++s.writes_;
    const std::lock_guard lock(s.mutex_);
    s.text_.append(data, size);
    return static_cast<ssize_t>(size);
  }

  bool fail_;
  std::FILE* file_ = nullptr;
  std::atomic<int> writes_ = 0;
  std::mutex mutex_;
  std::string text_;
};

TEST(PromptOutput, ALineReachesTheStreamWithoutAFlushOrAnotherLine) {
  CountingStream stream;
  PromptOutput out(stream.file(), 10ms);
  out.write("31 UULD\n");
  // Nothing more is written: the helper alone must hand the line on.
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (stream.text().empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(1ms);
  EXPECT_EQ(stream.text(), "31 UULD\n");
  out.close();
}

TEST(PromptOutput, ManyQuickLinesGoOutInBlocks) {
  CountingStream stream;
  PromptOutput out(stream.file(), 50ms);
  std::string expected;
  for (int i = 0; i < 2000; ++i) {
    const std::string line = std::to_string(i) + " RDLU\n";
    out.write(line);
    expected += line;
  }
  out.close();
  EXPECT_EQ(stream.text(), expected);  // all of it, in order
  // A flush a line would be 2,000 writes; in blocks it is a handful (2,000 short lines are
  // written in well under the 50 ms a block may wait, even on a loaded machine: allow many).
  EXPECT_LT(stream.writes(), 200);
}

TEST(PromptOutput, AFailedWriteIsReportedByClose) {
  CountingStream stream(/*fail=*/true);
  PromptOutput out(stream.file(), 10ms);
  out.write("31 UULD\n");
  EXPECT_THROW(out.close(), std::runtime_error);
}

}  // namespace
}  // namespace slidegif::cli
