#pragma once
// When the frames of an animation change, and how a sliding tile moves between them.
//
// Delays: the start frame holds first_hold_ms; each move takes delay_ms (with tweens the slide
// takes the first half, split evenly between its frames, and the board after the move holds the
// rest); the last board holds last_hold_ms instead of its share.
//
//   slidegif::detail::Timeline t(options);
//   gif.add_frame(start, t.start_cs());
//   for (...) gif.add_frame(tween, t.slide_cs());
//   gif.add_frame(after, t.hold_cs(/*last=*/false));

#include "render/animation/animation.hpp"

namespace slidegif::detail {

// Frame delays in centiseconds (GIF's unit), in the order the frames are added. They come from a
// running clock rounded to centiseconds, so rounding errors do not add up over many short tween
// frames.
class Timeline {
 public:
  explicit Timeline(const AnimationOptions& options);
  int start_cs() { return next_cs(first_hold_ms_); }
  int slide_cs() { return next_cs(slide_frame_ms_); }  // a tween frame
  int hold_cs(bool last) { return next_cs(last ? last_hold_ms_ : hold_ms_); }

 private:
  int next_cs(double ms);

  double first_hold_ms_, last_hold_ms_;
  double slide_frame_ms_ = 0;  // one tween frame
  double hold_ms_;             // the board after a move but the last
  double ms_ = 0;              // the clock
};

// How far the tile has slid in tween frame i (1..tweens) of a move: eased in and out, so the tile
// does not jerk at either end.
double slide_progress(int i, int tweens);

}  // namespace slidegif::detail
