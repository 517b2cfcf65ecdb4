#pragma once
// A search drawn as it runs (`slidegif explain`): a script of frames, each a board with a
// caption in the solution animations' look, and below it a panel of counts and a histogram that
// fills as the search goes. What the frames say is the caller's (app/explain/ writes the script
// from a recorded search); this draws and encodes it in any output format.
//
//   ExplainScript script{.title = "A* · Manhattan", .bars_label = "expanded by g"};
//   script.frames.push_back({.board = start, .caption = "g 0 · h 8 · f 8",
//                            .notes = {"expanded 1"}, .bars = {1}, .marked_bar = 0,
//                            .delay_ms = 500});
//   Animation a = render_explanation(script, look, {OutputFormat::Gif});

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/format.hpp"
#include "slidegif/render.hpp"

namespace slidegif::detail {

struct ExplainFrame {
  Board board;
  std::string caption;                // in the band under the board
  std::vector<std::string> notes{};   // lines of the panel under it
  std::vector<std::uint64_t> bars{};  // the histogram's bars, left to right (empty: none)
  int marked_bar = -1;                // the bar drawn in the title's colour (-1: none)
  int delay_ms = 500;                 // how long the frame shows
};

struct ExplainScript {
  std::string title;       // above the board
  std::string bars_label;  // under the histogram
  std::vector<ExplainFrame> frames;
  // What look.tile_note measures from (none: the standard goal of the frames' shape).
  std::optional<Board> goal;
};

// Frames of the script at most, and the shortest delay a frame may have.
inline constexpr int kMinExplainDelayMs = 20;

// Draws the script in `look` (its font, theme, tile size, loop and tile notes; the title,
// captions and timing are the script's). All frames' boards must have the first one's shape. Throws
// Error(BadInput) for an empty script, more frames than limits.max_frames, a frame or pixel
// total past the limits, a still's frame the script does not have; Error(Render) when drawing
// or encoding fails; Error(Unsupported) for video where this program writes none.
Animation render_explanation(const ExplainScript& script, const AnimationOptions& look,
                             const Encoding& encoding, const RenderLimits& limits = {});

}  // namespace slidegif::detail
