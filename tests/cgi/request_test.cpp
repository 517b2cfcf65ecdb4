#include "cgi/request.hpp"

#include <gtest/gtest.h>

#include <string>

#include "app/job/job_key.hpp"
#include "cgi/limits.hpp"
#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "slidegif/version.hpp"

namespace slidegif::cgi {
namespace {

app::Job params(std::string_view query) {
  return parse_job(parse_query(query));
}

// A request as the handler resolves it, before solving.
struct ImageRequest {
  Board start;
  Board goal;
  AnimationOptions render;
  bool deterministic;
  std::string canonical;  // what the ETag is computed from
};

ImageRequest resolved(std::string_view query, std::uint64_t entropy = 1) {
  const app::Job job = params(query);
  app::Services services;
  services.entropy = [entropy] { return entropy; };
  const Puzzle p = app::resolve_job(job, services);
  return {p.start, p.goal, job.animation, p.deterministic, app::job_key(job, p)};
}

// The message of the Error `query` raises in parse+resolve, or "" if it succeeds.
std::string error_of(std::string_view query, Error::Kind kind = Error::Kind::BadInput) {
  try {
    resolved(query);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << query << ": " << e.what();
    return e.what();
  }
  return "";
}

TEST(ParseParams, DefaultsAreA3x3RandomPuzzle) {
  const ImageRequest r = resolved("");
  EXPECT_EQ(r.start.shape(), (Shape{3, 3}));
  EXPECT_EQ(r.goal, Board::standard_goal({3, 3}));
  EXPECT_FALSE(r.deterministic);
  EXPECT_TRUE(check_solvable(r.start, r.goal).solvable);
  EXPECT_EQ(r.render.tile_px, default_job().animation.tile_px);
}

TEST(ParseParams, ReadsEveryRenderOption) {
  const app::Job job = params(
      "tile=40&delay=250&tween=2&loop=3&title=Hi+there&speed=1.5&max_duration=20&captions=0&mark="
      "0&moves_per_frame=4");
  EXPECT_EQ(job.animation.moves_per_frame, 4);
  EXPECT_EQ(job.animation.tile_px, 40);
  EXPECT_FALSE(job.animation.fit_tile);
  EXPECT_EQ(job.animation.delay_ms, 250);
  EXPECT_EQ(job.animation.tween, 2);
  EXPECT_FALSE(job.animation.fit_tween);
  EXPECT_EQ(job.animation.loop, 3);
  EXPECT_EQ(job.animation.title, "Hi there");
  EXPECT_DOUBLE_EQ(job.animation.speed, 1.5);
  EXPECT_EQ(job.animation.max_duration_ms, 20000);
  EXPECT_FALSE(job.animation.captions);
  EXPECT_FALSE(job.animation.mark_moving);
  EXPECT_TRUE(job.animation.font.empty());
}

TEST(ParseParams, TheAnimationDefaultsAreEveryFrontEndsAndSizesAPreference) {
  const AnimationOptions everyone;
  const AnimationOptions& cgi = params("").animation;
  EXPECT_EQ(cgi.tile_px, everyone.tile_px);
  EXPECT_EQ(cgi.delay_ms, everyone.delay_ms);
  EXPECT_EQ(cgi.tween, everyone.tween);
  EXPECT_EQ(cgi.first_hold_ms, everyone.first_hold_ms);
  EXPECT_EQ(cgi.last_hold_ms, everyone.last_hold_ms);
  EXPECT_EQ(cgi.max_duration_ms, everyone.max_duration_ms);
  EXPECT_TRUE(cgi.fit_tile);
  EXPECT_TRUE(cgi.fit_tween);
}

TEST(ParseParams, LangIsATableOrA400) {
  EXPECT_EQ(params("").animation.lang, "en");
  EXPECT_EQ(params("lang=zh").animation.lang, "zh");
  EXPECT_NE(error_of("lang=xx").find("unknown lang \"xx\"; known: en, zh"), std::string::npos);
  EXPECT_NE(error_of("lang=zh&lang=en").find("more than once"), std::string::npos);
}

TEST(ParseParams, EmptyValuesCountAsAbsent) {
  const app::Job job = params("start=&goal=&size=&theme=&tile=");
  EXPECT_FALSE(job.puzzle.start);
  EXPECT_FALSE(job.puzzle.goal);
  EXPECT_FALSE(job.puzzle.shape);
  EXPECT_EQ(job.animation.tile_px, default_job().animation.tile_px);
}

TEST(ParseParams, ReadsTheMetric) {
  EXPECT_EQ(params("metric=mtm").solve.metric, Metric::MultiTile);
  EXPECT_EQ(params("metric=stm").solve.metric, Metric::SingleTile);
  EXPECT_EQ(params("").solve.metric, Metric::SingleTile);
  EXPECT_NE(error_of("metric=htm").find("metric must be stm or mtm"), std::string::npos);
}

TEST(ParseParams, OutOfRangeNumbersSayTheRange) {
  EXPECT_NE(error_of("tile=2").find("tile must be between"), std::string::npos);
  EXPECT_NE(error_of("tile=100000000000000000000").find("tile must be between"), std::string::npos);
  EXPECT_NE(error_of("tween=99").find("tween must be between 0 and"), std::string::npos);
  EXPECT_NE(error_of("delay=1").find("delay must be between"), std::string::npos);
  EXPECT_NE(error_of("loop=-1").find("loop must be between"), std::string::npos);
  EXPECT_NE(error_of("moves_per_frame=0").find("moves_per_frame must be between 1 and"),
            std::string::npos);
  EXPECT_NE(error_of("seed=abc").find("seed must be a whole number"), std::string::npos);
  EXPECT_NE(error_of("tile=12px").find("tile must be a whole number"), std::string::npos);
  EXPECT_NE(error_of("random=maybe").find("random must be 0 or 1"), std::string::npos);
  EXPECT_NE(error_of("speed=0").find("speed must be between 0.1 and 10"), std::string::npos);
  EXPECT_NE(error_of("speed=fast").find("speed must be a number"), std::string::npos);
  EXPECT_NE(error_of("speed=nan").find("speed must be a number"), std::string::npos);
  EXPECT_NE(error_of("max_duration=0.5").find("at least 1 second"), std::string::npos);
  EXPECT_NE(error_of("max_duration=-3").find("max_duration must be between"), std::string::npos);
  EXPECT_NE(error_of("captions=2").find("captions must be 0 or 1"), std::string::npos);
  EXPECT_NE(error_of("mark=x").find("mark must be 0 or 1"), std::string::npos);
}

TEST(ParseParams, RejectsContradictionsAndRepeats) {
  EXPECT_NE(error_of("start=123456780&random=1").find("either start or random"), std::string::npos);
  EXPECT_NE(error_of("random=0").find("needs a start"), std::string::npos);
  EXPECT_NE(error_of("tile=20&tile=30").find("more than once"), std::string::npos);
  EXPECT_NE(error_of("start=123456780&size=4").find("4x4"), std::string::npos);
  EXPECT_NE(error_of("start=123/456/780&goal=1,2,3,4/5,6,7,8/9,10,11,0").find("size"),
            std::string::npos);
  EXPECT_NE(error_of("theme=nosuch").find("unknown theme"), std::string::npos);
  EXPECT_NE(error_of("title=a%0Ab").find("control"), std::string::npos);
  EXPECT_NE(error_of("title=" + std::string(kRenderLimits.max_title_bytes + 1, 'x'))
                .find("title too long"),
            std::string::npos);
}

// Every parameter the handler reads, including those added after the first ones (numbers,
// dither, picture, pictures): a repeat is refused, not settled by taking the first.
TEST(ParseParams, EveryParameterReadIsRefusedTwice) {
  for (const char* name : {"start", "goal", "random", "seed", "size", "tile", "delay", "tween",
                           "theme", "loop", "title", "moves", "lang", "numbers", "dither", "speed",
                           "max_duration", "captions", "mark"}) {
    EXPECT_NE(error_of(std::string(name) + "=1&" + name + "=").find("more than once"),
              std::string::npos)
        << name;
  }
  const auto refused = [](std::string_view query, auto read) {
    try {
      read(parse_query(query));
    } catch (const Error& e) {
      return std::string_view(e.what()).find("more than once") != std::string_view::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused("picture=a&picture=b", picture_name));
  EXPECT_TRUE(refused("pictures=1&pictures=0", wants_picture_list));
  EXPECT_FALSE(refused("picture=a&pictures=0", picture_name));
}

TEST(ParseParams, MalformedBoardsAreBadInput) {
  EXPECT_FALSE(error_of("start=12345678").empty());
  EXPECT_FALSE(error_of("start=113456780").empty());
  EXPECT_FALSE(error_of("size=9x9").empty());
  EXPECT_FALSE(error_of("size=banana").empty());
}

TEST(Resolve, LimitsBoardSize) {
  EXPECT_NE(error_of("size=5").find("at most 16 cells"), std::string::npos);
  EXPECT_NE(error_of("start=1,2,3,4,5/6,7,8,9,10/11,12,13,14,15/16,17,18,19,20/21,22,23,24,0")
                .find("at most 16 cells"),
            std::string::npos);
}

TEST(Resolve, UnsolvablePairSaysWhy) {
  const std::string message = error_of("start=213456780", Error::Kind::Unsolvable);
  EXPECT_NE(message.find("parit"), std::string::npos) << message;
}

TEST(Resolve, FixedPuzzleIsDeterministicAndNormalised) {
  const ImageRequest a = resolved("start=432061578");
  const ImageRequest b = resolved("start=432%2F061%2F578&goal=123456780&seed=7&cachebust=99", 2);
  const ImageRequest c = resolved("start=4,3,2,0,6,1,5,7,8&size=3x3");
  EXPECT_TRUE(a.deterministic);
  EXPECT_EQ(a.canonical, b.canonical);
  EXPECT_EQ(a.canonical, c.canonical);
  EXPECT_NE(a.canonical, resolved("start=432061578&tile=40").canonical);
  EXPECT_NE(a.canonical, resolved("start=432061578&title=x").canonical);
  EXPECT_NE(a.canonical.find(SLIDEGIF_VERSION), std::string::npos);
}

TEST(Resolve, SeededRandomIsReproducibleUnseededIsNot) {
  const ImageRequest a = resolved("random=1&seed=42", 1);
  const ImageRequest b = resolved("random=1&seed=42", 2);
  EXPECT_TRUE(a.deterministic);
  EXPECT_EQ(a.canonical, b.canonical);
  EXPECT_NE(a.canonical, resolved("random=1&seed=43").canonical);
  const ImageRequest u1 = resolved("random=1", 1);
  const ImageRequest u2 = resolved("random=1", 2);
  EXPECT_FALSE(u1.deterministic);
  EXPECT_NE(u1.start, u2.start);
}

TEST(Resolve, RandomGoalIsReachable) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const ImageRequest fixed_start = resolved("start=123/456/780&goal=random", seed);
    EXPECT_TRUE(check_solvable(fixed_start.start, fixed_start.goal).solvable);
    const ImageRequest both = resolved("goal=random&size=2x4", seed);
    EXPECT_EQ(both.start.shape(), (Shape{2, 4}));
    EXPECT_TRUE(check_solvable(both.start, both.goal).solvable);
  }
}

TEST(Resolve, LargeRandomBoardsAreWalksFromTheGoal) {
  const ImageRequest r = resolved("size=4&seed=3");
  EXPECT_EQ(r.start.shape(), (Shape{4, 4}));
  EXPECT_NE(r.start, r.goal);
  EXPECT_TRUE(check_solvable(r.start, r.goal).solvable);
}

}  // namespace
}  // namespace slidegif::cgi
