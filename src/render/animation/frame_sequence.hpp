#pragma once
// The frame loop of an animation: the start board, then per move its sliding (tween) frames and
// the board after it, each drawn over the last and handed to the GIF encoder with what changed.
//
//   slidegif::detail::FrameSequence frames(start, options,
//   slidegif::detail::lay_out_animation(start, moves, options)); for (std::size_t k = 0; k <
//   moves.size(); ++k) frames.add_move(k, moves[k]); slidegif::Animation a =
//   std::move(frames).finish();

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "render/animation/animation.hpp"
#include "render/animation/animation_layout.hpp"
#include "render/animation/frame_renderer.hpp"
#include "render/animation/timeline.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "render/encode/frame_writer.hpp"
#include "render/gif/gif.hpp"
#include "render/look/theme.hpp"
#include "render/pixels/image.hpp"
#include "render/pixels/palette.hpp"
#include "render/pixels/rect.hpp"
#include "slidegif/board.hpp"

namespace slidegif::detail {

// Only what changes is drawn and compared: a tween frame redraws and compares the two cells of
// the move; the caption band is redrawn only when the caption changes. Step captions share one
// left edge rather than each its own centre: from one step to the next only the glyphs that
// differ change, and the text does not shift about as it is read.
//
// A frame that changes the caption covers the columns its pixels change in (those of the cells
// and of the caption's changed glyphs, widened to multiples of 8), from the cells' top row down
// through the caption band.
// A themed puzzle codes it in two parts (GifEncoder::add_split_frame): the rows above the band,
// then the band. So every frame of a move but the caption band depends only on the move and
// on which columns the caption changes, and with a MovePieces store a move coded once is copied
// afterwards (move_pieces.hpp), the band alone coded afresh. A picture puzzle, which has no
// store, codes it whole.
//
// Another format than GIF gets each frame whole with the rectangle that changed
// (encode/frame_writer.hpp), and no coded moves.
class FrameSequence {
 public:
  // Adds the start frame. `options` (checked) and the theme they name must outlive the sequence,
  // and so must `pieces` and `drawing` (null: none; ignored for picture puzzles but for the
  // glyphs `layout` measured with). A still's frame in `encoding` is an index (not -1).
  // A picture puzzle's `art`, when given, is used as it is (else made from the options); a
  // `writer`, when given, takes the frames instead of `encoding`'s.
  FrameSequence(const Board& start, const AnimationOptions& options, AnimationLayout layout,
                MovePieces* pieces = nullptr, DrawingCache* drawing = nullptr,
                const Encoding& encoding = {}, std::optional<PictureArt> art = std::nullopt,
                std::unique_ptr<FrameWriter> writer = nullptr);
  FrameSequence(const FrameSequence&) = delete;
  FrameSequence& operator=(const FrameSequence&) = delete;

  // Adds move k (0-based, in order, legal: lay_out_animation() checked them): its tween frames,
  // then the board after it, held for the last hold after the last move.
  void add_move(std::size_t k, Move move);
  // Adds step k: a move (add_move), or a line of tiles moving together, as one move.
  void add_step(std::size_t k, LineMove step);
  // True when later moves cannot change the file (a still has its frame).
  bool complete() const { return writer_ && writer_->complete(); }
  Animation finish() &&;

 private:
  // What frame j of move k (0..tween, the last the board after it) shows as its caption.
  const std::string& caption(std::size_t k, int j) const;
  // Bit j set when frame j of move k changes the caption (only the first and last can).
  std::uint32_t caption_changes(std::size_t k) const;
  // Adds move k of an animation showing several a frame (`count` moves one way: a line move):
  // the frame after its step's last.
  void add_stepped_move(std::size_t k, Move move, int count = 1);
  // Draws and codes a line move of `count` > 1 tiles as code_move() does one tile: they slide
  // together (no coded pieces: those are single moves).
  void code_line_move(std::size_t k, Move move, int count);
  // Draws and codes the move, whose frames change the caption as `changes` (caption_changes()
  // before the move) says; its coded frames go to `coded` when not null.
  void code_move(std::size_t k, Move move, std::uint32_t changes, std::vector<std::uint8_t>* coded);
  // Copies the move's coded frames in (drawing only the caption band), then draws the cells
  // at rest. False, having added nothing, when `coded` does not fit the move.
  bool copy_move(std::size_t k, Move move, std::uint32_t changes,
                 std::span<const std::uint8_t> coded);
  // Adds the frame drawn as it is, whole, shown for delay_cs (the goal and start frames).
  void add_whole_frame(int delay_cs);
  // Adds the frame drawn, with the caption `caption`; records it in `coded` if not null. A
  // frame that changes the caption (`captioned`) is split for a themed puzzle (gif.hpp);
  // others are coded as `coding` says.
  void add_frame(const std::string& caption, bool captioned, const Rect& cells, int delay_cs,
                 std::vector<std::uint8_t>* coded, FrameCoding coding);
  // Columns [first, second) widened to multiples of 8 (within the frame): fewer kinds of caption
  // change to key pieces by, for a few transparent columns.
  std::pair<int, int> widen_columns(std::pair<int, int> c) const;
  // How a split frame codes its unchanged pixels (Transparent or Bridged).
  FrameCoding split_coding() const;
  // Shows `caption` in the band if it is not already shown.
  void show_caption(const std::string& caption);
  // The columns of the caption band that showing `caption` changes, having shown it.
  std::pair<int, int> show_caption_columns(const std::string& caption);
  // The columns of the caption band that showing `next` after the caption shown would change,
  // the band left as it was.
  std::pair<int, int> try_caption_columns(const std::string& next);

  const AnimationOptions& options_;
  Captions captions_;
  std::optional<PictureArt> art_;  // picture puzzles only
  Palette palette_;
  FrameRenderer renderer_;
  std::optional<GifEncoder> gif_;        // for GIF
  std::unique_ptr<FrameWriter> writer_;  // for the other formats
  Timeline timeline_;
  GdImage frame_;
  Board board_;
  const std::string* shown_caption_;
  int step_pen_x_;        // where every step caption starts
  int marked_cell_ = -1;  // without tweens: the cell of the marked tile, until the next move
  Rect step_cells_{};     // several moves a frame: the cells the step's moves so far changed
  MovePieces* pieces_;
  std::uint64_t fingerprint_ = 0;  // the renderer's, when there are pieces
};

}  // namespace slidegif::detail
