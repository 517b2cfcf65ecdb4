#pragma once
// One FastCGI worker: accepts requests on the listening socket and answers each with the CGI's
// own handler (cgi/handler.hpp), so both front ends give the same answer to the same request.

#include <cstddef>
#include <ctime>
#include <string>

#include "cgi/handler.hpp"
#include "fcgi/metrics.hpp"
#include "fcgi/worker_memory.hpp"

namespace slidegif::fcgi {

inline constexpr int kStdinListenFd = 0;  // where spawn-fcgi and systemd (StandardInput=socket)
                                          // put the listening socket

struct WorkerLimits {
  // Backstops behind the handler's own budgets (the search's 2.5 s, the render limits): a
  // request past either ends this worker, which the pool replaces. CPU seconds bound a bug;
  // wall seconds bound a peer that stops reading or sending.
  unsigned cpu_seconds = 10;   // the operator's (cgi::RequestLimits::cpu_seconds)
  unsigned wall_seconds = 30;  // three times that
  // A peer (the web server) that stops sending a request or reading an answer for this long
  // loses its connection; the worker goes back to accepting. Each connection's socket
  // timeouts (set on every one: a Unix socket's connections do not inherit them).
  unsigned io_seconds = 10;  // see also arrival_seconds()
  // Requests before the worker exits and is replaced (0: never): a bound on whatever the
  // allocator holds on to.
  unsigned long max_requests = 0;
  // Requests drawn at once by the whole pool, at most (0: as many as there are workers): a
  // request past it is answered 503 with Retry-After at once instead of waiting its turn.
  // Needs metrics (where the workers see each other).
  int max_busy = 0;
  // The heap a worker's caches may hold (WorkerContext).
  std::size_t cache_bytes = megabytes(kDefaultCacheMb);
};

// What a worker tells about its work: the pool's shared counters (null: none) and its slot in
// them, and whether it writes an access log line per request to standard error.
struct WorkerReporting {
  ServerMetrics* metrics = nullptr;
  int slot = 0;
  bool access_log = false;
};

// What a worker takes from its administrator (each empty: none): the pattern databases (never
// built here), the pictures requests may name, the key of signed URLs, the origin whose pages
// may read the answers (cgi::HandlerConfig::cors_origin), and the bounds on each request.
struct WorkerSettings {
  std::string pdb_dir;
  std::string picture_dir;
  std::string url_key_file;
  std::string cors_origin;
  cgi::RequestLimits limits;
};

// The seconds a request's parameters may take to arrive in all, however they trickle in:
// twice the I/O timeout and one more. Past it the worker ends (an alarm) and is replaced.
inline unsigned arrival_seconds(const WorkerLimits& limits) {
  return 2 * limits.io_seconds + 1;
}

// Sets limits.io_seconds as the receive and send timeouts of a socket. False when it is not one.
bool set_io_timeouts(int fd, const WorkerLimits& limits);

// Serves `listen_fd` until max_requests are answered (returns 0) or accepting fails (returns
// 1). With metrics, a request whose SCRIPT_NAME ends in /metrics is answered with them
// (Prometheus text) instead.
int run_worker(int listen_fd, const WorkerSettings& settings, const WorkerLimits& limits,
               const WorkerReporting& reporting = {});

// One line of the Common Log Format for an answer: client, time, request line, status, bytes.
std::string access_log_line(const cgi::Environment& env, const char* remote_addr,
                            const char* script_name, const char* protocol, int status,
                            std::size_t bytes, std::time_t when);

}  // namespace slidegif::fcgi
