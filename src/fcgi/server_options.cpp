#include "fcgi/server_options.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>

#include "app/data/pdb_location.hpp"
#include "fcgi/metrics.hpp"

namespace slidegif::fcgi {

namespace {

// --limit's description: every limit with its default (the man page is generated from it).
std::string limit_help() {
  std::string text =
      "Change a bound on every request, NAME=VALUE (repeat it, or split by commas; default: "
      "$SLIDEGIF_LIMITS): a request past one is refused naming it (400; past the search "
      "budget, a near-optimal answer or 503). The names, with their defaults:";
  const auto limits = cgi::describe_limits({});
  for (std::size_t i = 0; i < limits.size(); ++i) {
    text += fmt::format("{} {}={} ({})", i == 0 ? "" : ";", limits[i].name, limits[i].value,
                        limits[i].meaning);
  }
  return text;
}

}  // namespace

std::unique_ptr<CLI::App> server_command_line(ServerOptions& o) {
  if (const char* dir = std::getenv(app::kPdbDirEnv)) o.pdb_dir = dir;
  if (const char* dir = std::getenv("SLIDEGIF_PICTURE_DIR")) o.picture_dir = dir;
  if (const char* origin = std::getenv("SLIDEGIF_CORS_ORIGIN")) o.cors_origin = origin;
  if (const char* file = std::getenv("SLIDEGIF_URL_KEY_FILE")) {
    o.url_key_file = file;
    o.url_key_set = true;
  }
  auto app = std::make_unique<CLI::App>(
      "slidegif.fcgi: the slidegif.cgi endpoint as a FastCGI server, a pool of resident "
      "workers",
      "slidegif.fcgi");
  app->add_option("--listen", o.listen,
                  "A socket path, or [HOST]:PORT (default: the socket on standard input, as "
                  "spawn-fcgi and systemd socket activation pass it)");
  app->add_option("--workers", o.workers, "Worker processes (default: one per core)")
      ->check(CLI::Range(1, kMaxWorkers));
  app->add_option("--max-requests", o.max_requests,
                  "Requests a worker answers before it is replaced (0: never)")
      ->capture_default_str()
      ->check(CLI::Range(0ul, 1'000'000'000ul));
  app->add_option("--pdb-dir", o.pdb_dir,
                  "Pattern databases, distance tables and the move-pieces file, never built "
                  "(default: $SLIDEGIF_PDB_DIR)");
  app->add_option("--io-timeout", o.io_seconds,
                  "Seconds a connection may stay idle in the middle of a request; its "
                  "parameters must all arrive within twice this and a second (default: 10)")
      ->check(CLI::Range(1u, 3600u));
  app->add_option("--max-busy", o.max_busy,
                  "Requests drawn at once, at most: one past it is answered 503 with "
                  "Retry-After at once (give more --workers than this; default: no limit "
                  "but the workers)")
      ->check(CLI::Range(1, kMaxWorkers));
  app->add_option("--url-key-file", o.url_key_file,
                  "Answer signed URLs only: sig= must be the HMAC-SHA256 of the rest of the "
                  "query under this file's key (default: $SLIDEGIF_URL_KEY_FILE)")
      ->each([&o](const std::string&) { o.url_key_set = true; });
  app->add_option("--cors-origin", o.cors_origin,
                  "Let pages of this origin read the answers (https://example.org, or * for "
                  "any): Access-Control-Allow-Origin, and preflight OPTIONS answered (default: "
                  "$SLIDEGIF_CORS_ORIGIN; none)");
  app->add_option("--cache-size", o.cache_mb,
                  "Megabytes of drawings and coded moves a worker keeps between requests "
                  "(the least recently used go first when full; 0: nothing kept)")
      ->capture_default_str()
      ->check(CLI::Range(0u, 65536u));
  app->add_option("--memory-limit", o.memory_mb,
                  "Megabytes of private memory a worker may hold, caches included (mapped "
                  "databases are shared and not counted): a request that needs more is answered "
                  "503. At least --cache-size plus " +
                      std::to_string(kRequestMemoryMb))
      ->capture_default_str()
      ->check(CLI::Range(64u, 1u << 20));
  app->add_option("--limit", o.limit_settings, limit_help())
      ->type_name("NAME=VALUE")
      ->delimiter(',');
  // Applied once over all of them, the environment's first so a flag overrides it: a setting
  // may depend on another (search-seconds on cpu-seconds), given in any order.
  app->final_callback([&o] {
    const char* from_env = std::getenv("SLIDEGIF_LIMITS");
    std::string spec = from_env != nullptr ? from_env : "";
    for (const std::string& setting : o.limit_settings) spec += "," + setting;
    if (const std::string problem = cgi::set_limits(o.limits, spec); !problem.empty()) {
      throw CLI::ValidationError("--limit or SLIDEGIF_LIMITS", problem);
    }
  });
  app->add_flag("!--no-access-log", o.access_log,
                "No line per request on standard error (Common Log Format)");
  app->footer(
      "The pictures requests may name come from $SLIDEGIF_PICTURE_DIR, as for slidegif.cgi.\n"
      "More: man slidegif.fcgi.");
  return app;
}

std::string check_server_options(const ServerOptions& o) {
  if (o.memory_mb < o.cache_mb + kRequestMemoryMb) {
    return fmt::format(
        "--memory-limit {} MB leaves no room for a request beside --cache-size {} MB: "
        "give at least {} MB",
        o.memory_mb, o.cache_mb, o.cache_mb + kRequestMemoryMb);
  }
  return {};
}

bool parse_server_command_line(int argc, char** argv, ServerOptions& options, int& status) {
  const auto app = server_command_line(options);
  try {
    app->parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    status = app->exit(e);
    return false;
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "slidegif.fcgi: %s (see slidegif.fcgi --help)\n", e.what());
    status = 2;
    return false;
  }
  return true;
}

}  // namespace slidegif::fcgi
