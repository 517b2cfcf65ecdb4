#pragma once
// Renders a solution as an animation in memory (a GIF, or another format of format.hpp): the start
// board, one frame per move (plus optional sliding tweens), a caption band on every frame, a longer
// hold on the first and last frame. One palette for all frames; each frame encodes only the
// rectangle that changed.
//
//   slidegif::AnimationOptions opt;
//   opt.font = font;  // a slidegif::Font: the bytes of a TrueType font
//   auto gif = slidegif::detail::render_animation(start, solution.moves, opt);
//   // gif.bytes holds the whole file

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/render.hpp"

namespace slidegif::detail {

class MovePieces;    // cache/move_pieces.hpp
class DrawingCache;  // cache/drawing_cache.hpp

// One step of an animation: a move, or in the multi-tile metric a run of `count` moves one way
// (the line of tiles slides together).
struct LineMove {
  Move move;
  int count = 1;
};
// The steps of `moves` as `metric` counts them (count_moves() of them).
std::vector<LineMove> line_moves(const std::vector<Move>& moves, Metric metric);

// Steps of `moves` moves shown `moves_per_frame` a frame: a step is a frame's moves (the last
// may have fewer).
std::size_t frame_steps(std::size_t moves, int moves_per_frame);

// Frames of an animation of `moves` moves shown `moves_per_frame` a frame: 1 + steps *
// (tween + 1).
long long animation_frames(std::size_t moves, int tween, int moves_per_frame = 1);

// The largest tile size up to `tile_px` (and not under limits.min_tile_px) at which an animation
// of `moves` moves on `shape` stays within the frame and pixel limits; 0 when none does.
int largest_fitting_tile(int tile_px, Shape shape, std::size_t moves, int tween,
                         const RenderLimits& limits, int moves_per_frame = 1);

// Whether the animation begins with a frame of its goal: a goal that is not the standard one,
// with captions to say so (a picture's goal is the picture itself).
bool shows_goal(const Board& start, const std::vector<Move>& moves,
                const AnimationOptions& options);

// The timing as drawn: delays and holds divided by `speed` (then 1), steps (a frame's moves)
// shortened to keep the whole within max_duration_ms (`goal`: with a goal frame held as long as
// the start), and no more tweens than leave each kMinTweenMs.
AnimationOptions paced_options(const AnimationOptions& options, std::size_t steps, bool goal);

// The options as drawn: moves_per_frame decided (1 or more; tween 0 past 1), paced, with
// fit_tween no more tweens than keep the frames within the limit, and with fit_tile, tile_px
// made the largest size within
// kFitBoardPx and the limits (left as it is when no size fits: check_animation() then says why).
AnimationOptions fitted_options(const AnimationOptions& options, Shape shape, std::size_t moves,
                                const RenderLimits& limits, bool goal = false);

// Throws Error(BadInput) for an unknown theme, an option outside `limits`, or an animation of
// `moves` moves on `shape` over the frame or pixel limits (with a Hint saying what to change,
// and the largest tile size that would fit as its suggestion). Checks fitted_options().
// For a video `encoding`, against its own pixel limit too (limits_for).
void check_animation(const AnimationOptions& options, Shape shape, std::size_t moves,
                     const RenderLimits& limits, bool goal = false, const Encoding& encoding = {});

// The limits an animation in `encoding` is fitted to: a video's pixels in all are bounded by
// max_video_pixels as well as max_total_pixels.
RenderLimits limits_for(const RenderLimits& limits, const Encoding& encoding);

// Frames: 1 + moves * (tween + 1) -- (a goal frame first, with shows_goal()) the start, then per
// move `tween` sliding frames and the board after the move. Delays: the start frame first_hold_ms;
// each move delay_ms (with tweens the slide takes the first half, split evenly, and the board after
// the move holds the rest); the final frame last_hold_ms instead of its share. With no moves there
// is one frame. `loop` = N plays is written as N-1 repeats in the NETSCAPE2.0 extension (which
// browsers read as repeats), and 1 play as no extension at all.

// Checks everything check_animation() does before drawing anything; throws Error(BadInput)
// also when a move is illegal from `start`, Error(Render) when the font cannot be loaded or
// libgd fails. `pieces`, if given, are coded moves to copy in and where new ones are offered
// (move_pieces.hpp); `drawing`, if given, the glyphs, palettes and tile sprites made by earlier
// animations (drawing_cache.hpp): the bytes are the same with or without either. `encoding`:
// the file's format (GIF by default); a still's frame that is not one of the animation's is
// Error(BadInput), before anything is drawn.
Animation render_animation(const Board& start, const std::vector<Move>& moves,
                           const AnimationOptions& options, const RenderLimits& limits = {},
                           MovePieces* pieces = nullptr, DrawingCache* drawing = nullptr,
                           const Encoding& encoding = {});

// What render_animation does after check_animation and fitted_options, for a caller that has
// done both (app::render_job checks before it reads the font): `fitted` is fitted_options'
// answer for options check_animation accepted.
Animation render_fitted_animation(const Board& start, const std::vector<Move>& moves,
                                  const AnimationOptions& fitted, MovePieces* pieces,
                                  DrawingCache* drawing, const Encoding& encoding);

}  // namespace slidegif::detail
