// Tiles that shrink when the user did not choose their size: the board stays within
// kFitBoardPx, the animation within the pixel limits, and a refusal names the tile size that
// would fit.
#include <gtest/gtest.h>

#include "render/animation/animation.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

AnimationOptions fitting(int tile_px, int tween = 0) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tile_px = tile_px;
  o.tween = tween;
  o.delay_ms = 1000;  // every tween at least kMinTweenMs: the tween count is as asked
  o.max_duration_ms = 0;
  o.fit_tile = true;
  return o;
}

TEST(FitTile, SmallBoardsKeepTheirTileLargeOnesShrinkToTheSensibleSize) {
  const RenderLimits limits;
  EXPECT_EQ(fitted_options(fitting(80), {4, 4}, 50, limits).tile_px, 80);
  EXPECT_EQ(fitted_options(fitting(80), {5, 5}, 200, limits).tile_px, 80);
  EXPECT_EQ(fitted_options(fitting(80), {8, 8}, 900, limits).tile_px, kFitBoardPx / 8);
  EXPECT_EQ(fitted_options(fitting(80), {3, 8}, 300, limits).tile_px, kFitBoardPx / 8);
  // Without fit_tile nothing changes.
  AnimationOptions fixed = fitting(80);
  fixed.fit_tile = false;
  EXPECT_EQ(fitted_options(fixed, {8, 8}, 900, limits).tile_px, 80);
}

TEST(FitTile, LongAnimationsShrinkFurtherToStayWithinThePixelLimit) {
  const RenderLimits limits;
  // 8x8, 1500 moves with one tween: 3001 frames are over the frame limit whatever the tile...
  EXPECT_THROW(check_animation(fitting(80, 1), {8, 8}, 1500, limits), Error);
  // ... 1900 frames of 60 px tiles are 437 Mpx: 57 px tiles (207936 px a frame) fit.
  const AnimationOptions o = fitted_options(fitting(80), {8, 8}, 1899, limits);
  EXPECT_EQ(o.tile_px, largest_fitting_tile(60, {8, 8}, 1899, 0, limits));
  EXPECT_LT(o.tile_px, 60);
  EXPECT_LE(64LL * o.tile_px * o.tile_px * 1900, limits.max_total_pixels);
  EXPECT_GT(64LL * (o.tile_px + 1) * (o.tile_px + 1) * 1900, limits.max_total_pixels);
  EXPECT_NO_THROW(check_animation(fitting(80), {8, 8}, 1899, limits));
}

TEST(FitTile, ARefusalSuggestsTheLargestTileThatFits) {
  const RenderLimits limits;
  AnimationOptions o = fitting(256, 16);
  o.fit_tile = false;
  try {
    // 4x4 of 256 px, 1 + 50 * 17 = 851 frames: 892 Mpx.
    check_animation(o, {4, 4}, 50, limits);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.hint(), Error::Hint::TileOrTween);
    EXPECT_EQ(e.suggestion(), largest_fitting_tile(256, {4, 4}, 50, 16, limits));
    EXPECT_EQ(e.suggestion(), 171);  // 16 * 171^2 * 851 <= 4e8 < 16 * 172^2 * 851
    // The core's message names no flag and no identifier.
    EXPECT_EQ(std::string(e.what()).find("--"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("kMax"), std::string::npos) << e.what();
  }
}

TEST(FitTile, TheFittedAnimationIsTheOneDrawnWithThatTile) {
  const Board start = Board::standard_goal({8, 8});
  std::vector<Move> walk;
  for (int i = 0; i < 6; ++i) walk.push_back(i % 2 == 0 ? Move::Up : Move::Down);
  const Animation fitted = render_animation(start, walk, fitting(80));
  AnimationOptions sixty = fitting(kFitBoardPx / 8);
  sixty.fit_tile = false;
  const Animation drawn = render_animation(start, walk, sixty);
  EXPECT_EQ(fitted.width, drawn.width);
  EXPECT_EQ(fitted.bytes, drawn.bytes);
}

}  // namespace
}  // namespace slidegif::detail
