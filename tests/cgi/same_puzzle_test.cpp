// "Same seed, same puzzle" across front ends: `slidegif random --seed N --json` (the real
// binary) and the CGI handler's `random=1&seed=N` draw the same start and goal, for several
// seeds and shapes and with a random goal.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cgi/handler.hpp"
#include "run_binary.hpp"
#include "test_font.hpp"

namespace slidegif {
namespace {

// "START -> GOAL" from the CLI's JSON, in format_board notation.
std::string cli_puzzle(std::uint64_t seed, const std::string& size, bool random_goal) {
  // A 4x4 draw may be hard: a short budget, then the near-optimal answer (only boards matter).
  std::vector<std::string> args = {testing::slidegif_binary(),
                                   "random",
                                   "--seed",
                                   std::to_string(seed),
                                   "--size",
                                   size,
                                   "--json",
                                   "--no-pdb",
                                   "--max-seconds",
                                   "0.05"};
  if (random_goal) args.emplace_back("--random-goal");
  const auto r = testing::run_binary(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  return j["start"].get<std::string>() + " -> " + j["goal"].get<std::string>();
}

// The same from the handler's X-Slidegif-Puzzle header ("START -> GOAL, N moves ...").
std::string cgi_puzzle(std::uint64_t seed, const std::string& size, bool random_goal) {
  cgi::HandlerConfig config;
  config.services.font = [] { return testing::test_font(); };
  config.services.entropy = []() -> std::uint64_t { throw std::logic_error("seeded: no entropy"); };
  config.limits.solve.max_seconds = 0.05;
  const std::string query = "random=1&seed=" + std::to_string(seed) + "&size=" + size +
                            "&tween=0&tile=16" + (random_goal ? "&goal=random" : "");
  const auto r = cgi::handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}}, config);
  EXPECT_EQ(r.status, 200) << query << ": " << r.body_text();
  const std::string puzzle(r.header("X-Slidegif-Puzzle"));
  return puzzle.substr(0, puzzle.find(", "));
}

TEST(SamePuzzle, CliAndCgiDrawTheSameBoardsFromASeed) {
  for (const std::string size : {"3", "2x4", "3x2", "4"}) {
    for (const std::uint64_t seed : {0ull, 7ull, 2026ull, 18446744073709551615ull}) {
      for (const bool random_goal : {false, true}) {
        if (size == "4" && (random_goal || seed > 7)) continue;  // each 4x4 takes a second
        const std::string cli = cli_puzzle(seed, size, random_goal);
        EXPECT_EQ(cli, cgi_puzzle(seed, size, random_goal))
            << "size " << size << ", seed " << seed << (random_goal ? ", random goal" : "");
        EXPECT_NE(cli.find(" -> "), std::string::npos) << cli;
      }
    }
  }
}

// One set of defaults: the same options give the same GIF, byte for byte, from the command line
// and from the CGI (defaults alone, and with options named as each front end names them).
TEST(SameAnimation, CliAndCgiDrawTheSameGifForTheSameOptions) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{}, ""},
      {{"--tween", "1", "--theme", "dark", "--speed", "2", "--no-mark", "--tile", "40"},
       "&tween=1&theme=dark&speed=2&mark=0&tile=40"},
      {{"--no-captions", "--max-duration", "5"}, "&captions=0&max_duration=5"},
  };
  for (const auto& [flags, params] : cases) {
    testing::TempDir dir;
    std::vector<std::string> args = {
        testing::slidegif_binary(), "solve", "867254301",        "--lang", "en", "--font",
        testing::kTestFontPath,     "-o",    dir.file("cli.gif")};
    args.insert(args.end(), flags.begin(), flags.end());
    const auto r = testing::run_binary(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    cgi::HandlerConfig config;
    config.services.font = [] { return testing::test_font(); };
    const std::string query = "start=867254301" + params;
    const auto answer =
        cgi::handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}}, config);
    ASSERT_EQ(answer.status, 200) << query << ": " << answer.body_text();
    EXPECT_TRUE(answer.body_text() == testing::read_file(dir.file("cli.gif"))) << query;
  }
}

}  // namespace
}  // namespace slidegif
