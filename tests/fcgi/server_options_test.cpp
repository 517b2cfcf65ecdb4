// slidegif.fcgi's command line: defaults from the environment, bounds refused, and its man
// page's options generated from the same definitions.
#include "fcgi/server_options.hpp"

#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <cstdlib>

#include "cli/manual.hpp"
#include "run_binary.hpp"

namespace slidegif::fcgi {
namespace {

void parse(ServerOptions& o, std::vector<std::string> args) {
  const auto app = server_command_line(o);
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  app->parse(reversed);
}

TEST(ServerOptions, DefaultsFromTheEnvironmentThenFlags) {
  ::setenv("SLIDEGIF_PDB_DIR", "/var/cache/slidegif", 1);
  ::setenv("SLIDEGIF_PICTURE_DIR", "/srv/pictures", 1);
  ServerOptions o;
  parse(o, {});
  EXPECT_EQ(o.pdb_dir, "/var/cache/slidegif");
  EXPECT_EQ(o.picture_dir, "/srv/pictures");
  EXPECT_EQ(o.workers, 0);  // one per core, decided by the program
  EXPECT_EQ(o.max_requests, 10000u);
  ServerOptions flags;
  parse(flags, {"--pdb-dir", "/tmp/x", "--workers", "3", "--max-requests", "0", "--io-timeout", "5",
                "--listen", "127.0.0.1:9000"});
  EXPECT_EQ(flags.pdb_dir, "/tmp/x");
  EXPECT_EQ(flags.workers, 3);
  EXPECT_EQ(flags.max_requests, 0u);
  EXPECT_EQ(flags.io_seconds, 5u);
  EXPECT_EQ(flags.listen, "127.0.0.1:9000");
  ::unsetenv("SLIDEGIF_PDB_DIR");
  ::unsetenv("SLIDEGIF_PICTURE_DIR");
}

TEST(ServerOptions, TheCorsOriginFromTheEnvironmentOrTheFlag) {
  ServerOptions none;
  parse(none, {});
  EXPECT_EQ(none.cors_origin, "");
  ::setenv("SLIDEGIF_CORS_ORIGIN", "https://example.org", 1);
  ServerOptions env;
  parse(env, {});
  EXPECT_EQ(env.cors_origin, "https://example.org");
  ServerOptions flag;
  parse(flag, {"--cors-origin", "*"});
  EXPECT_EQ(flag.cors_origin, "*");
  ::unsetenv("SLIDEGIF_CORS_ORIGIN");
  // A setting that is not an origin stops the server before it listens (timeout(1): a server
  // that started would serve on, exit 124).
  const testing::TempDir dir;
  const auto r = testing::run_binary(
      {"/usr/bin/timeout", "10", std::string(SLIDEGIF_PROGRAM_DIR) + "/slidegif.fcgi", "--listen",
       dir.file("s.sock"), "--cors-origin", "https://example.org/page"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not an origin"), std::string::npos) << r.err;
  EXPECT_TRUE(dir.entries().empty());
}

// A worker's memory: the caches' size and the bound on all its private memory, which must
// leave a request room beside the caches.
TEST(ServerOptions, CacheSizeAndMemoryLimit) {
  ServerOptions o;
  parse(o, {});
  EXPECT_EQ(o.cache_mb, 96u);
  EXPECT_EQ(o.memory_mb, 512u);
  EXPECT_EQ(check_server_options(o), "");
  ServerOptions flags;
  parse(flags, {"--cache-size", "0", "--memory-limit", "300"});
  EXPECT_EQ(flags.cache_mb, 0u);
  EXPECT_EQ(flags.memory_mb, 300u);
  EXPECT_EQ(check_server_options(flags), "");
  ServerOptions tight;
  parse(tight, {"--cache-size", "200", "--memory-limit", "400"});
  const std::string why = check_server_options(tight);
  EXPECT_NE(why.find("give at least 456 MB"), std::string::npos) << why;
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--cache-size", "-1"}, {"--memory-limit", "10"}, {"--cache-size", "lots"}}) {
    ServerOptions bad;
    EXPECT_THROW(parse(bad, args), CLI::ParseError) << args[0] << " " << args[1];
  }
}

TEST(ServerOptions, LimitsFromTheEnvironmentThenFlagsInAnyOrder) {
  ServerOptions none;
  parse(none, {});
  EXPECT_EQ(none.limits.render.max_tile_px, cgi::kRenderLimits.max_tile_px);
  ::setenv("SLIDEGIF_LIMITS", "max-tile=100,max-tween=2", 1);
  ServerOptions both;
  parse(both, {"--limit", "max-tile=60", "--limit", "max-frames=50,query-bytes=8192"});
  EXPECT_EQ(both.limits.render.max_tile_px, 60);  // the flag over the environment
  EXPECT_EQ(both.limits.render.max_tween, 2);
  EXPECT_EQ(both.limits.render.max_frames, 50);
  EXPECT_EQ(both.limits.max_query_bytes, 8192u);
  ::unsetenv("SLIDEGIF_LIMITS");
  // A setting that depends on a later one (the search needs CPU seconds over its own).
  ServerOptions longer;
  parse(longer, {"--limit", "search-seconds=20", "--limit", "cpu-seconds=30"});
  EXPECT_DOUBLE_EQ(longer.limits.solve.max_seconds, 20.0);
  EXPECT_EQ(longer.limits.cpu_seconds, 30u);
  ServerOptions short_cpu;
  EXPECT_THROW(parse(short_cpu, {"--limit", "search-seconds=20"}), CLI::ValidationError);
  ::setenv("SLIDEGIF_LIMITS", "bogus=1", 1);
  ServerOptions bad_env;
  EXPECT_THROW(parse(bad_env, {}), CLI::ValidationError);
  ::unsetenv("SLIDEGIF_LIMITS");
}

TEST(ServerOptions, OutOfRangeAndUnknownAreRefused) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"--workers", "0"},
                                                                {"--workers", "257"},
                                                                {"--io-timeout", "0"},
                                                                {"--max-requests", "-1"},
                                                                {"--max-requests", "lots"},
                                                                {"--bogus"},
                                                                {"--limit", "max-tile=999"},
                                                                {"--listen"}}) {
    ServerOptions o;
    EXPECT_THROW(parse(o, args), CLI::ParseError) << args[0];
  }
}

TEST(ServerOptions, TheManPageHasEveryOption) {
  ServerOptions o;
  const auto app = server_command_line(o);
  const std::string page =
      cli::man_page_from_template(".TH X 8\n.SH OPTIONS\n@OPTIONS@\n.SH END\n", *app);
  for (const char* flag : {"listen", "workers", "max\\-requests", "pdb\\-dir", "io\\-timeout"})
    EXPECT_NE(page.find(std::string("\\fB\\-\\-") + flag + "\\fR"), std::string::npos) << flag;
  EXPECT_EQ(page.find("@OPTIONS@"), std::string::npos);
  EXPECT_THROW(cli::man_page_from_template(".TH X 8\n", *app), std::invalid_argument);
}

}  // namespace
}  // namespace slidegif::fcgi
