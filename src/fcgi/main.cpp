// slidegif.fcgi: the CGI's handler as a FastCGI responder, a pre-forked pool of
// persistent workers that keep the font and the pattern databases between requests.
//
//   spawn-fcgi -s /run/slidegif/fcgi.sock -- /usr/local/lib/slidegif/slidegif.fcgi
//   slidegif.fcgi --listen 127.0.0.1:9000 --workers 2
//
// Without --listen the listening socket is standard input, as spawn-fcgi and a systemd socket
// unit (StandardInput=socket) hand it over, or fd 3 under systemd's LISTEN_FDS=1.

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>

#include "app/data/pdb_location.hpp"
#include "cgi/limits.hpp"
#include "cgi/server_config.hpp"
#include "fcgi/listen_address.hpp"
#include "fcgi/pool.hpp"
#include "fcgi/responder.hpp"
#include "fcgi/server_options.hpp"

namespace {

constexpr int kSystemdListenFd = 3;  // SD_LISTEN_FDS_START

// Parses argv into `o`; false (after CLI11's message, or the help) when the program should
// stop, with `status` its exit status.
bool parse_options(int argc, char** argv, slidegif::fcgi::ServerOptions& o, int& status) {
  if (!slidegif::fcgi::parse_server_command_line(argc, argv, o, status)) return false;
  if (o.workers == 0) {  // one per core, as many as the metrics have slots for
    o.workers = std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1,
                           slidegif::fcgi::kMaxWorkers);
  }
  return true;
}

// The listening socket, or -1 after a message.
int listening_socket(const slidegif::fcgi::ServerOptions& o) {
  if (!o.listen.empty()) {
    std::string problem;
    const int fd = slidegif::fcgi::open_listening_socket(o.listen, problem);
    if (fd < 0) {
      std::fprintf(stderr, "slidegif.fcgi: cannot listen on %s: %s\n", o.listen.c_str(),
                   problem.c_str());
    }
    return fd;
  }
  // systemd's protocol without StandardInput=socket (and systemd-socket-activate): fd 3.
  const char* fds = std::getenv("LISTEN_FDS");
  const char* pid = std::getenv("LISTEN_PID");
  if (fds != nullptr && pid != nullptr && std::string_view(fds) == "1" &&
      std::to_string(getpid()) == pid) {
    return kSystemdListenFd;
  }
  if (!slidegif::fcgi::is_listening_socket(slidegif::fcgi::kStdinListenFd)) {
    std::fprintf(stderr,
                 "slidegif.fcgi: standard input is not a listening socket; start it with "
                 "spawn-fcgi, a systemd socket unit, or --listen ADDRESS\n");
    return -1;
  }
  return slidegif::fcgi::kStdinListenFd;
}

// Each worker's private memory (RLIMIT_DATA: its heap and private writable mappings, not the
// shared databases and libraries): past it an allocation fails, and the request is answered
// 503 (skipped under AddressSanitizer's shadow memory).
void limit_workers(unsigned memory_mb) {
#if !defined(__SANITIZE_ADDRESS__)
  const rlim_t bytes = static_cast<rlim_t>(memory_mb) << 20;
  const rlimit data{bytes, bytes};
  setrlimit(RLIMIT_DATA, &data);
#else
  (void)memory_mb;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  slidegif::fcgi::block_pool_signals();
  slidegif::fcgi::ServerOptions options;
  if (int status = 0; !parse_options(argc, argv, options, status)) return status;
  std::string problem = slidegif::fcgi::check_server_options(options);
  if (problem.empty()) problem = slidegif::cgi::check_cors_origin(options.cors_origin);
  if (!problem.empty()) {
    std::fprintf(stderr, "slidegif.fcgi: %s\n", problem.c_str());
    return 2;
  }
  // A key that cannot be read stops the server at start rather than fail every request,
  // and before the socket is made: a refused start leaves no socket file behind.
  if (slidegif::cgi::HandlerConfig check; options.url_key_set) {
    const std::string problem = slidegif::cgi::require_signatures(check, options.url_key_file);
    if (!problem.empty()) {
      std::fprintf(stderr, "slidegif.fcgi: %s\n", problem.c_str());
      return 2;
    }
  }
  const int fd = listening_socket(options);
  if (fd < 0) return 2;
  // A client gone mid-answer is a failed write, not the end of the worker.
  signal(SIGPIPE, SIG_IGN);
  limit_workers(options.memory_mb);
  slidegif::fcgi::WorkerLimits limits;
  limits.cache_bytes = slidegif::fcgi::megabytes(options.cache_mb);
  limits.cpu_seconds = options.limits.cpu_seconds;
  limits.wall_seconds = 3 * options.limits.cpu_seconds;  // a request waits for the CPU too
  limits.max_requests = options.max_requests;
  if (options.io_seconds > 0) limits.io_seconds = options.io_seconds;
  if (!slidegif::fcgi::set_io_timeouts(fd, limits)) {
    std::perror("slidegif.fcgi: the listening socket's timeouts");
    return 2;
  }
  limits.max_busy = options.max_busy;
  // Counters every worker adds to and any can report (GET .../metrics).
  slidegif::fcgi::ServerMetrics* metrics = slidegif::fcgi::map_server_metrics();
  if (metrics == nullptr) std::perror("slidegif.fcgi: no shared memory for metrics");
  const slidegif::fcgi::WorkerSettings settings{options.pdb_dir, options.picture_dir,
                                                options.url_key_file, options.cors_origin,
                                                options.limits};
  return slidegif::fcgi::run_pool(
      options.workers,
      [&](int slot) {
        return slidegif::fcgi::run_worker(fd, settings, limits,
                                          {metrics, slot, options.access_log});
      },
      [metrics](int slot, int signal) {
        // A worker killed mid-request: its request is counted and logged here, as it cannot.
        if (metrics == nullptr || metrics->drawing[slot].exchange(0) == 0) return;
        metrics->cut_off.fetch_add(1, std::memory_order_relaxed);
        if (signal != 0) {
          std::fprintf(stderr,
                       "slidegif.fcgi: a request was cut off: its worker ended by "
                       "signal %d (%s)\n",
                       signal, strsignal(signal));
        } else {
          std::fprintf(stderr, "slidegif.fcgi: a request was cut off: its worker exited\n");
        }
      },
      // A stop waits for the longest request the backstops allow: its parameters, its answer.
      std::chrono::seconds(slidegif::fcgi::arrival_seconds(limits) + limits.wall_seconds));
}
