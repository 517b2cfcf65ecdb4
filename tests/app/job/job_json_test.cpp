// The one JSON shape of a solved job.
#include "app/job/job_json.hpp"

#include <gtest/gtest.h>

#include <set>

namespace slidegif::app {
namespace {

Solved solved(std::optional<std::uint64_t> seed) {
  Solution s;
  s.moves = moves_from_string("RD");
  s.optimal = false;
  s.method = "test";
  s.stats.nodes = 12;
  s.stats.seconds = 0.25;
  return {Puzzle{parse_board("1,2,3/4,0,5"), parse_board("1,2,3/4,5,0"), seed, true}, s};
}

std::set<std::string> keys(const nlohmann::json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}

TEST(ResultJson, TheSolveKeysAndValues) {
  const auto j = result_json(solved(std::nullopt));
  EXPECT_EQ(keys(j), (std::set<std::string>{"rows", "cols", "start", "goal", "length", "metric",
                                            "optimal", "moves", "method", "nodes", "seconds"}));
  EXPECT_EQ(j["rows"], 2);
  EXPECT_EQ(j["cols"], 3);
  EXPECT_EQ(j["start"], "123/405");
  EXPECT_EQ(j["goal"], "123/450");
  EXPECT_EQ(j["length"], 2);
  EXPECT_EQ(j["optimal"], false);
  EXPECT_EQ(j["moves"], "RD");
  EXPECT_EQ(j["method"], "test");
  EXPECT_EQ(j["nodes"], 12);
  EXPECT_EQ(j["seconds"], 0.25);
  EXPECT_EQ(j["metric"], "stm");
}

// A multi-tile answer's length is its runs; "steps" counts its letters.
TEST(ResultJson, AMultiTileAnswerCountsItsRuns) {
  Solved s = solved(std::nullopt);
  s.solution.moves = moves_from_string("LLU");
  s.solution.metric = Metric::MultiTile;
  const auto j = result_json(s);
  EXPECT_EQ(j["length"], 2);
  EXPECT_EQ(j["steps"], 3);
  EXPECT_EQ(j["metric"], "mtm");
}

TEST(ResultJson, SeedWhenDrawnAndTheGif) {
  const Animation gif{{'G', 'I', 'F'}, 3, 40, 50};
  const auto j = result_json(solved(7), gif, "out.gif");
  EXPECT_EQ(j["seed"], 7);
  EXPECT_EQ(j["file"], "out.gif");
  EXPECT_EQ(j["frames"], 3);
  EXPECT_EQ(j["bytes"], 3);
  EXPECT_EQ(j["width"], 40);
  EXPECT_EQ(j["height"], 50);
  EXPECT_EQ(keys(j).size(), 17u);
}

TEST(JsonLine, OneLineAndBytesThatAreNotUtf8PrintReplaced) {
  const nlohmann::json j = {{"file", std::string("a\xbb.gif")}, {"n", 1}};
  EXPECT_EQ(json_line(j), "{\"file\":\"a\xef\xbf\xbd.gif\",\"n\":1}");
}

}  // namespace
}  // namespace slidegif::app
