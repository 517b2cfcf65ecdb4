// The look of an animation on every board, checked on frames decoded by giflib: pacing (a
// duration cap, speed, tweens never too short), the moving tile's outline, a bare board without
// captions, and captions that stay readable (shorter words rather than tiny letters).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gif_decoder.hpp"
#include "render/animation/animation.hpp"
#include "render/animation/animation_layout.hpp"
#include "render/look/theme.hpp"
#include "slidegif/board.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

using testing::Color;
using testing::DecodedGif;

const char* const kMoves31 = "UULDDRRUULDLDRRUULDLDRRUULLDDRR";  // from 867254301

AnimationOptions look(int tween) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tile_px = 48;
  o.tween = tween;
  return o;
}

// There and back again, `n` moves from the standard goal (ending on it: no goal frame).
std::vector<Move> shuttle(int n) {
  std::vector<Move> moves;
  for (int i = 0; i < n; ++i) moves.push_back(i % 2 == 0 ? Move::Left : Move::Right);
  return moves;
}

TEST(Pacing, ALongSolutionPlaysWithinTheCapHoldsKept) {
  const Board start = parse_board("123456780");
  const auto moves = shuttle(400);  // 400 x 500 ms would be 200 s
  AnimationOptions o = look(3);
  o.max_duration_ms = 30000;
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  EXPECT_LE(gif.total_delay_cs(), 3000);
  EXPECT_GE(gif.total_delay_cs(), 2950);  // the cap is used (whole ms a move), not undershot
  EXPECT_EQ(gif.delay_cs(0), o.first_hold_ms / 10);
  EXPECT_NEAR(gif.delay_cs(gif.frame_count() - 1), o.last_hold_ms / 10, 1);
  // (30000 - 4500) / 400 = 63 ms a move: one tween frame (half a move, over kMinTweenMs).
  EXPECT_EQ(gif.frame_count(), 1 + 400 * 2);
  for (int k = 1; k + 1 < gif.frame_count(); ++k)
    EXPECT_GE(gif.delay_cs(k), kMinTweenMs / 10) << "frame " << k;
}

TEST(Pacing, NoCapPlaysEveryMoveAtItsDelay) {
  const Board start = parse_board("123456780");
  AnimationOptions o = look(0);
  o.max_duration_ms = 0;
  const DecodedGif gif = DecodedGif::decode(render_animation(start, shuttle(200), o).bytes);
  EXPECT_EQ(gif.total_delay_cs(),
            (o.first_hold_ms + 200 * o.delay_ms - o.delay_ms + o.last_hold_ms) / 10);
}

TEST(Pacing, SpeedDividesEveryDelay) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(0);
  const int normal = DecodedGif::decode(render_animation(start, moves, o).bytes).total_delay_cs();
  o.speed = 2;
  const DecodedGif fast = DecodedGif::decode(render_animation(start, moves, o).bytes);
  EXPECT_EQ(fast.total_delay_cs() * 2, normal);
  EXPECT_EQ(fast.delay_cs(0), 75);  // 1.5 s of first hold, twice as fast
  o.speed = 0;
  EXPECT_THROW(render_animation(start, moves, o), Error);
  o.speed = 11;
  EXPECT_THROW(render_animation(start, moves, o), Error);
}

TEST(Pacing, ShortMovesHaveFewerTweensNoneUnderTwoCentiseconds) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(8);
  o.delay_ms = 100;  // 50 ms of slide: two frames of 25 ms, not eight of 6
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  EXPECT_EQ(gif.frame_count(), 1 + 31 * 3);
  for (int k = 0; k < gif.frame_count(); ++k) EXPECT_GE(gif.delay_cs(k), 2) << "frame " << k;
}

TEST(Pacing, TweensGiveWayToTheFrameLimitWhenTheyAreAPreference) {
  const Board start = parse_board("123456780");
  AnimationOptions o = look(3);
  o.max_duration_ms = 0;
  RenderLimits limits;
  limits.max_frames = 300;
  EXPECT_THROW(render_animation(start, shuttle(100), o, limits), Error);  // 401 frames
  o.fit_tween = true;
  const Animation a = render_animation(start, shuttle(100), o, limits);
  EXPECT_EQ(a.frames, 1 + 100 * 2);  // one tween a move: 201 frames
}

// Pixels of the ring the moving tile's outline draws: inside the face, near its left edge, half
// way down (tile_sprites.cpp's geometry: inset, then the ring from 1 px in).
Color ring_pixel(const DecodedGif& gif, int frame, const FrameLayout& l, int x, int y) {
  return gif.pixel(frame, x + l.inset + 2, y + l.tile_px / 2);
}

