#pragma once
// The frame loop of an animation: the start board, then per move its sliding (tween) frames and
// the board after it, each drawn over the last and handed to the GIF encoder with what changed.
//
//   slidegif::FrameSequence frames(start, options, slidegif::lay_out_animation(start, moves,
//   options)); for (std::size_t k = 0; k < moves.size(); ++k) frames.add_move(k, moves[k]);
//   slidegif::Animation a = std::move(frames).finish();

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "animation_layout.hpp"
#include "frame_renderer.hpp"
#include "image.hpp"
#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/gif.hpp"
#include "slidegif/move_pieces.hpp"
#include "slidegif/palette.hpp"
#include "slidegif/rect.hpp"
#include "slidegif/theme.hpp"
#include "timeline.hpp"

namespace slidegif {

// Only what changes is drawn and compared: a tween frame redraws and compares the two cells of
// the move; the caption band is redrawn only when the caption changes. Step captions share one
// left edge rather than each its own centre: from one step to the next only the glyphs that
// differ change, and the text does not shift about as it is read.
//
// A frame that changes the caption covers a rectangle whose columns depend on the move and the
// caption band's text columns alone (not on which glyphs changed), from the cells' top row down
// through the caption band, and is coded in two parts (GifEncoder::add_split_frame): the rows
// above the band, then the band. So every frame of a
// move but the caption band is the same wherever the move comes, and with a MovePieces store a
// move coded once is copied afterwards (move_pieces.hpp), the band alone coded afresh.
class FrameSequence {
 public:
  // Adds the start frame. `options` (checked) and the theme they name must outlive the sequence,
  // and so must `pieces` (null: none; ignored for picture puzzles).
  FrameSequence(const Board& start, const AnimationOptions& options, AnimationLayout layout,
                MovePieces* pieces = nullptr);
  FrameSequence(const FrameSequence&) = delete;
  FrameSequence& operator=(const FrameSequence&) = delete;

  // Adds move k (0-based, in order, legal: lay_out_animation() checked them): its tween frames,
  // then the board after it, held for the last hold after the last move.
  void add_move(std::size_t k, Move move);
  Animation finish() &&;

 private:
  // What frame j of move k (0..tween, the last the board after it) shows as its caption.
  const std::string& caption(std::size_t k, int j) const;
  // Bit j set when frame j of move k changes the caption (only the first and last can).
  std::uint32_t caption_changes(std::size_t k) const;
  // Draws and codes the move; its coded frames go to `coded` when not null.
  void code_move(std::size_t k, Move move, std::vector<std::uint8_t>* coded);
  // Copies the move's coded frames in (drawing only the caption band), then draws the cells
  // at rest. False, having added nothing, when `coded` does not fit the move.
  bool copy_move(std::size_t k, Move move, std::span<const std::uint8_t> coded);
  // Adds the frame drawn, with the caption `caption`; records it in `coded` if not null. A
  // frame that changes the caption is split (gif.hpp); others are coded as `coding` says.
  void add_frame(const std::string& caption, const Rect& cells, int delay_cs,
                 std::vector<std::uint8_t>* coded, FrameCoding coding);
  // Shows `caption` in the band if it is not already shown; returns whether it was drawn.
  bool show_caption(const std::string& caption);
  // The rectangle of a frame that changes the caption shown to `next`: the columns of the cells
  // and of both captions (from one step to the next, of what can differ), from the cells' top
  // through the caption band.
  Rect caption_frame(const Rect& cells, const std::string& next) const;
  void measure_caption_columns();

  const AnimationOptions& options_;
  Captions captions_;
  std::optional<PictureArt> art_;  // picture puzzles only
  Palette palette_;
  FrameRenderer renderer_;
  GifEncoder gif_;
  Timeline timeline_;
  GdImage frame_;
  Board board_;
  const std::string* shown_caption_;
  int step_pen_x_;         // where every step caption starts
  struct CaptionColumns {  // [first, second) columns each caption may ink
    std::pair<int, int> first, last, steps;
    std::pair<int, int> step_change;  // the steps' columns past their common beginning
  } columns_;
  MovePieces* pieces_;
  std::uint64_t fingerprint_ = 0;  // the renderer's, when there are pieces
};

}  // namespace slidegif
