#include "render/animation/timeline.hpp"

#include <cmath>

namespace slidegif::detail {

Timeline::Timeline(const AnimationOptions& o)
    : first_hold_ms_(o.first_hold_ms), last_hold_ms_(o.last_hold_ms) {
  const double slide_ms = o.tween > 0 ? o.delay_ms / 2.0 : 0.0;
  if (o.tween > 0) slide_frame_ms_ = slide_ms / o.tween;
  hold_ms_ = o.delay_ms - slide_ms;
}

int Timeline::next_cs(double ms) {
  const auto start = std::lround(ms_ / 10);
  ms_ += ms;
  return static_cast<int>(std::lround(ms_ / 10) - start);
}

double slide_progress(int i, int tweens) {
  const double t = double(i) / (tweens + 1);
  return t < 0.5 ? 4 * t * t * t : 1 - std::pow(-2 * t + 2, 3) / 2;
}

}  // namespace slidegif::detail
