#include "cli/remove_on_signal.hpp"

#include <pthread.h>
#include <unistd.h>

namespace slidegif::cli {
namespace {

// SIGUSR2 is the guard's own: its destructor sends it to end the waiting thread.
constexpr int kStop = SIGUSR2;

// The stopping signals the process does not ignore (under nohup, SIGHUP must stay harmless),
// and the guard's own.
sigset_t guarded_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    struct sigaction action {};
    if (sigaction(s, nullptr, &action) == 0 && action.sa_handler != SIG_IGN) sigaddset(&set, s);
  }
  sigaddset(&set, kStop);
  return set;
}

}  // namespace

RemoveOnSignal::RemoveOnSignal(std::string path)
    : path_(std::move(path)), signals_(guarded_signals()) {
  pthread_sigmask(SIG_BLOCK, &signals_, &old_mask_);
  waiter_ = std::thread([this] { wait_for_signal(); });  // inherits the blocked mask
}

RemoveOnSignal::~RemoveOnSignal() {
  pthread_kill(waiter_.native_handle(), kStop);
  waiter_.join();
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

void RemoveOnSignal::wait_for_signal() const {
  int signal = 0;
  if (sigwait(&signals_, &signal) != 0 || signal == kStop) return;
  ::unlink(path_.c_str());
  // End the process by the same signal: its default action, no longer blocked here.
  std::signal(signal, SIG_DFL);
  sigset_t just_this;
  sigemptyset(&just_this);
  sigaddset(&just_this, signal);
  pthread_sigmask(SIG_UNBLOCK, &just_this, nullptr);
  std::raise(signal);
}

}  // namespace slidegif::cli
