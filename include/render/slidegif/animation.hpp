#pragma once
// Renders a solution as an animated GIF in memory: the start board, one frame per move (plus
// optional sliding tweens), a caption band on every frame, a longer hold on the first and last
// frame. One palette for all frames; each frame encodes only the rectangle that changed.
//
//   slidegif::AnimationOptions opt;
//   opt.font = font;  // a slidegif::Font: the bytes of a TrueType font
//   auto gif = slidegif::render_animation(start, solution.moves, opt);
//   // gif.bytes holds the whole file

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/font.hpp"
#include "slidegif/picture.hpp"

namespace slidegif {

class MovePieces;    // move_pieces.hpp
class DrawingCache;  // drawing_cache.hpp

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
  // tile_px is a preference, not a demand (the user did not choose it): it shrinks, down to the
  // limits' minimum, to keep the board within kFitBoardPx and the animation within the limits.
  bool fit_tile = false;
  std::string lang = "en";  // the captions' language (slidegif/language.hpp)
  // A picture puzzle: tiles are pieces of this picture (fitted to the board), the blank's piece
  // appears on the last frame. Empty: numbered tiles.
  Picture picture;
  bool numbers = false;  // with a picture: small tile numbers in a corner of each piece
  bool dither = false;   // with a picture: dither it onto the palette
};

// With fit_tile, the longer side of the board is kept within this many pixels.
inline constexpr int kFitBoardPx = 480;

struct Animation {
  std::vector<std::uint8_t> bytes;  // the GIF file
  int frames = 0;
  int width = 0;
  int height = 0;
};

// Names accepted in AnimationOptions::theme; the first is the default.
std::vector<std::string> theme_names();

// Bounds on what one animation may ask for, and on the work it may cause. The defaults are the
// command line's; the CGI uses a stricter instance (src/cgi/limits.hpp). Board pixels are
// (rows * tile) x (cols * tile): the part of a frame that grows with the board and the tile
// size, known before any text is measured.
struct RenderLimits {
  int min_tile_px = 16;
  int max_tile_px = 256;
  int max_tween = 16;
  int min_delay_ms = 10;     // per move
  int max_delay_ms = 60000;  // per move and per hold; GIF itself stops at 655 s
  int max_loop = 65535;      // the NETSCAPE2.0 count is 16 bits
  std::size_t max_title_bytes = 1024;
  int max_frames = 2000;
  long long max_frame_pixels = 2048LL * 2048;  // board pixels of one frame
  long long max_total_pixels = 400'000'000;    // board pixels summed over all frames
  // A picture's file, and its pixels as its header says (checked before decoding).
  long long max_picture_bytes = 64LL << 20;
  long long max_picture_pixels = 50'000'000;
};

// Frames of an animation of `moves` moves: 1 + moves * (tween + 1).
long long animation_frames(std::size_t moves, int tween);

// The largest tile size up to `tile_px` (and not under limits.min_tile_px) at which an animation
// of `moves` moves on `shape` stays within the frame and pixel limits; 0 when none does.
int largest_fitting_tile(int tile_px, Shape shape, std::size_t moves, int tween,
                         const RenderLimits& limits);

// The options as drawn: with fit_tile, tile_px made the largest size within kFitBoardPx and the
// limits (left as it is when no size fits: check_animation() then says why).
AnimationOptions fitted_options(const AnimationOptions& options, Shape shape, std::size_t moves,
                                const RenderLimits& limits);

// Throws Error(BadInput) for an unknown theme, an option outside `limits`, or an animation of
// `moves` moves on `shape` over the frame or pixel limits (with a Hint saying what to change,
// and the largest tile size that would fit as its suggestion). Checks fitted_options().
void check_animation(const AnimationOptions& options, Shape shape, std::size_t moves,
                     const RenderLimits& limits);

// Frames: 1 + moves * (tween + 1) -- the start, then per move `tween` sliding frames and the
// board after the move. Delays: the start frame first_hold_ms; each move delay_ms (with tweens
// the slide takes the first half, split evenly, and the board after the move holds the rest);
// the final frame last_hold_ms instead of its share. With no moves there is one frame.
// `loop` = N plays is written as N-1 repeats in the NETSCAPE2.0 extension (which browsers
// read as repeats), and 1 play as no extension at all.

// Checks everything check_animation() does before drawing anything; throws Error(BadInput)
// also when a move is illegal from `start`, Error(Render) when the font cannot be loaded or
// libgd fails. `pieces`, if given, are coded moves to copy in and where new ones are offered
// (move_pieces.hpp); `drawing`, if given, the glyphs, palettes and tile sprites made by earlier
// animations (drawing_cache.hpp): the bytes are the same with or without either.
Animation render_animation(const Board& start, const std::vector<Move>& moves,
                           const AnimationOptions& options, const RenderLimits& limits = {},
                           MovePieces* pieces = nullptr, DrawingCache* drawing = nullptr);

}  // namespace slidegif
