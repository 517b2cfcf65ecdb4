#include "cgi/handler.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "cgi/limits.hpp"
#include "cgi/request.hpp"
#include "cgi/server_config.hpp"
#include "gif_decoder.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

HandlerConfig test_config() {
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  c.services.entropy = [n = std::uint64_t{0}]() mutable { return ++n; };
  return c;
}

Response get(std::string query, std::string if_none_match = {}, std::string method = "GET",
             const HandlerConfig& config = test_config()) {
  Environment env{{"REQUEST_METHOD", method}, {"QUERY_STRING", query}};
  if (!if_none_match.empty()) env.emplace("HTTP_IF_NONE_MATCH", if_none_match);
  return handle_request(env, config);
}

bool is_gif(const Response& r) {
  return r.body.size() > 6 && std::string(r.body.begin(), r.body.begin() + 6) == "GIF89a";
}

// The move count the handler reports in X-Slidegif-Puzzle ("... -> ..., 23 moves, 93 frames").
int reported_moves(const Response& r) {
  const std::string puzzle(r.header("X-Slidegif-Puzzle"));
  const auto end = puzzle.find(" moves");
  const auto begin = puzzle.rfind(' ', end - 1) + 1;
  return std::stoi(puzzle.substr(begin, end - begin));
}

TEST(Handler, FixedPuzzleIsACacheableGif) {
  const Response r = get("start=432061578");
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_EQ(r.header("Content-Type"), "image/gif");
  EXPECT_EQ(r.header("Content-Length"), std::to_string(r.body.size()));
  EXPECT_TRUE(is_gif(r));
  EXPECT_FALSE(r.header("ETag").empty());
  EXPECT_EQ(r.header("Cache-Control"), "public, max-age=" + std::to_string(kCacheMaxAgeSeconds));
  // giflib reads it, with one frame for the start and tween + 1 per move.
  const auto gif = testing::DecodedGif::decode(r.body);
  EXPECT_EQ(gif.frame_count(), 1 + reported_moves(r) * (default_job().animation.tween + 1));
  // Same puzzle in another notation and with a cache-busting parameter: same tag, same bytes.
  const Response again = get("start=4,3,2/0,6,1/5,7,8&_=123");
  EXPECT_EQ(again.header("ETag"), r.header("ETag"));
  EXPECT_EQ(again.body, r.body);
}

// What serve() (main's whole work) writes for a request.
std::string served(const std::string& query, const std::string& method) {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&data, &size);
  EXPECT_TRUE(serve({{"REQUEST_METHOD", method}, {"QUERY_STRING", query}}, test_config(), out));
  std::fclose(out);
  std::string text(data, size);
  std::free(data);
  return text;
}

TEST(Handler, HeadHasTheSameHeaders) {
  const Response g = get("start=432061578");
  const Response h = get("start=432061578", {}, "HEAD");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(h.headers, g.headers);
  EXPECT_EQ(served("start=432061578", "HEAD"), cgi_header_block(g));
}

TEST(Serve, WritesTheHeaderBlockThenTheBody) {
  const Response g = get("start=432061578");
  const std::string out = served("start=432061578", "GET");
  EXPECT_EQ(out, cgi_header_block(g) + g.body_text());
  EXPECT_EQ(out.substr(0, 16), "Status: 200 OK\r\n");
  EXPECT_EQ(served("size=5", "GET").substr(0, 25), "Status: 400 Bad Request\r\n");
}