TEST(Marking, TheSlidingTileIsOutlinedAndSwitchesOff) {
  const Board start = parse_board("123456708");  // the blank goes right: tile 8 slides left
  const std::vector<Move> moves{Move::Right};
  AnimationOptions o = look(1);
  o.max_duration_ms = 0;
  o.delay_ms = 2000;
  const FrameLayout l = animation_layout(start, moves, o);
  const Rgb digit = find_theme(o.theme).digit;
  // Frame 1: the tween, tile 8 half way between cells 8 and 7; no easing at the middle frame.
  const Rect from = l.cell(2, 2), to = l.cell(2, 1);
  const int x = (from.x + to.x) / 2;
  const DecodedGif marked = DecodedGif::decode(render_animation(start, moves, o).bytes);
  const Color ring = ring_pixel(marked, 1, l, x, from.y);
  o.mark_moving = false;
  const DecodedGif plain = DecodedGif::decode(render_animation(start, moves, o).bytes);
  const Color face = ring_pixel(plain, 1, l, x, from.y);
  auto distance = [](Color a, Rgb b) {
    return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
  };
  EXPECT_LT(distance(ring, digit), distance(face, digit) / 2)
      << "the ring is drawn in (nearly) the digits' colour";
  // At rest, before and after, the two animations are the same.
  for (const int k : {0, 2}) {
    for (int y = 0; y < marked.height(); ++y) {
      for (int xx = 0; xx < marked.width(); ++xx)
        ASSERT_EQ(marked.pixel(k, xx, y), plain.pixel(k, xx, y)) << "frame " << k;
    }
  }
}

TEST(Marking, WithoutTweensTheLandedTileStaysMarkedUntilTheNextMove) {
  const Board start = parse_board("123456780");
  const std::vector<Move> moves{Move::Left, Move::Up, Move::Down, Move::Right};
  AnimationOptions o = look(0);
  o.max_duration_ms = 0;
  const FrameLayout l = animation_layout(start, moves, o);
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  AnimationOptions unmarked = o;
  unmarked.mark_moving = false;
  const DecodedGif plain = DecodedGif::decode(render_animation(start, moves, unmarked).bytes);
  // Move 1 takes tile 8 from cell 7 to cell 8: marked in frame 1, plain again in frame 2.
  const Rect c8 = l.cell(2, 2);
  EXPECT_NE(ring_pixel(gif, 1, l, c8.x, c8.y), ring_pixel(plain, 1, l, c8.x, c8.y));
  EXPECT_EQ(ring_pixel(gif, 2, l, c8.x, c8.y), ring_pixel(plain, 2, l, c8.x, c8.y));
  // The solved frame is clean.
  const int last = gif.frame_count() - 1;
  for (int y = 0; y < gif.height(); ++y) {
    for (int x = 0; x < gif.width(); ++x)
      ASSERT_EQ(gif.pixel(last, x, y), plain.pixel(last, x, y)) << x << "," << y;
  }
}

TEST(Captions, NoCaptionsLeaveABareBoard) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(0);
  const FrameLayout with = animation_layout(start, moves, o);
  o.captions = false;
  const FrameLayout bare = animation_layout(start, moves, o);
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  EXPECT_EQ(gif.height(), bare.height);
  EXPECT_LT(bare.height, with.height);
  EXPECT_EQ(gif.frame_count(), 32);
  // Below the tray only the canvas, on every frame.
  const Rgb canvas = find_theme(o.theme).canvas;
  for (int k = 0; k < gif.frame_count(); ++k) {
    for (int y = bare.tray.y + bare.tray.h; y < gif.height(); ++y) {
      for (int x = 0; x < gif.width(); ++x)
        ASSERT_EQ(gif.pixel(k, x, y), (Color{canvas.r, canvas.g, canvas.b})) << k;
    }
  }
  // And no goal frame: nothing would say what it is.
  const Board off_goal = parse_board("123456708");
  EXPECT_EQ(render_animation(off_goal, {Move::Up}, o).frames, 2);
}

TEST(Captions, NarrowBoardsGetShortCaptionsAtAReadableSize) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(0);
  o.tile_px = 40;  // 120 px of board: the long step captions would need about 9 px letters
  const AnimationLayout l = lay_out_animation(start, moves, o);
  EXPECT_GE(l.frame.caption_pt, kMinTextPx * kPointsPerPixel - 1e-9);
  EXPECT_EQ(l.captions.steps[0], "1/31: tile 5 down");
  EXPECT_FALSE(l.frame.captions_too_wide);
  AnimationOptions bare = o;
  bare.captions = false;
  EXPECT_EQ(l.frame.width, animation_layout(start, moves, bare).width) << "as wide as the board";
  o.tile_px = 96;  // room for the long ones
  EXPECT_EQ(lay_out_animation(start, moves, o).captions.steps[0],
            "Step 1 / 31 — tile 5 moves down");
}

}  // namespace
}  // namespace slidegif::detail
