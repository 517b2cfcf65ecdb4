#pragma once
// Removes a file being written if the process is stopped by a signal (Ctrl-C, kill, a closed
// terminal) while the guard lives: a destructor does not run then, and a half-written
// database would stay beside its target. The signals are blocked in the calling thread and a
// helper thread waits for them (sigwait: no handler, no shared flag); on one it removes the
// file and ends the process by that signal, as if it had not been caught.
//
//   const RemoveOnSignal guard(temp_path);  // before creating temp_path
//   ... write temp_path, rename it ...
//
// Create it before any other thread, or those threads may take the signal instead.

#include <csignal>
#include <string>
#include <thread>

namespace slidegif::cli {

class RemoveOnSignal {
 public:
  explicit RemoveOnSignal(std::string path);
  ~RemoveOnSignal();  // the signals as they were
  RemoveOnSignal(const RemoveOnSignal&) = delete;
  RemoveOnSignal& operator=(const RemoveOnSignal&) = delete;

 private:
  void wait_for_signal() const;

  std::string path_;
  sigset_t signals_{};  // those waited for
  sigset_t old_mask_{};
  std::thread waiter_;
};

}  // namespace slidegif::cli
