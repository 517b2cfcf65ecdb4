#include "fcgi/responder.hpp"

#include <fcgiapp.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "cgi/handler.hpp"
#include "fcgi/context.hpp"

namespace slidegif::fcgi {
namespace {

// The meta-variables the handler reads, from the request's FastCGI parameters. The pattern
// database directory is the process's, never a request's.
cgi::Environment environment(FCGX_Request& request) {
  cgi::Environment env;
  for (const char* name : cgi::kMetaVariables) {
    if (const char* value = FCGX_GetParam(name, request.envp)) env.emplace(name, value);
  }
  return env;
}

// Per-request backstops: both signals keep their default action (end the process), so a
// request that runs away takes only this worker with it and the pool starts another.
void arm_backstops(const WorkerLimits& limits) {
  itimerval cpu{};
  cpu.it_value.tv_sec = limits.cpu_seconds;
  setitimer(ITIMER_PROF, &cpu, nullptr);
  alarm(limits.wall_seconds);
}

void disarm_backstops() {
  const itimerval off{};
  setitimer(ITIMER_PROF, &off, nullptr);
  alarm(0);
}

void answer(FCGX_Request& request, const cgi::HandlerConfig& config) {
  const cgi::Environment env = environment(request);
  const cgi::Response response = cgi::handle_request(env, config);
  const std::string header = cgi::cgi_header_block(response);
  FCGX_PutStr(header.data(), static_cast<int>(header.size()), request.out);
  const auto method = env.find("REQUEST_METHOD");
  const bool head = method != env.end() && method->second == "HEAD";
  if (!head && !response.body.empty()) {
    // A client gone away shows as a failed write here; nothing to do but finish.
    FCGX_PutStr(reinterpret_cast<const char*>(response.body.data()),
                static_cast<int>(response.body.size()), request.out);
  }
}

}  // namespace

bool set_io_timeouts(int listen_fd, const WorkerLimits& limits) {
  timeval t{};
  t.tv_sec = limits.io_seconds;
  return setsockopt(listen_fd, SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t) == 0 &&
         setsockopt(listen_fd, SOL_SOCKET, SO_SNDTIMEO, &t, sizeof t) == 0;
}

int run_worker(int listen_fd, const char* pdb_dir, const char* picture_dir,
               const WorkerLimits& limits) {
  if (FCGX_Init() != 0) return 1;
  // libfcgi catches SIGTERM and SIGUSR1 to finish the request at hand, and then spins in its
  // accept loop instead of returning: the pool stops its workers with SIGTERM, so it ends them.
  signal(SIGTERM, SIG_DFL);
  signal(SIGUSR1, SIG_DFL);
  WorkerContext context(pdb_dir == nullptr ? "" : pdb_dir, "",
                        picture_dir == nullptr ? "" : picture_dir);
  FCGX_Request request;
  if (FCGX_InitRequest(&request, listen_fd, 0) != 0) return 1;
  unsigned long served = 0;
  while (limits.max_requests == 0 || served < limits.max_requests) {
    const int accepted = FCGX_Accept_r(&request);
    // accept() itself times out too (the socket's receive timeout): nobody came, wait again.
    if (accepted == -EAGAIN || accepted == -EWOULDBLOCK) continue;
    if (accepted != 0) return 1;
    arm_backstops(limits);
    answer(request, context.config());
    FCGX_Finish_r(&request);
    disarm_backstops();
    ++served;
  }
  return 0;
}

}  // namespace slidegif::fcgi
