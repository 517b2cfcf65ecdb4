#pragma once
// slidegif.fcgi's command line, defined once with CLI11: the program parses it, and the man
// page's OPTIONS section is generated from it (cli/manual.hpp), so they cannot drift.
//
//   ServerOptions options;
//   CLI::App app = server_command_line(options);
//   app.parse(argc, argv);

#include <memory>
#include <string>
#include <vector>

#include "cgi/request_limits.hpp"
#include "fcgi/worker_memory.hpp"

namespace CLI {
class App;  // <CLI/CLI.hpp>, which only the files that parse include (it takes seconds to compile)
}

namespace slidegif::fcgi {

struct ServerOptions {
  std::string listen;  // empty: the socket on standard input (or systemd's fd 3)
  int workers = 0;     // 0: one per core
  unsigned long max_requests = 10000;
  unsigned io_seconds = 0;   // 0: WorkerLimits' default
  std::string pdb_dir;       // default: $SLIDEGIF_PDB_DIR
  std::string picture_dir;   // $SLIDEGIF_PICTURE_DIR
  int max_busy = 0;          // 0: no limit but the workers
  bool access_log = true;    // a Common Log Format line per request on standard error
  std::string url_key_file;  // signed URLs only; default $SLIDEGIF_URL_KEY_FILE
  bool url_key_set = false;  // either was given, even empty (which is refused)
  std::string cors_origin;   // pages of this origin may read the answers; $SLIDEGIF_CORS_ORIGIN
  // What a worker keeps between requests (drawings and coded moves), and all the private
  // memory it may hold (its heap, caches included; not the mapped databases or libraries).
  unsigned cache_mb = kDefaultCacheMb;
  unsigned memory_mb = kDefaultMemoryMb;
  // The bounds on each request: $SLIDEGIF_LIMITS, then each --limit, over limits.hpp's defaults.
  cgi::RequestLimits limits;
  std::vector<std::string> limit_settings;  // as given; applied to `limits` when parsed
};

// Why `options` cannot run (empty when they can): a memory limit too small for the caches and
// one request.
std::string check_server_options(const ServerOptions& options);

// The options bound to `options`, whose defaults it first takes from the environment
// ($SLIDEGIF_PDB_DIR, $SLIDEGIF_PICTURE_DIR).
std::unique_ptr<CLI::App> server_command_line(ServerOptions& options);

// Parses argv into `options`; false (after CLI11's message, or the help) when the program should
// stop, with `status` its exit status.
bool parse_server_command_line(int argc, char** argv, ServerOptions& options, int& status);

}  // namespace slidegif::fcgi
