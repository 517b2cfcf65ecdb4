// explain= and compare=1 through the whole handler: the drawing read back by giflib, the JSON
// rows and script, the same counts both ways, caching, and every refusal a 400 that says why.
#include "cgi/search_answers.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cgi/handler.hpp"
#include "gif_decoder.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

Response ask(const std::string& query, const std::string& if_none_match = {}) {
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  Environment env{{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}};
  if (!if_none_match.empty()) env.emplace("HTTP_IF_NONE_MATCH", if_none_match);
  return handle_request(env, c);
}

nlohmann::json json_of(const Response& r) {
  return nlohmann::json::parse(r.body_text());
}

TEST(SearchAnswers, ExplainDrawsTheSearchAndSaysItsCounts) {
  const Response r = ask("explain=astar&start=152703846");
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_EQ(r.header("Content-Type"), "image/gif");
  const auto gif = testing::DecodedGif::decode(r.body);
  const std::string said(r.header("X-Slidegif-Puzzle"));
  EXPECT_NE(said.find("explain=astar-manhattan: 8 moves, 13 expanded, " +
                      std::to_string(gif.frame_count()) + " frames"),
            std::string::npos)
      << said;
  // The script as JSON: a frame each, the same counts as compare=1's row.
  const Response j = ask("explain=astar&start=152703846&format=json");
  ASSERT_EQ(j.status, 200) << j.body_text();
  EXPECT_EQ(j.header("Content-Type"), "application/json");
  const auto script = json_of(j);
  EXPECT_EQ(script["frames"].size(), static_cast<std::size_t>(gif.frame_count()));
  EXPECT_EQ(script["frames"].back()["caption"], "Solved in 8 moves");
  const auto rows = json_of(ask("compare=1&start=152703846"))["rows"];
  ASSERT_EQ(rows.size(), 13u);
  EXPECT_EQ(rows[4]["algorithm"], "astar-manhattan");
  EXPECT_EQ(rows[4]["expanded"], script["expanded"]);
  EXPECT_EQ(rows[4]["generated"], script["generated"]);
  EXPECT_EQ(rows.back()["algorithm"], "slidegif");
}

TEST(SearchAnswers, AnswersAreCachedByWhatTheyDependOn) {
  const Response a = ask("explain=astar&start=152703846");
  const Response b = ask("explain=idastar&start=152703846");
  const Response plain = ask("start=152703846");
  ASSERT_EQ(a.status, 200);
  EXPECT_NE(a.header("ETag"), b.header("ETag"));
  EXPECT_NE(a.header("ETag"), plain.header("ETag"));
  EXPECT_EQ(ask("explain=astar&start=152703846", std::string(a.header("ETag"))).status, 304);
  EXPECT_EQ(ask("explain=astar&random=1").header("Cache-Control"), "no-store");
}

TEST(SearchAnswers, RefusalsAre400sThatSayWhy) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"explain=dfs&start=152703846", "unknown algorithm \"dfs\""},
      {"explain=astar-misplaced&start=14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3&goal=0,1,2,3/4,5,6,7/"
       "8,9,10,11/12,13,14,15",
       "200,000 expanded"},
      {"explain=astar&start=152703846&frames=0", "frames must be"},
      {"explain=astar&compare=1&start=152703846", "ask for one"},
      {"compare=1&format=gif&start=152703846", "compare=1 answers JSON"},
      {"explain=astar&start=123456780&goal=213456780", "unsolvable"},
      {"frames=10&start=152703846", "frames= is explain="},
      // Advice in the query's terms, not the command line's.
      {"explain=bfs&start=867254301&frames=100", "(use a smaller tile or fewer frames)"},
  };
  for (const auto& [query, says] : cases) {
    const Response r = ask(query);
    EXPECT_EQ(r.status, 400) << query;
    EXPECT_NE(r.body_text().find(says), std::string::npos) << query << ": " << r.body_text();
  }
}

}  // namespace
}  // namespace slidegif::cgi