// Whether `text` is UTF-8 throughout: each lead byte followed by the continuation bytes it
// announces (looser than the encoder's check, which is the point: a second opinion).
bool is_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
    if (n == 0 || (b > 0xF4) || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

TEST(Handler, AnErrorQuotingTheRequestIsWholeAndUtf8) {
  // %00 once cut the message at the NUL; raw bytes went out in a charset=utf-8 body.
  for (const char* query : {"start=86725430%00", "start=8672543%FF0", "start=867254%C3%280",
                            "theme=%00dark", "start=86725430%00&goal=%FE%FF"}) {
    const Response r = get(query);
    EXPECT_EQ(r.status, 400) << query;
    const std::string body = r.body_text();
    EXPECT_TRUE(is_utf8(body)) << query << ": " << body;
    ASSERT_FALSE(body.empty());
    EXPECT_EQ(body.back(), '\n') << query;
    EXPECT_EQ(body.find('\0'), std::string::npos) << query;
  }
  const std::string nul = get("start=86725430%00").body_text();
  EXPECT_NE(nul.find("in board"), std::string::npos) << nul;  // the message goes on past it
}

TEST(Handler, IfNoneMatchAnswers304WithoutRendering) {
  const Response first = get("start=432061578");
  HandlerConfig no_font = test_config();
  no_font.services.font = []() -> Font { throw Error(Error::Kind::Render, "must not render"); };
  const Response r = get("start=432061578", std::string(first.header("ETag")), "GET", no_font);
  EXPECT_EQ(r.status, 304);
  EXPECT_TRUE(r.body.empty());
  EXPECT_EQ(r.header("ETag"), first.header("ETag"));
  EXPECT_EQ(get("start=432061578", "\"stale\"", "GET", no_font).status, 500);
}

TEST(Handler, SeededRandomIsStableUnseededIsUncached) {
  const Response a = get("random=1&seed=9");
  const Response b = get("random=1&seed=9");
  ASSERT_EQ(a.status, 200) << a.body_text();
  EXPECT_EQ(a.body, b.body);
  EXPECT_FALSE(a.header("ETag").empty());
  const Response u = get("random=1");
  ASSERT_EQ(u.status, 200) << u.body_text();
  EXPECT_EQ(u.header("Cache-Control"), "no-store");
  EXPECT_TRUE(u.header("ETag").empty());
  // An unseeded request never answers 304, whatever the client sends.
  EXPECT_EQ(get("random=1", "*").status, 200);
}

TEST(Handler, ATitleThatIsNotUtf8IsStillCacheable) {
  // Found by the handler fuzzer: the ETag key once failed on such a title (500).
  const Response a = get("start=432061578&tween=0&title=%BB");
  const Response b = get("start=432061578&tween=0&title=%BC");
  ASSERT_EQ(a.status, 200) << a.body_text();
  ASSERT_EQ(b.status, 200) << b.body_text();
  EXPECT_FALSE(a.header("ETag").empty());
  EXPECT_NE(a.header("ETag"), b.header("ETag"));
}

TEST(Handler, OtherMethodsAre405) {
  for (const char* method : {"POST", "PUT", "DELETE", "OPTIONS", ""}) {
    const Response r = get("start=432061578", {}, method);
    EXPECT_EQ(r.status, 405) << method;
    EXPECT_EQ(r.header("Allow"), "GET, HEAD");
    EXPECT_EQ(r.header("Content-Type"), "text/plain; charset=utf-8");
  }
}

TEST(Handler, BadInputIs400WithAMessage) {
  const std::pair<const char*, const char*> table[] = {
      {"start=12345678", ""},
      {"start=213456780", "unsolvable"},
      {"size=5", "at most 16 cells"},
      {"tile=1000", "tile must be between"},
      {"tween=99", "tween must be between"},
      {"start=123456780&start=1", "more than once"},
      {"theme=..%2F..%2Fetc%2Fpasswd", "unknown theme"},
      {"title=%ZZ", "percent-escape"},
      {"start=867254301&tween=8&tile=160", "board pixels"},
  };
  for (const auto& [query, message] : table) {
    const Response r = get(query);
    EXPECT_EQ(r.status, 400) << query << ": " << r.body_text();
    EXPECT_NE(r.body_text().find(message), std::string::npos) << query << ": " << r.body_text();
    EXPECT_EQ(r.header("Content-Type"), "text/plain; charset=utf-8");
  }
}

TEST(Handler, MultiTileMetricCountsAndDrawsLineMoves) {
  const Response r = get("start=867254301&tween=0&metric=mtm");
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_NE(r.header("X-Slidegif-Puzzle").find("20 mtm moves (optimal)"), std::string::npos)
      << r.header("X-Slidegif-Puzzle");
  EXPECT_EQ(testing::DecodedGif::decode(r.body).frame_count(), 1 + 20);
  // A different answer: a different tag.
  EXPECT_NE(r.header("ETag"), get("start=867254301&tween=0").header("ETag"));
  EXPECT_EQ(get("start=867254301&metric=qtm").status, 400);
}

TEST(Handler, PastTheBudgetTheAnswerIsMarkedNotOptimal) {
  HandlerConfig tight = test_config();
  tight.limits.solve.max_nodes = 10;
  const Response r = get("start=867254301&tween=0", {}, "GET", tight);
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_TRUE(is_gif(r));
  EXPECT_NE(r.header("X-Slidegif-Puzzle").find("(not optimal)"), std::string::npos)
      << r.header("X-Slidegif-Puzzle");
  EXPECT_GE(reported_moves(r), 31);
}

TEST(Handler, UniformRandomFifteenPuzzleIsAnswered) {
  // No pattern database here: a hard draw still gets an answer, optimal or marked not.
  const Response r = get("random=1&size=4&seed=9&tween=0");
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_TRUE(is_gif(r));
}

TEST(Handler, ExhaustedBudgetWithoutFallbackIs503WithRetryAfter) {
  HandlerConfig tight = test_config();
  tight.limits.solve.max_nodes = 10;
  tight.limits.solve.near_optimal_fallback = false;
  const Response r = get("start=867254301", {}, "GET", tight);
  EXPECT_EQ(r.status, 503) << r.body_text();
  EXPECT_EQ(r.header("Retry-After"), "1");
  EXPECT_NE(r.body_text().find("budget"), std::string::npos);
}

TEST(CheckAnimation, FramesAndPixelsAtTheServersLimits) {
  const RenderLimits& l = kRenderLimits;
  AnimationOptions o;
  o.tile_px = 32;
  o.tween = 8;
  EXPECT_NO_THROW(detail::check_animation(o, {3, 3}, (l.max_frames - 1) / 9, l));
  EXPECT_THROW(detail::check_animation(o, {3, 3}, (l.max_frames - 1) / 9 + 1, l), Error);
  o.tween = 0;
  o.tile_px = 160;
  EXPECT_NO_THROW(detail::check_animation(o, {4, 4}, 1, l));  // 640 x 640 board pixels
  try {
    detail::check_animation(o, {4, 5}, 1, l);  // 640 x 800
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.hint(), Error::Hint::Tile);
  }
}

