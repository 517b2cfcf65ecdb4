// The operator's limits by name (request_limits.hpp): set, refused, and applied by the handler
// a server runs; and SERVING.md's table says each with its default.
#include "cgi/request_limits.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cgi/handler.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

TEST(RequestLimits, DefaultsAreLimitsHpps) {
  const RequestLimits l;
  EXPECT_EQ(l.render.max_tile_px, kRenderLimits.max_tile_px);
  EXPECT_EQ(l.solve.max_seconds, kSolveSettings.max_seconds);
  EXPECT_EQ(l.max_query_bytes, kMaxQueryBytes);
  bool seen = false;
  for (const LimitInfo& info : describe_limits(l)) {
    if (info.name == "max-tile") seen = info.value == std::to_string(kRenderLimits.max_tile_px);
  }
  EXPECT_TRUE(seen);
}

TEST(RequestLimits, SetsByName) {
  RequestLimits l;
  EXPECT_EQ(set_limits(l, "max-tile=60,search-seconds=1.5"), "");
  EXPECT_EQ(set_limits(l, "query-bytes=65536"), "");
  EXPECT_EQ(set_limits(l, ""), "");
  EXPECT_EQ(l.render.max_tile_px, 60);
  EXPECT_DOUBLE_EQ(l.solve.max_seconds, 1.5);
  EXPECT_EQ(l.max_query_bytes, 65536u);
  for (const LimitInfo& info : describe_limits(l)) {
    if (info.name == "search-seconds") EXPECT_EQ(info.value, "1.5");
  }
}

TEST(RequestLimits, RefusesWhatCannotBeUsedAndKeepsTheRest) {
  RequestLimits l;
  EXPECT_NE(set_limits(l, "max-tile=60,bogus=1").find("no limit is called 'bogus'"),
            std::string::npos);
  EXPECT_EQ(l.render.max_tile_px, kRenderLimits.max_tile_px);  // nothing of the setting taken
  EXPECT_NE(set_limits(l, "max-tile=300").find("must be from 16 to 256"), std::string::npos);
  EXPECT_NE(set_limits(l, "max-tile=6.5").find("not a whole number"), std::string::npos);
  EXPECT_NE(set_limits(l, "max-tile=").find("not a whole number"), std::string::npos);
  EXPECT_NE(set_limits(l, "search-seconds=nan").find("not a number"), std::string::npos);
  EXPECT_NE(set_limits(l, "max-tile").find("not NAME=VALUE"), std::string::npos);
  // The search must end before the CPU backstop kills the process.
  EXPECT_NE(set_limits(l, "search-seconds=20").find("cpu-seconds"), std::string::npos);
  EXPECT_EQ(set_limits(l, "search-seconds=20,cpu-seconds=30"), "");
}

Response answer_under(const std::string& query, const RequestLimits& limits) {
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  c.services.entropy = [] { return std::uint64_t{7}; };
  c.limits = limits;
  return handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}}, c);
}

std::string text_of(const Response& r) {
  return std::string(r.body.begin(), r.body.end());
}

TEST(RequestLimits, TheHandlerAppliesThem) {
  RequestLimits l;
  ASSERT_EQ(set_limits(l, "max-tile=60,max-tween=1"), "");
  EXPECT_EQ(answer_under("random=1&tile=80", {}).status, 200);
  const Response tile = answer_under("random=1&tile=80", l);
  EXPECT_EQ(tile.status, 400);
  EXPECT_NE(text_of(tile).find("60"), std::string::npos) << text_of(tile);
  EXPECT_EQ(answer_under("random=1&tween=2", l).status, 400);
  EXPECT_EQ(answer_under("random=1&tile=60&tween=1", l).status, 200);
  // A longer query than the default allows, once the operator allows it.
  const std::string padded = "random=1&x=" + std::string(5000, 'a');
  EXPECT_EQ(answer_under(padded, {}).status, 400);
  RequestLimits longer;
  ASSERT_EQ(set_limits(longer, "query-bytes=8192"), "");
  EXPECT_EQ(answer_under(padded, longer).status, 200);
}

TEST(RequestLimits, ServingMdListsEachWithItsDefault) {
  std::ifstream in(SLIDEGIF_SOURCE_DIR "/docs/SERVING.md");
  std::stringstream text;
  text << in.rdbuf();
  for (const LimitInfo& info : describe_limits({})) {
    const std::string row = "| `" + info.name + "` | " + info.value + " |";
    EXPECT_NE(text.str().find(row), std::string::npos) << "SERVING.md lacks: " << row;
  }
}

}  // namespace
}  // namespace slidegif::cgi
