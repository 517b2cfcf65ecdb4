#include "fcgi/responder.hpp"

#include <fcgiapp.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <malloc.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <string_view>

#include "cgi/handler.hpp"
#include "cgi/query.hpp"
#include "cgi/request.hpp"
#include "fcgi/context.hpp"
#include "slidegif/error.hpp"

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

// A request's working set (tens of MB for the largest the limits allow) is freed into the heap,
// where glibc keeps it, scattered between what the caches hold. Past a few free MB, give the
// free pages back: a worker then holds its caches and little else between requests, whatever
// it answered before (malloc_trim releases free pages inside the heap too, not only its top).
void return_free_memory() {
  constexpr std::size_t kKeepFreeBytes = std::size_t{8} << 20;
  if (mallinfo2().fordblks > kKeepFreeBytes) malloc_trim(0);
}

void disarm_backstops() {
  const itimerval off{};
  setitimer(ITIMER_PROF, &off, nullptr);
  alarm(0);
}

// Set by SIGTERM: end after the request at hand. A signal handler can only set a flag; this is
// the worker's one piece of global state, and only the handler writes it.
volatile std::sig_atomic_t stop_asked = 0;
extern "C" void ask_stop(int) {
  stop_asked = 1;
}

// SIGTERM (the pool stopping or replacing its workers, or the pool's death through
// PR_SET_PDEATHSIG) is held from here on and let through only while waiting for a connection
// (wait_for_connection), so it never cuts a request off. SIGINT and SIGHUP, which a terminal
// sends the whole process group, are the pool's to act on.
void take_stop_signals() {
  struct sigaction action {};
  action.sa_handler = ask_stop;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  signal(SIGINT, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  sigset_t held;
  sigemptyset(&held);
  sigaddset(&held, SIGTERM);
  sigprocmask(SIG_BLOCK, &held, nullptr);
}

// Waits until a connection may be accepted; false when a stop was asked or the socket failed
// (stop_asked tells which). ppoll() lets SIGTERM through atomically, so one sent at any moment
// before is seen here and none is lost between a check and the wait.
bool wait_for_connection(int listen_fd) {
  sigset_t open;
  sigprocmask(SIG_BLOCK, nullptr, &open);
  sigdelset(&open, SIGTERM);
  pollfd ready{listen_fd, POLLIN, 0};
  while (stop_asked == 0) {
    const int polled = ppoll(&ready, 1, nullptr, &open);
    if (polled > 0) return true;
    if (polled < 0 && errno != EINTR) return false;  // not a busy loop on a broken socket
  }
  return false;
}

const char* param(FCGX_Request& request, const char* name) {
  const char* value = FCGX_GetParam(name, request.envp);
  return value == nullptr ? "" : value;
}

cgi::Response metrics_response(const ServerMetrics& metrics) {
  return cgi::body_response(200, "text/plain; version=0.0.4; charset=utf-8",
                            prometheus_text(metrics), "no-store");
}

// health=1: the probe of a load balancer or a monitor, which draws nothing.
bool health_probe(const cgi::Environment& env) {
  const auto query = env.find("QUERY_STRING");
  if (query == env.end()) return false;
  try {
    return cgi::wants_health(cgi::parse_query(query->second));
  } catch (const Error&) {
    return false;  // the handler says what is wrong with it
  }
}

// The handler's answer, or 503 when `max_busy` workers are drawing already. The worker's flag
// goes up before it counts the others: two arriving at once may both be refused, but the pool
// never draws more than max_busy at a time. A health probe is answered however busy: the
// server takes work again in a second, and a load balancer given 503 would mark it down.
cgi::Response handle(const cgi::Environment& env, const cgi::HandlerConfig& config,
                     const WorkerLimits& limits, const WorkerReporting& reporting) {
  ServerMetrics* m = reporting.metrics;
  if (m == nullptr || health_probe(env)) return cgi::handle_request(env, config);
  m->drawing[reporting.slot].store(1);
  if (limits.max_busy > 0 && m->in_flight() > limits.max_busy) {
    m->drawing[reporting.slot].store(0);
    m->refused_busy.fetch_add(1, std::memory_order_relaxed);
    cgi::Response r = cgi::text_response(
        503, fmt::format("busy: {} requests are being drawn, the most this server draws at "
                         "once; try again in a second",
                         limits.max_busy));
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
  cgi::Response r = cgi::handle_request(env, config);
  m->drawing[reporting.slot].store(0);
  return r;
}

void answer(FCGX_Request& request, const cgi::HandlerConfig& config, const WorkerLimits& limits,
            const WorkerReporting& reporting) {
  const auto started = std::chrono::steady_clock::now();
  const cgi::Environment env = environment(request);
  // By SCRIPT_NAME (nginx's location) or PATH_INFO (lighttpd's prefix: .../slidegif.cgi/metrics).
  const std::string_view script = param(request, "SCRIPT_NAME");
  const bool wants_metrics =
      script.ends_with("/metrics") || std::string_view(param(request, "PATH_INFO")) == "/metrics";
  const cgi::Response response = reporting.metrics != nullptr && wants_metrics
                                     ? metrics_response(*reporting.metrics)
                                     : handle(env, config, limits, reporting);
  const std::string header = cgi::cgi_header_block(response);
  FCGX_PutStr(header.data(), static_cast<int>(header.size()), request.out);
  const auto method = env.find("REQUEST_METHOD");
  const bool head = method != env.end() && method->second == "HEAD";
  const std::size_t sent = head ? 0 : response.body.size();
  if (sent > 0) {
    // A client gone away shows as a failed write here; nothing to do but finish.
    FCGX_PutStr(reinterpret_cast<const char*>(response.body.data()), static_cast<int>(sent),
                request.out);
  }
  if (reporting.metrics != nullptr) {
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
    reporting.metrics->record(response.status, response.header("Content-Type"), took.count(), sent);
  }
  if (reporting.access_log) {
    const std::string line = access_log_line(
        env, param(request, "REMOTE_ADDR"), param(request, "SCRIPT_NAME"),
        param(request, "SERVER_PROTOCOL"), response.status, sent, std::time(nullptr));
    std::fwrite(line.data(), 1, line.size(), stderr);  // one write: lines of workers never mix
  }
}

// Bytes a log reader would take for the end of a field or of the line, as \xHH.
std::string escaped(std::string_view s) {
  std::string out;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || c == '"' || c == '\\') {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string access_log_line(const cgi::Environment& env, const char* remote_addr,
                            const char* script_name, const char* protocol, int status,
                            std::size_t bytes, std::time_t when) {
  const auto get = [&env](const char* name) {
    const auto it = env.find(name);
    return it == env.end() ? std::string_view{} : std::string_view(it->second);
  };
  std::tm utc{};
  gmtime_r(&when, &utc);
  char date[40];
  std::strftime(date, sizeof date, "%d/%b/%Y:%H:%M:%S +0000", &utc);
  std::string target(script_name);
  if (!get("QUERY_STRING").empty()) {
    target += '?';  // appended apart: GCC 12 warns falsely (-Wrestrict) of "?" + string
    target += get("QUERY_STRING");
  }
  return fmt::format("{} - - [{}] \"{} {} {}\" {} {}\n", *remote_addr ? remote_addr : "-", date,
                     escaped(get("REQUEST_METHOD")), escaped(target),
                     escaped(*protocol ? protocol : "HTTP/1.0"), status,
                     bytes > 0 ? std::to_string(bytes) : "-");
}

bool set_io_timeouts(int listen_fd, const WorkerLimits& limits) {
  timeval t{};
  t.tv_sec = limits.io_seconds;
  return setsockopt(listen_fd, SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t) == 0 &&
         setsockopt(listen_fd, SOL_SOCKET, SO_SNDTIMEO, &t, sizeof t) == 0;
}

int run_worker(int listen_fd, const WorkerFiles& files, const WorkerLimits& limits,
               const WorkerReporting& reporting) {
  if (FCGX_Init() != 0) return 1;
  // libfcgi catches SIGTERM and SIGUSR1 to finish the request at hand, and then spins in its
  // accept loop instead of returning: SIGTERM is ours (take_stop_signals), SIGUSR1 ends us.
  signal(SIGUSR1, SIG_DFL);
  take_stop_signals();
  // Workers wait in ppoll() and then race to accept: the losers must get EAGAIN, not block
  // with SIGTERM held. (A connection accepted from it blocks again: accept() does not pass
  // O_NONBLOCK on.)
  const int flags = fcntl(listen_fd, F_GETFL);
  if (flags < 0 || fcntl(listen_fd, F_SETFL, flags | O_NONBLOCK) != 0) return 1;
  WorkerContext context(files.pdb_dir, "", files.picture_dir, files.url_key_file,
                        limits.cache_bytes);
  FCGX_Request request;
  if (FCGX_InitRequest(&request, listen_fd, 0) != 0) return 1;
  unsigned long served = 0;
  while (limits.max_requests == 0 || served < limits.max_requests) {
    // A failed socket is a failed worker (the pool gives up on workers failing at start).
    if (!wait_for_connection(listen_fd)) return stop_asked != 0 ? 0 : 1;
    // A client trickling a byte at a time, each inside the I/O timeout, would hold the worker
    // on: its parameters have arrival_seconds in all, then the backstops take over.
    alarm(arrival_seconds(limits));
    const int accepted = FCGX_Accept_r(&request);
    alarm(0);
    // Another worker took the connection, or its peer sent nothing before the socket's
    // receive timeout: wait again.
    if (accepted == -EAGAIN || accepted == -EWOULDBLOCK) continue;
    if (accepted != 0) return 1;
    arm_backstops(limits);
    answer(request, context.config(), limits, reporting);
    FCGX_Finish_r(&request);
    disarm_backstops();
    return_free_memory();
    ++served;
  }
  return 0;
}

}  // namespace slidegif::fcgi
