#pragma once
// Output that is written in blocks but never held back for long: `solve --batch` prints one
// short line per puzzle, and a flush after each cost a write system call per line (a third of
// the time of 10,000 cheap 3x3 lines). Here the lines stay in the stream's buffer and a
// helper thread flushes it at most `delay` after the first unflushed line, so a reader at the
// other end of a pipe still sees every answer promptly, whatever comes (or does not come)
// after it.
//
//   PromptOutput out(stdout, std::chrono::milliseconds(10));
//   out.write("31 UULD...\n");   // on the pipe within 10 ms
//   out.close();                 // everything flushed; throws if a write failed

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace slidegif::cli {

class PromptOutput {
 public:
  // `name` is what an error message calls the stream ("standard output").
  PromptOutput(std::FILE* stream, std::chrono::milliseconds delay,
               std::string name = "standard output");
  ~PromptOutput();  // flushes and stops the helper, errors ignored (use close())
  PromptOutput(const PromptOutput&) = delete;
  PromptOutput& operator=(const PromptOutput&) = delete;

  // Safe from several threads at once (stdio locks the stream for each write).
  void write(std::string_view text);
  // Flushes what is left and stops the helper thread; throws std::runtime_error if any write
  // or flush failed (a full disk, a closed pipe).
  void close();

 private:
  void flush_loop();
  void stop();

  std::FILE* stream_;
  std::chrono::milliseconds delay_;
  std::string name_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool dirty_ = false;    // written since the last flush
  bool closing_ = false;  // close() or the destructor: flush once more and return
  bool failed_ = false;   // a write or a flush failed
  std::thread flusher_;
};

}  // namespace slidegif::cli
