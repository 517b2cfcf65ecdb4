#pragma once
// Renders a solution as an animated GIF in memory: the start board, one frame per move (plus
// optional sliding tweens), a caption band on every frame, a longer hold on the first and last
// frame. One palette for all frames; each frame encodes only the rectangle that changed.
//
//   slidegif::AnimationOptions opt;
//   opt.font = font;  // a slidegif::Font: the bytes of a TrueType font
//   auto gif = slidegif::render_animation(start, solution.moves, opt);
//   // gif.bytes holds the whole file

#include <cstdint>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/font.hpp"

namespace slidegif {

struct AnimationOptions {
  Font font;  // for numbers and captions (required)
  std::string theme = "classic";
  std::string title;         // optional line above the board
  int tile_px = 80;          // side of one tile in pixels
  int delay_ms = 600;        // time per move
  int first_hold_ms = 1500;  // the start frame stays this long
  int last_hold_ms = 3000;   // the solved frame stays this long
  int tween = 0;             // intermediate sliding frames per move
  int loop = 0;              // 0 = loop forever, N > 0 = play N times
  bool optimal = true;       // captions say "not proven optimal" when false
};

struct Animation {
  std::vector<std::uint8_t> bytes;  // the GIF file
  int frames = 0;
  int width = 0;
  int height = 0;
};

// Names accepted in AnimationOptions::theme; the first is the default.
std::vector<std::string> theme_names();

// Limits on what one animation may ask for (shared by CLI and CGI).
inline constexpr int kMinTilePx = 16;
inline constexpr int kMaxTilePx = 256;
inline constexpr int kMaxTween = 16;
inline constexpr int kMaxDelayMs = 60000;  // per delay/hold; GIF itself stops at 655 s
inline constexpr int kMaxLoop = 65535;     // the NETSCAPE2.0 count is 16 bits
// Bounds on the work one request can cause: frames in the file, and width x height x frames
// pixels drawn and compared. Checked before anything is drawn.
inline constexpr int kMaxFrames = 2000;
inline constexpr long long kMaxPixels = 400'000'000;

// Frames: 1 + moves * (tween + 1) -- the start, then per move `tween` sliding frames and the
// board after the move. Delays: the start frame first_hold_ms; each move delay_ms (with tweens
// the slide takes the first half, split evenly, and the board after the move holds the rest);
// the final frame last_hold_ms instead of its share. With no moves there is one frame.
// `loop` = N plays is written as N-1 repeats in the NETSCAPE2.0 extension (which browsers
// read as repeats), and 1 play as no extension at all.

// Throws Error(BadInput) for an unknown theme or out-of-range option or when the animation would
// exceed kMaxFrames or kMaxPixels (the message names the limit), Error(Render) when the
// font cannot be loaded or libgd fails. `moves` must be legal from `start`.
Animation render_animation(const Board& start, const std::vector<Move>& moves,
                           const AnimationOptions& options);

}  // namespace slidegif
