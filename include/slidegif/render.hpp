#pragma once
// Rendering a solution as an animation: the start board, one frame per move (plus optional
// sliding tweens), a caption band on every frame, a longer hold on the first and last frame,
// in the look the options describe, encoded in one of the formats (format.hpp).
//
//   slidegif::Solution s = slidegif::solve(start, goal);
//   slidegif::AnimationOptions look;
//   look.theme = "dark";
//   look.tween = 3;
//   slidegif::Animation gif = slidegif::render(start, s.moves, look);
//   // gif.bytes holds the whole GIF file

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/export.hpp"
#include "slidegif/font.hpp"
#include "slidegif/format.hpp"
#include "slidegif/picture.hpp"

namespace slidegif {

// What a tile may show besides its number, small in its top right corner: its share of a
// search's estimate of the moves left (explain, and teaching): its Manhattan distance from its
// goal cell, or 1 when it is out of place (misplaced tiles, the Hamming distance) and 0 at home.
enum class TileNote { None, Manhattan, Misplaced };
// "none", "manhattan", "misplaced"; and back (nullopt for another name).
SLIDEGIF_API std::string_view tile_note_name(TileNote note);
SLIDEGIF_API std::optional<TileNote> tile_note_from_name(std::string_view name);

// One set of defaults for every front end: the command line, the CGI, the FastCGI server and
// the libraries draw the same animation for the same options.
struct AnimationOptions {
  Font font;  // for numbers and captions (required)
  std::string theme = "classic";
  std::string title;         // optional line above the board (wrapped to fit it)
  int tile_px = 80;          // side of one tile in pixels
  int delay_ms = 500;        // time per move (less when max_duration_ms needs it)
  int first_hold_ms = 1500;  // the start frame stays this long (and a goal frame, if any)
  int last_hold_ms = 3000;   // the solved frame stays this long
  int tween = 3;             // intermediate sliding frames per move (fewer for short moves)
  int loop = 0;              // 0 = loop forever, N > 0 = play N times
  // The whole animation plays in at most this long (0: no cap): long solutions get shorter
  // moves, down to kMinPacedDelayMs a move, the holds untouched.
  int max_duration_ms = 60000;
  // Plays this many times faster (RenderLimits: 0.1 to 10): every delay and hold divided by it.
  double speed = 1.0;
  bool optimal = true;   // captions say "not proven optimal" when false
  bool captions = true;  // false: no caption band, no goal frame (a bare board)
  // The tile that moves is outlined while it slides; without tweens a numbered tile stays
  // outlined until the next move (a picture's only slides).
  bool mark_moving = true;
  // tile_px is a preference, not a demand (the user did not choose it): it shrinks, down to the
  // limits' minimum, to keep the board within kFitBoardPx and the animation within the limits.
  bool fit_tile = false;
  // tween too is a preference: fewer sliding frames keep the animation within the frame limit.
  bool fit_tween = false;
  // Moves a frame shows (then without tweens). 0: one, unless the answer is too long for the
  // frame limit or for max_duration_ms at kMinPacedDelayMs a frame: then the fewest that fit
  // (with fit_tween, or tween 0).
  int moves_per_frame = 0;
  // How the moves count (board.hpp). MultiTile: a run of moves one way is one step, its tiles
  // sliding together under one caption ("tiles 5, 6 move up"), and the counts are of such
  // moves. The pipeline sets it from the Solution.
  Metric metric = Metric::SingleTile;
  std::string lang = "en";  // the captions' language: "en" or "zh"
  // A picture puzzle: each tile shows its part of this picture (fitted to the board), and the
  // blank's part appears on the last frame. Empty: numbered tiles.
  Picture picture;
  bool numbers = false;  // with a picture: small tile numbers in a corner of each tile
  bool dither = false;   // with a picture: dither it onto the palette
  // Each tile's share of an estimate towards the goal (the board after the last move); a
  // sliding tile shows the share it had before the move.
  TileNote tile_note = TileNote::None;
};

// Pacing never makes a move shorter than this; a tween frame is never under kMinTweenMs
// (browsers slow shorter GIF frames down to 100 ms), so short moves have fewer tweens.
inline constexpr int kMinPacedDelayMs = 60;
inline constexpr int kMinTweenMs = 20;
// AnimationOptions::moves_per_frame at most.
inline constexpr int kMaxMovesPerFrame = 1000;

// With fit_tile, the longer side of the board is kept within this many pixels.
inline constexpr int kFitBoardPx = 480;

struct Animation {
  std::vector<std::uint8_t> bytes;  // the whole file
  int frames = 0;
  int width = 0;
  int height = 0;
};

// Names accepted in AnimationOptions::theme; the first is the default.
SLIDEGIF_API std::vector<std::string> theme_names();

// Bounds on what one animation may ask for, and on the work it may cause. The defaults are the
// command line's; the CGI uses a stricter instance (src/cgi/limits.hpp). Board pixels are
// (rows * tile) x (cols * tile): the part of a frame that grows with the board and the tile
// size, known before any text is measured.
struct RenderLimits {
  int min_tile_px = 16;
  int max_tile_px = 256;
  int max_tween = 16;
  int min_delay_ms = 10;            // per move
  int max_delay_ms = 60000;         // per move and per hold; GIF itself stops at 655 s
  int max_loop = 65535;             // the NETSCAPE2.0 count is 16 bits
  int max_duration_ms = 3'600'000;  // max_duration_ms, when not 0
  double min_speed = 0.1;           // speed, times as fast
  double max_speed = 10;
  std::size_t max_title_bytes = 1024;
  int max_frames = 2000;
  long long max_frame_pixels = 2048LL * 2048;  // board pixels of one frame
  long long max_total_pixels = 400'000'000;    // board pixels summed over all frames
  // The same for a video (MP4, WebM), whose encoders cost far more a pixel than the image
  // formats' (VP9 about 2 million board pixels a second of CPU, docs/BENCHMARKS.md).
  long long max_video_pixels = 400'000'000;
  // A picture's file, and its pixels as its header says (checked before decoding).
  long long max_picture_bytes = 64LL << 20;
  long long max_picture_pixels = 50'000'000;
};

// The animation of `moves` from `start` in the options' look. An empty font is the built-in one
// (DejaVu Sans Bold: Latin, Greek, Cyrillic; give a font with Han characters for lang "zh").
// With fit_tile, tile_px shrinks to keep the board within kFitBoardPx and the limits. Throws
// Error(BadInput) for an unknown theme or language, an option outside `limits` or an animation
// over them (with a Hint and a suggestion), an illegal move, a still's frame the animation does
// not have; Error(Render) when the font cannot be read or drawing fails. `encoding`: GIF, an
// animated WebP or APNG, or one frame as a PNG (format.hpp), each with the same pixels; or MP4
// or WebM video of the same frames and times, where can_write() says so (else
// Error(Unsupported)).
SLIDEGIF_API Animation render(const Board& start, const std::vector<Move>& moves,
                              const AnimationOptions& options = {}, const Encoding& encoding = {},
                              const RenderLimits& limits = {});

// A font file's bytes (TrueType, OpenType, a .ttc's first face). Throws Error(BadInput) naming
// the file when it cannot be read.
SLIDEGIF_API Font load_font(const std::string& path);

// A picture file for AnimationOptions::picture (PNG, JPEG, WebP or GIF), checked against
// `limits` before it is decoded. Throws Error(BadInput) naming the file.
SLIDEGIF_API Picture read_picture(const std::string& path, const RenderLimits& limits = {});

}  // namespace slidegif
