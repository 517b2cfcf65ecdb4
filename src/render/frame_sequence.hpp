#pragma once
// The frame loop of an animation: the start board, then per move its sliding (tween) frames and
// the board after it, each drawn over the last and handed to the GIF encoder with what changed.
//
//   slidegif::FrameSequence frames(start, options, slidegif::lay_out_animation(start, moves,
//   options)); for (std::size_t k = 0; k < moves.size(); ++k) frames.add_move(k, moves[k]);
//   slidegif::Animation a = std::move(frames).finish();

#include <cstddef>
#include <optional>
#include <string>

#include "animation_layout.hpp"
#include "frame_renderer.hpp"
#include "image.hpp"
#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/gif.hpp"
#include "slidegif/palette.hpp"
#include "slidegif/rect.hpp"
#include "slidegif/theme.hpp"
#include "timeline.hpp"

namespace slidegif {

// Only what changes is drawn and compared: a tween frame redraws and compares the two cells of
// the move; the caption band is redrawn, and joins the compared area, only when the caption
// changes. Step captions share one left edge rather than each its own centre: from one step to
// the next only the glyphs that differ change, and the text does not shift about as it is read.
class FrameSequence {
 public:
  // Adds the start frame. `options` (checked) and the theme they name must outlive the sequence.
  FrameSequence(const Board& start, const AnimationOptions& options, AnimationLayout layout);
  FrameSequence(const FrameSequence&) = delete;
  FrameSequence& operator=(const FrameSequence&) = delete;

  // Adds move k (0-based, in order, legal: lay_out_animation() checked them): its tween frames,
  // then the board after it, held for the last hold after the last move.
  void add_move(std::size_t k, Move move);
  Animation finish() &&;

 private:
  // Shows `caption` in the band if it is not already shown; returns `cells` widened to the band
  // if it was drawn.
  Rect show_caption(const std::string& caption, const Rect& cells);
  bool caption_changes(const std::string& caption) const;

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
  int step_pen_x_;  // where every step caption starts
};

}  // namespace slidegif
