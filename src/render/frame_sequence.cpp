#include "frame_sequence.hpp"

#include <utility>

namespace slidegif {

FrameSequence::FrameSequence(const Board& start, const AnimationOptions& options,
                             AnimationLayout layout)
    : options_(options),
      captions_(std::move(layout.captions)),
      art_(options.picture.empty()
               ? std::nullopt
               : std::optional(make_picture_art(options.picture, start.shape(), options.tile_px,
                                                find_theme(options.theme), options.dither))),
      palette_(art_ ? art_->palette : make_palette(find_theme(options.theme))),
      renderer_(start.shape(), find_theme(options.theme), palette_, layout.text, layout.frame,
                std::move(layout.glyphs)),
      gif_(palette_, renderer_.layout().width, renderer_.layout().height, options.loop),
      timeline_(options),
      frame_(renderer_.new_frame()),
      board_(start),
      shown_caption_(&captions_.first) {
  if (art_) renderer_.use_picture(*art_, layout.goal, options.numbers);
  renderer_.draw_board(*frame_, board_);
  if (art_ && captions_.steps.empty()) renderer_.draw_missing_piece(*frame_, board_.blank());
  renderer_.draw_caption(*frame_, captions_.first);
  gif_.add_frame(view(*frame_), timeline_.start_cs());
  step_pen_x_ = renderer_.caption_pen_x(captions_.steps);
}

void FrameSequence::add_move(std::size_t k, Move move) {
  const int from = board_.target(move);
  const int to = board_.blank();
  const int tile = board_.at(from);
  const Rect cells = unite(renderer_.cell_rect(from), renderer_.cell_rect(to));
  for (int i = 1; i <= options_.tween; ++i) {
    renderer_.draw_slide(*frame_, from, to, tile, slide_progress(i, options_.tween));
    const bool captioned = caption_changes(captions_.steps[k]);
    const Rect dirty = show_caption(captions_.steps[k], cells);
    // A sliding tile covers mostly its own face rows, which code shorter whole; a picture's
    // piece has no rows of one colour, and the caption band is mostly unchanged canvas.
    const FrameCoding coding = captioned || art_ ? FrameCoding::Transparent : FrameCoding::Whole;
    gif_.add_frame(view(*frame_), timeline_.slide_cs(), &dirty, coding);
  }
  board_.apply(move);
  renderer_.draw_cell(*frame_, from, 0);
  renderer_.draw_cell(*frame_, to, tile);
  const bool last = k + 1 == captions_.steps.size();
  if (last && art_) renderer_.draw_missing_piece(*frame_, from);  // the whole picture
  const Rect dirty = show_caption(last ? captions_.last : captions_.steps[k], cells);
  // Without tweens the tile jumps a whole cell: short stretches of board and blank between its
  // changed edges read better as themselves than as transparent. After tweens, whether the
  // last short slide codes shorter whole or with transparency depends on the digits.
  const FrameCoding coding = options_.tween == 0 ? FrameCoding::Bridged : FrameCoding::Shorter;
  gif_.add_frame(view(*frame_), timeline_.hold_cs(last), &dirty, coding);
}

bool FrameSequence::caption_changes(const std::string& caption) const {
  return caption != *shown_caption_;
}

Rect FrameSequence::show_caption(const std::string& caption, const Rect& cells) {
  if (!caption_changes(caption)) return cells;
  if (&caption == &captions_.last) {
    renderer_.draw_caption(*frame_, caption);  // centred on its own
  } else {
    renderer_.draw_caption(*frame_, caption, step_pen_x_);
  }
  shown_caption_ = &caption;
  return unite(cells, renderer_.layout().caption);
}

Animation FrameSequence::finish() && {
  Animation out;
  out.frames = gif_.frames();
  out.width = renderer_.layout().width;
  out.height = renderer_.layout().height;
  out.bytes = std::move(gif_).finish();
  return out;
}

}  // namespace slidegif