TEST(Handler, LimitErrorsSayWhatTheClientCanChange) {
  // 4x4 at tile 160 with 8 tweens: 1 + 60 * 9 frames would pass 300 frames for a long puzzle.
  const Response r = get("start=1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0&size=4x4&tile=160&tween=8");
  EXPECT_EQ(r.status, 200) << r.body_text();  // solved already: one frame
  const Response big = get("size=4x4&seed=3&tween=8&tile=160");
  EXPECT_EQ(big.status, 400) << big.body_text();
  EXPECT_NE(big.body_text().find("(use a smaller"), std::string::npos) << big.body_text();
}

}  // namespace
}  // namespace slidegif::cgi

namespace slidegif::cgi {
namespace {

nlohmann::json json_body(const Response& r) {
  return nlohmann::json::parse(r.body_text());
}

TEST(JsonSolution, TheSolutionAsOneObjectCachedLikeItsImage) {
  const Response r = get("start=152703846&format=json");
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_EQ(r.header("Content-Type"), "application/json");
  EXPECT_EQ(r.header("Content-Length"), std::to_string(r.body.size()));
  const auto j = json_body(r);
  EXPECT_EQ(j["start"], "152703846");
  EXPECT_EQ(j["goal"], "123456780");
  EXPECT_EQ(j["rows"], 3);
  EXPECT_EQ(j["length"], 8);
  EXPECT_EQ(j["metric"], "stm");
  EXPECT_TRUE(j["optimal"].get<bool>());
  EXPECT_FALSE(j.contains("boards"));
  Board b = parse_board("152703846");
  b.apply_all(moves_from_string(j["moves"].get<std::string>()));
  EXPECT_EQ(b, Board::standard_goal({3, 3}));
  // The same request, the same bytes and tag; not the GIF's tag; 304 when the client has it.
  const Response again = get("start=152703846&format=json");
  EXPECT_EQ(again.body, r.body);
  EXPECT_EQ(again.header("ETag"), r.header("ETag"));
  EXPECT_NE(get("start=152703846").header("ETag"), r.header("ETag"));
  EXPECT_EQ(get("start=152703846&format=json", std::string(r.header("ETag"))).status, 304);
  // The boards along the way, on request.
  const auto boards = json_body(get("start=152703846&format=json&boards=1"))["boards"];
  ASSERT_EQ(boards.size(), 9u);
  EXPECT_EQ(boards.front(), "152703846");
  EXPECT_EQ(boards.back(), "123456780");
}

TEST(JsonSolution, ARandomPuzzleSaysWhatItPickedAndErrorsAreJsonToo) {
  const auto j = json_body(get("random=1&size=2x3&format=json"));
  EXPECT_TRUE(j.contains("seed"));
  EXPECT_EQ(j["cols"], 3);
  const auto seeded = json_body(get(
      "random=1&seed=" + std::to_string(j["seed"].get<std::uint64_t>()) + "&size=2x3&format=json"));
  EXPECT_EQ(seeded["start"], j["start"]);
  for (const std::string bad :
       {"start=12345&format=json", "start=213456780&goal=123456780&format=json",
        "start=152703846&format=json&tile=5"}) {
    const Response r = get(bad);
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_EQ(r.header("Content-Type"), "application/json") << bad;
    const auto e = json_body(r);
    EXPECT_EQ(e["status"], 400);
    EXPECT_FALSE(e["error"].get<std::string>().empty());
  }
  EXPECT_EQ(get("start=152703846&boards=1").status, 400);  // boards= is JSON's
}

TEST(Cors, OffByDefaultOnWhenTheOperatorSaysSo) {
  EXPECT_TRUE(get("start=152703846").header("Access-Control-Allow-Origin").empty());
  EXPECT_EQ(get("start=152703846", {}, "OPTIONS").status, 405);
  HandlerConfig config = test_config();
  config.cors_origin = "https://example.org";
  const Response r = get("start=152703846&format=json", {}, "GET", config);
  EXPECT_EQ(r.header("Access-Control-Allow-Origin"), "https://example.org");
  EXPECT_NE(r.header("Access-Control-Expose-Headers").find("ETag"), std::string::npos);
  bool varies = false;
  for (const auto& [name, value] : r.headers) varies |= name == "Vary" && value == "Origin";
  EXPECT_TRUE(varies);
  const Response pre = get("start=152703846", {}, "OPTIONS", config);
  EXPECT_EQ(pre.status, 204);
  EXPECT_EQ(pre.header("Access-Control-Allow-Methods"), "GET, HEAD");
  EXPECT_EQ(pre.header("Access-Control-Allow-Origin"), "https://example.org");
  EXPECT_TRUE(pre.body.empty());
  // Errors carry it too: a page can read why.
  EXPECT_EQ(get("start=1", {}, "GET", config).header("Access-Control-Allow-Origin"),
            "https://example.org");
  for (const std::string origin : {"", "*", "https://example.org", "http://localhost:8080"})
    EXPECT_EQ(check_cors_origin(origin), "") << origin;
  for (const std::string origin : {"example.org", "https://", "https://a.org/path",
                                   "https://a.org\r\nX: 1", "https://a.org, https://b.org"})
    EXPECT_NE(check_cors_origin(origin), "") << origin;
}

}  // namespace
}  // namespace slidegif::cgi
