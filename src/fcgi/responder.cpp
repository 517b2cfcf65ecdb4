#include "fcgi/responder.hpp"

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
#include "fcgi/connection.hpp"
#include "fcgi/context.hpp"
#include "fcgi/protocol.hpp"
#include "slidegif/error.hpp"

namespace slidegif::fcgi {
namespace {

// The meta-variables the handler reads, from the request's FastCGI parameters. The pattern
// database directory is the process's, never a request's.
cgi::Environment environment(const Params& params) {
  cgi::Environment env;
  for (const char* name : cgi::kMetaVariables) {
    if (const auto it = params.find(name); it != params.end()) env.emplace(name, it->second);
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

// Waits until `fd` is readable (a connection to accept, or the next request on a kept one);
// false when a stop was asked, `seconds` passed (0: no limit) or the socket failed
// (stop_asked tells which). ppoll() lets SIGTERM through atomically, so one sent at any
// moment before is seen here and none is lost between a check and the wait.
bool wait_readable(int fd, unsigned seconds) {
  sigset_t open;
  sigprocmask(SIG_BLOCK, nullptr, &open);
  sigdelset(&open, SIGTERM);
  pollfd ready{fd, POLLIN, 0};
  const timespec timeout{static_cast<time_t>(seconds), 0};
  while (stop_asked == 0) {
    const int polled = ppoll(&ready, 1, seconds > 0 ? &timeout : nullptr, &open);
    if (polled > 0) return true;
    if (polled == 0) return false;
    if (errno != EINTR) return false;  // not a busy loop on a broken socket
  }
  return false;
}

const char* param(const Params& params, const char* name) {
  const auto it = params.find(name);
  return it == params.end() ? "" : it->second.c_str();
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

// The status an answer the web server gave up is logged and counted with (nginx's "client
// closed request").
constexpr int kGivenUp = 499;

// The handler's answer to a complete request: the metrics when asked for them (by SCRIPT_NAME,
// nginx's location, or PATH_INFO, lighttpd's prefix: .../slidegif.cgi/metrics), 431 when its
// parameters were too large to keep.
cgi::Response response_to(const Params& params, bool too_large, const cgi::HandlerConfig& config,
                          const WorkerLimits& limits, const WorkerReporting& reporting) {
  if (too_large) {
    return cgi::text_response(
        431, fmt::format("the request's headers and parameters exceed {} kB, the most this "
                         "server reads",
                         kMaxParamBytes / 1024));
  }
  const std::string_view script = param(params, "SCRIPT_NAME");
  const bool wants_metrics =
      script.ends_with("/metrics") || std::string_view(param(params, "PATH_INFO")) == "/metrics";
  if (reporting.metrics != nullptr && wants_metrics) return metrics_response(*reporting.metrics);
  return handle(environment(params), config, limits, reporting);
}

// One line of the access log and the counters for a request: answered with `status` and
// `sent` body bytes, or given up (kGivenUp).
void report(const Params& params, int status, std::string_view content_type, std::size_t sent,
            std::chrono::steady_clock::time_point started, const WorkerReporting& reporting) {
  if (reporting.metrics != nullptr) {
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
    reporting.metrics->record(status, content_type, took.count(), sent);
  }
  if (reporting.access_log) {
    const std::string line = access_log_line(
        environment(params), param(params, "REMOTE_ADDR"), param(params, "SCRIPT_NAME"),
        param(params, "SERVER_PROTOCOL"), status, sent, std::time(nullptr));
    std::fwrite(line.data(), 1, line.size(), stderr);  // one write: lines of workers never mix
  }
}

// Whether the web server gave the request up while it was drawn: FCGI_ABORT_REQUEST (answered
// here), or the connection closed. Reads only what has arrived; never waits.
bool given_up(int fd, RecordReader& reader, Conversation& talk) {
  RecordHeader header;
  std::string content;
  for (;;) {
    switch (reader.next(header, content, RecordReader::kNoWait)) {
      case RecordReader::Got::kNothing:
        return false;
      case RecordReader::Got::kRecord:
        if (const std::string reply = talk.take(header, content); !reply.empty()) {
          send_all(fd, reply);
        }
        if (talk.state() == Conversation::State::kAborted) return true;
        break;
      default:
        return true;
    }
  }
}

// Reads records until a request is complete (kReady) or given up (kAborted), answering
// management records on the way. False when the connection ended, failed or broke first.
bool read_request(int fd, RecordReader& reader, Conversation& talk) {
  RecordHeader header;
  std::string content;
  for (;;) {
    if (reader.next(header, content, RecordReader::kWait) != RecordReader::Got::kRecord) {
      return false;
    }
    if (const std::string reply = talk.take(header, content);
        !reply.empty() && !send_all(fd, reply)) {
      return false;
    }
    switch (talk.state()) {
      case Conversation::State::kReady:
      case Conversation::State::kAborted:
        return true;
      case Conversation::State::kBroken:
        return false;
      default:
        break;
    }
  }
}

// Answers the complete request on the connection, unless the web server gives it up while it
// is drawn. True when the connection may carry another request.
bool answer(int fd, RecordReader& reader, Conversation& talk, const cgi::HandlerConfig& config,
            const WorkerLimits& limits, const WorkerReporting& reporting) {
  const auto started = std::chrono::steady_clock::now();
  const Params& params = talk.params();
  const cgi::Response response =
      response_to(params, talk.params_too_large(), config, limits, reporting);
  if (given_up(fd, reader, talk)) {
    send_all(fd, encode_end_request(talk.request_id(), 1, kRequestComplete));
    report(params, kGivenUp, {}, 0, started, reporting);
    return false;
  }
  const std::string header = cgi::cgi_header_block(response);
  const bool head = std::string_view(param(params, "REQUEST_METHOD")) == "HEAD";
  const std::string_view body =
      head ? std::string_view{}
           : std::string_view(reinterpret_cast<const char*>(response.body.data()),
                              response.body.size());
  // A client gone away shows as a failed write here; nothing to do but finish.
  const bool sent = send_answer(fd, talk.request_id(), header, body);
  report(params, response.status, response.header("Content-Type"), body.size(), started, reporting);
  return sent && talk.keep_connection();
}

// The requests on one connection, one at a time, until it ends, a request is given up, or the
// worker should stop; `served` counts the answers.
void serve_connection(int fd, const cgi::HandlerConfig& config, const WorkerLimits& limits,
                      const WorkerReporting& reporting, unsigned long& served) {
  RecordReader reader(fd);
  Conversation talk;
  for (;;) {
    // A client trickling a byte at a time, each inside the I/O timeout, would hold the worker
    // on: a request's records have arrival_seconds in all, then the alarm ends the worker.
    alarm(arrival_seconds(limits));
    const bool complete = read_request(fd, reader, talk);
    alarm(0);
    if (!complete) return;
    if (talk.state() == Conversation::State::kAborted) {
      send_all(fd, encode_end_request(talk.request_id(), 1, kRequestComplete));
      report(talk.params(), kGivenUp, {}, 0, std::chrono::steady_clock::now(), reporting);
      return;
    }
    arm_backstops(limits);
    const bool go_on = answer(fd, reader, talk, config, limits, reporting);
    disarm_backstops();
    return_free_memory();
    ++served;
    talk.finish();
    const bool more = limits.max_requests == 0 || served < limits.max_requests;
    // A kept connection's next request (nginx's fastcgi_keep_conn) is waited for like a new
    // connection: a stop is taken while waiting.
    if (!go_on || !more || !wait_readable(fd, limits.io_seconds)) return;
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
  // A request given up before its parameters arrived has no request line: "-", as CLF says.
  const std::string request_line =
      get("REQUEST_METHOD").empty()
          ? "-"
          : fmt::format("{} {} {}", escaped(get("REQUEST_METHOD")), escaped(target),
                        escaped(*protocol ? protocol : "HTTP/1.0"));
  return fmt::format("{} - - [{}] \"{}\" {} {}\n", *remote_addr ? remote_addr : "-", date,
                     request_line, status, bytes > 0 ? std::to_string(bytes) : "-");
}

bool set_io_timeouts(int fd, const WorkerLimits& limits) {
  timeval t{};
  t.tv_sec = limits.io_seconds;
  return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t) == 0 &&
         setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &t, sizeof t) == 0;
}

int run_worker(int listen_fd, const WorkerSettings& settings, const WorkerLimits& limits,
               const WorkerReporting& reporting) {
  take_stop_signals();
  // Workers wait in ppoll() and then race to accept: the losers must get EAGAIN, not block
  // with SIGTERM held. (A connection accepted from it blocks again: accept() does not pass
  // O_NONBLOCK on.)
  const int flags = fcntl(listen_fd, F_GETFL);
  if (flags < 0 || fcntl(listen_fd, F_SETFL, flags | O_NONBLOCK) != 0) return 1;
  WorkerContext context(settings.pdb_dir, "", settings.picture_dir, settings.url_key_file,
                        limits.cache_bytes);
  context.allow_origin(settings.cors_origin);
  context.limit_requests(settings.limits);
  unsigned long served = 0;
  while (limits.max_requests == 0 || served < limits.max_requests) {
    // A failed socket is a failed worker (the pool gives up on workers failing at start).
    if (!wait_readable(listen_fd, 0)) return stop_asked != 0 ? 0 : 1;
    const int connection = accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) {
      // Another worker took the connection, or it was reset before it was taken: wait again.
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED) {
        continue;
      }
      return 1;
    }
    // Set on each connection: a Unix socket's connections do not inherit the listening
    // socket's timeouts (TCP's do).
    set_io_timeouts(connection, limits);
    serve_connection(connection, context.config(), limits, reporting, served);
    close(connection);
  }
  return 0;
}

}  // namespace slidegif::fcgi
