#pragma once
// One FastCGI worker: accepts requests on the listening socket and answers each with the CGI's
// own handler (cgi/handler.hpp), so both front ends give the same answer to the same request.

namespace slidegif::fcgi {

inline constexpr int kStdinListenFd = 0;  // where spawn-fcgi and systemd (StandardInput=socket)
                                          // put the listening socket

struct WorkerLimits {
  // Backstops behind the handler's own budgets (the search's 2.5 s, the render limits): a
  // request past either ends this worker, which the pool replaces. CPU seconds bound a bug;
  // wall seconds bound a peer that stops reading or sending.
  unsigned cpu_seconds = 10;
  unsigned wall_seconds = 30;
  // A peer (the web server) that stops sending a request or reading an answer for this long
  // loses its connection; the worker goes back to accepting. The listening socket's timeouts,
  // which every connection accepted from it inherits (Linux).
  unsigned io_seconds = 10;
  // Requests before the worker exits and is replaced (0: never): a bound on whatever the
  // allocator holds on to.
  unsigned long max_requests = 0;
};

// Sets limits.io_seconds on the listening socket. False when it is not a socket.
bool set_io_timeouts(int listen_fd, const WorkerLimits& limits);

// Serves `listen_fd` until max_requests are answered (returns 0) or accepting fails (returns
// 1). Reads the pattern databases from `pdb_dir` (empty: none).
int run_worker(int listen_fd, const char* pdb_dir, const char* picture_dir,
               const WorkerLimits& limits);

}  // namespace slidegif::fcgi
