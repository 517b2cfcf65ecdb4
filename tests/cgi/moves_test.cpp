// moves=N: a puzzle exactly N moves from the goal (uniform from a 3x3 table built in memory,
// which the CGI allows only for such draws), deterministic with a seed, no-store without;
// out-of-range and contradictory requests are 400s. Also through the real slidegif.cgi.
#include <gtest/gtest.h>

#include "app/data/distance_tables.hpp"
#include "cgi/handler.hpp"
#include "run_binary.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

Response get(const std::string& query) {
  app::DistanceTables tables({.max_build_bytes = 1'000'000, .build_to_solve = false, .dir = ""});
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  c.services.entropy = [n = std::uint64_t{0}]() mutable { return ++n; };
  c.services.distance_table = [&tables](const Board& goal, bool to_pick) {
    return tables(goal, to_pick);
  };
  return handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}}, c);
}

std::string puzzle_header(const Response& r) {
  return std::string(r.header("X-Slidegif-Puzzle"));
}

TEST(Moves, SeededDrawIsExactAndCacheable) {
  const Response a = get("moves=20&seed=3");
  ASSERT_EQ(a.status, 200) << a.body_text();
  EXPECT_NE(puzzle_header(a).find(" 20 moves"), std::string::npos) << puzzle_header(a);
  EXPECT_FALSE(a.header("ETag").empty());
  EXPECT_EQ(get("moves=20&seed=3").body, a.body);
  const Response b = get("moves=21&seed=3");
  EXPECT_NE(puzzle_header(b).find(" 21 moves"), std::string::npos) << puzzle_header(b);
  EXPECT_NE(a.header("ETag"), b.header("ETag"));
}

TEST(Moves, HardestAndOtherGoals) {
  const Response max = get("moves=max&seed=1");
  ASSERT_EQ(max.status, 200) << max.body_text();
  EXPECT_NE(puzzle_header(max).find(" 31 moves"), std::string::npos) << puzzle_header(max);
  const Response centre = get("moves=max&seed=1&goal=123804765");
  ASSERT_EQ(centre.status, 200) << centre.body_text();
  EXPECT_NE(puzzle_header(centre).find(" 30 moves"), std::string::npos);
  const Response small = get("moves=6&size=2x2&seed=2");
  ASSERT_EQ(small.status, 200) << small.body_text();
  EXPECT_NE(puzzle_header(small).find(" 6 moves"), std::string::npos);
}

TEST(Moves, UnseededIsNotStored) {
  const Response u = get("moves=12");
  ASSERT_EQ(u.status, 200) << u.body_text();
  EXPECT_EQ(u.header("Cache-Control"), "no-store");
  EXPECT_TRUE(u.header("ETag").empty());
}

TEST(Moves, BadRequestsAre400) {
  const std::pair<const char*, const char*> table[] = {
      {"moves=32", "0 to 31 moves"},
      {"moves=-1", "moves"},
      {"moves=abc", "moves"},
      {"moves=5&start=123456780", "either start or moves"},
      {"moves=5&moves=6", "more than once"},
      {"moves=7&size=2x2", "0 to 6 moves"},
  };
  for (const auto& [query, message] : table) {
    const Response r = get(query);
    EXPECT_EQ(r.status, 400) << query << ": " << r.body_text();
    EXPECT_NE(r.body_text().find(message), std::string::npos) << query << ": " << r.body_text();
  }
}

TEST(Moves, TheRealCgiAnswersAnImgSrc) {
  const auto r =
      testing::run_binary({std::string(SLIDEGIF_PROGRAM_DIR) + "/slidegif.cgi"}, {},
                          {{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "moves=20&seed=8"}});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("Content-Type: image/gif"), std::string::npos) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find(" 20 moves"), std::string::npos) << r.out.substr(0, 300);
}

}  // namespace
}  // namespace slidegif::cgi
