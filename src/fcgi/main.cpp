// slidegif.fcgi: the CGI's handler as a FastCGI responder (libfcgi), a pre-forked pool of
// persistent workers that keep the font and the pattern databases between requests.
//
//   spawn-fcgi -s /run/slidegif/fcgi.sock -- /usr/local/lib/slidegif/slidegif.fcgi
//   slidegif.fcgi --listen 127.0.0.1:9000 --workers 2
//
// Without --listen the listening socket is standard input, as spawn-fcgi and a systemd socket
// unit (StandardInput=socket) hand it over, or fd 3 under systemd's LISTEN_FDS=1.

#include <fcgiapp.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>

#include "app/pdb_location.hpp"
#include "cgi/limits.hpp"
#include "fcgi/pool.hpp"
#include "fcgi/responder.hpp"

namespace {

constexpr int kSystemdListenFd = 3;  // SD_LISTEN_FDS_START

constexpr const char* kUsage =
    "usage: slidegif.fcgi [--listen ADDRESS] [--workers N] [--max-requests N] [--pdb-dir DIR]\n"
    "                     [--io-timeout S]\n"
    "  --listen ADDRESS   a socket path, or [HOST]:PORT (default: the socket on standard input,\n"
    "                     as spawn-fcgi and systemd socket activation pass it)\n"
    "  --workers N        worker processes (default: one per core)\n"
    "  --max-requests N   requests per worker before it is replaced (default: 10000; 0: never)\n"
    "  --pdb-dir DIR      pattern databases and distance tables (default: $SLIDEGIF_PDB_DIR;\n"
    "                     never built)\n"
    "  (the pictures requests may name: $SLIDEGIF_PICTURE_DIR, as for slidegif.cgi)\n"
    "  --io-timeout S     drop a connection idle this long mid-request (default: 10)\n";

struct Options {
  std::string listen;
  int workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  unsigned long max_requests = 10000;
  unsigned long io_seconds = 0;  // 0: WorkerLimits' default
  std::string pdb_dir;
  std::string picture_dir;
};

bool parse_count(std::string_view text, unsigned long max, unsigned long& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size() && out <= max;
}

// False (after a message) on anything unexpected.
bool parse_options(int argc, char** argv, Options& o) {
  if (const char* dir = std::getenv(slidegif::app::kPdbDirEnv)) o.pdb_dir = dir;
  if (const char* dir = std::getenv("SLIDEGIF_PICTURE_DIR")) o.picture_dir = dir;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(kUsage, stdout);
      std::exit(EXIT_SUCCESS);
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "slidegif.fcgi: unknown or incomplete option '%s'\n%s", argv[i], kUsage);
      return false;
    }
    const std::string_view value = argv[++i];
    unsigned long n = 0;
    if (flag == "--listen") {
      o.listen = value;
    } else if (flag == "--pdb-dir") {
      o.pdb_dir = value;
    } else if (flag == "--workers" && parse_count(value, 256, n) && n > 0) {
      o.workers = static_cast<int>(n);
    } else if (flag == "--max-requests" && parse_count(value, 1'000'000'000, n)) {
      o.max_requests = n;
    } else if (flag == "--io-timeout" && parse_count(value, 3600, n) && n > 0) {
      o.io_seconds = n;
    } else {
      std::fprintf(stderr, "slidegif.fcgi: bad option '%s %s'\n%s", argv[i - 1], argv[i], kUsage);
      return false;
    }
  }
  return true;
}

// The listening socket, or -1 after a message.
int listening_socket(const Options& o) {
  if (FCGX_Init() != 0) return -1;
  if (!o.listen.empty()) {
    const int fd = FCGX_OpenSocket(o.listen.c_str(), 128);
    if (fd < 0) std::fprintf(stderr, "slidegif.fcgi: cannot listen on %s\n", o.listen.c_str());
    return fd;
  }
  // systemd's protocol without StandardInput=socket (and systemd-socket-activate): fd 3.
  const char* fds = std::getenv("LISTEN_FDS");
  const char* pid = std::getenv("LISTEN_PID");
  if (fds != nullptr && pid != nullptr && std::string_view(fds) == "1" &&
      std::to_string(getpid()) == pid) {
    return kSystemdListenFd;
  }
  if (FCGX_IsCGI()) {
    std::fprintf(stderr,
                 "slidegif.fcgi: standard input is not a listening socket; start it with "
                 "spawn-fcgi, a systemd socket unit, or --listen ADDRESS\n");
    return -1;
  }
  return slidegif::fcgi::kStdinListenFd;
}

// Each worker's address space, as the CGI's (skipped under AddressSanitizer's shadow memory).
void limit_workers() {
#if !defined(__SANITIZE_ADDRESS__)
  const rlimit as{slidegif::cgi::kAddressSpaceBytes, slidegif::cgi::kAddressSpaceBytes};
  setrlimit(RLIMIT_AS, &as);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  slidegif::fcgi::block_pool_signals();
  Options options;
  if (!parse_options(argc, argv, options)) return 2;
  const int fd = listening_socket(options);
  if (fd < 0) return 2;
  // A client gone mid-answer is a failed write, not the end of the worker.
  signal(SIGPIPE, SIG_IGN);
  limit_workers();
  slidegif::fcgi::WorkerLimits limits;
  limits.cpu_seconds = slidegif::cgi::kCpuSeconds;
  limits.max_requests = options.max_requests;
  if (options.io_seconds > 0) limits.io_seconds = static_cast<unsigned>(options.io_seconds);
  if (!slidegif::fcgi::set_io_timeouts(fd, limits)) {
    std::perror("slidegif.fcgi: the listening socket's timeouts");
    return 2;
  }
  return slidegif::fcgi::run_pool(options.workers, [&] {
    return slidegif::fcgi::run_worker(fd, options.pdb_dir.c_str(), options.picture_dir.c_str(),
                                      limits);
  });
}
