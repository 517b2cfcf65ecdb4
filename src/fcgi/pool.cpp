#include "fcgi/pool.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <thread>

namespace slidegif::fcgi {
namespace {

using Clock = std::chrono::steady_clock;

// The parent waits for signals synchronously (sigwait): no handler, no shared flag.
sigset_t pool_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGCHLD, SIGTERM, SIGINT, SIGHUP}) sigaddset(&set, s);
  return set;
}

struct Worker {
  int slot;
  Clock::time_point started;
};

pid_t start_worker(const std::function<int(int)>& worker, int slot, const sigset_t& blocked) {
  const pid_t pool = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // A pool that dies (SIGKILL, a crash) stops its workers as if it had asked: they finish
    // their requests and end, rather than serve on, orphaned, holding the socket.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != pool) std::_Exit(0);  // it died before prctl
    sigprocmask(SIG_UNBLOCK, &blocked, nullptr);
    std::_Exit(worker(slot));
  }
  return pid;
}

// Asks every worker to end after its request (SIGTERM: responder.cpp) and waits for them,
// up to `drain`; then kills those left, or at once on a second SIGTERM or SIGINT. Each end is
// reported through `ended` as run_pool's are.
void stop_all(std::map<pid_t, Worker>& workers, std::chrono::seconds drain,
              const std::function<void(int slot, int signal)>& ended, const sigset_t& signals) {
  for (const auto& [pid, w] : workers) kill(pid, SIGTERM);
  const auto deadline = Clock::now() + drain;
  bool hurry = false;
  while (!workers.empty()) {
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0) {
      if (const auto it = workers.find(pid); it != workers.end()) {
        if (ended) ended(it->second.slot, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        workers.erase(it);
      }
      continue;
    }
    if (hurry || Clock::now() >= deadline) {
      for (const auto& [p, w] : workers) kill(p, SIGKILL);
      hurry = true;
    }
    const timespec tick{0, 50'000'000};
    const int sig = sigtimedwait(&signals, nullptr, &tick);
    if (sig == SIGTERM || sig == SIGINT) hurry = true;
  }
}

// The lowest slot no running worker has.
int free_slot(const std::map<pid_t, Worker>& workers) {
  for (int slot = 0;; ++slot) {
    bool taken = false;
    for (const auto& [pid, w] : workers) taken = taken || w.slot == slot;
    if (!taken) return slot;
  }
}

}  // namespace

void block_pool_signals() {
  const sigset_t signals = pool_signals();
  sigprocmask(SIG_BLOCK, &signals, nullptr);
}

int run_pool(int workers, const std::function<int(int slot)>& worker,
             const std::function<void(int slot, int signal)>& ended, std::chrono::seconds drain) {
  const sigset_t signals = pool_signals();
  block_pool_signals();
  std::map<pid_t, Worker> running;
  int quick_failures = 0;
  for (;;) {
    while (static_cast<int>(running.size()) < workers) {
      const int slot = free_slot(running);
      const pid_t pid = start_worker(worker, slot, signals);
      if (pid < 0) {
        std::perror("slidegif.fcgi: fork");
        break;
      }
      running.emplace(pid, Worker{slot, Clock::now()});
    }
    int sig = 0;
    sigwait(&signals, &sig);
    if (sig == SIGTERM || sig == SIGINT) {
      std::fprintf(stderr, "slidegif.fcgi: stopping after the requests at hand\n");
      stop_all(running, drain, ended, signals);
      return 0;
    }
    if (sig == SIGHUP) {
      // Every worker ends after its request; the replacements below open the databases,
      // pictures and key file afresh.
      std::fprintf(stderr, "slidegif.fcgi: replacing the workers after their requests\n");
      for (const auto& [pid, w] : running) kill(pid, SIGTERM);
      continue;
    }
    int status = 0;
    for (pid_t pid; (pid = waitpid(-1, &status, WNOHANG)) > 0;) {
      const auto it = running.find(pid);
      if (it == running.end()) continue;
      const bool quick = Clock::now() - it->second.started < std::chrono::seconds(1);
      if (ended) ended(it->second.slot, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
      running.erase(it);
      if (WIFSIGNALED(status)) {
        std::fprintf(stderr, "slidegif.fcgi: worker %d ended by signal %d; replaced\n",
                     static_cast<int>(pid), WTERMSIG(status));
      }
      // A worker that cannot even start (no socket) would otherwise be forked in a loop.
      if (!quick) quick_failures = 0;
      if (quick && WIFEXITED(status) && WEXITSTATUS(status) != 0 && ++quick_failures > workers) {
        std::fprintf(stderr, "slidegif.fcgi: workers fail at start; giving up\n");
        stop_all(running, drain, ended, signals);
        return 1;
      }
    }
    if (running.empty() && quick_failures > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));  // no busy fork loop
    }
  }
}

}  // namespace slidegif::fcgi
