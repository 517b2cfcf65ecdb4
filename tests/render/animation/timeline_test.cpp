// Frame delays and the easing of a sliding tile.

#include "render/animation/timeline.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "render/animation/animation.hpp"

namespace slidegif::detail {
namespace {

TEST(Timeline, DelaysFollowOneClockWithoutDrift) {
  AnimationOptions o;
  o.tween = 3;
  o.delay_ms = 70;  // tween frames of 35/3 ms: no whole number of centiseconds
  o.first_hold_ms = 1234;
  o.last_hold_ms = 5;
  Timeline t(o);
  long long total = t.start_cs();
  EXPECT_EQ(total, 123);
  for (int move = 0; move < 100; ++move) {
    for (int i = 0; i < o.tween; ++i) {
      const int cs = t.slide_cs();
      EXPECT_TRUE(cs == 1 || cs == 2) << cs;
      total += cs;
    }
    total += t.hold_cs(move == 99);
  }
  // 1234 + 99 * 70 + 35 (the last slide) + 5 ms in all, rounded once.
  EXPECT_EQ(total, std::lround((1234 + 99 * 70 + 35 + 5) / 10.0));
}

TEST(Timeline, WithoutTweensEachMoveHoldsItsDelay) {
  AnimationOptions o;
  o.tween = 0;
  Timeline t(o);
  EXPECT_EQ(t.start_cs(), o.first_hold_ms / 10);
  EXPECT_EQ(t.hold_cs(false), o.delay_ms / 10);
  EXPECT_EQ(t.hold_cs(true), o.last_hold_ms / 10);
}

TEST(Timeline, SlidesEaseInAndOut) {
  for (const int tweens : {1, 2, 5, 16}) {
    double last = 0;
    for (int i = 1; i <= tweens; ++i) {
      const double p = slide_progress(i, tweens);
      EXPECT_GT(p, last) << i << " of " << tweens;
      EXPECT_LT(p, 1.0);
      EXPECT_NEAR(p + slide_progress(tweens + 1 - i, tweens), 1.0, 1e-12) << "symmetric";
      last = p;
    }
  }
  // Slow at the ends: the first step is shorter than one in the middle.
  EXPECT_LT(slide_progress(1, 5), slide_progress(3, 5) - slide_progress(2, 5));
}

}  // namespace
}  // namespace slidegif::detail
