#include "frame_sequence.hpp"

#include <algorithm>
#include <utility>

#include "coded_move.hpp"

namespace slidegif {

FrameSequence::FrameSequence(const Board& start, const AnimationOptions& options,
                             AnimationLayout layout, MovePieces* pieces)
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
      shown_caption_(&captions_.first),
      pieces_(art_ ? nullptr : pieces) {
  if (art_) renderer_.use_picture(*art_, layout.goal, options.numbers);
  renderer_.draw_board(*frame_, board_);
  if (art_ && captions_.steps.empty()) renderer_.draw_missing_piece(*frame_, board_.blank());
  renderer_.draw_caption(*frame_, captions_.first);
  gif_.add_frame(view(*frame_), timeline_.start_cs());
  step_pen_x_ = renderer_.caption_pen_x(captions_.steps);
  measure_caption_columns();
  if (pieces_ != nullptr) {
    fingerprint_ = renderer_.piece_fingerprint(
        {options.tween, columns_.first.first, columns_.first.second, columns_.last.first,
         columns_.last.second, columns_.steps.first, columns_.steps.second,
         columns_.step_change.first, columns_.step_change.second});
  }
}

const std::string& FrameSequence::caption(std::size_t k, int j) const {
  const bool last = k + 1 == captions_.steps.size();
  return j == options_.tween && last ? captions_.last : captions_.steps[k];
}

std::uint32_t FrameSequence::caption_changes(std::size_t k) const {
  std::uint32_t frames = 0;
  const std::string* shown = shown_caption_;
  for (int j = 0; j <= options_.tween; ++j) {
    const std::string& c = caption(k, j);
    if (c != *shown) frames |= 1U << j;
    shown = &c;
  }
  return frames;
}

void FrameSequence::add_move(std::size_t k, Move move) {
  if (pieces_ == nullptr) return code_move(k, move, nullptr);
  const int from = board_.target(move);
  const std::uint32_t changes = caption_changes(k);
  const MovePieceKey key{.config = fingerprint_,
                         .tile = static_cast<std::uint16_t>(board_.at(from)),
                         .from = static_cast<std::uint16_t>(from),
                         .to = static_cast<std::uint16_t>(board_.blank()),
                         .captions = static_cast<std::uint8_t>(
                             (changes & 1) | ((changes >> options_.tween) & 1) << 1 |
                             (k == 0 ? 4 : 0) | (k + 1 == captions_.steps.size() ? 8 : 0))};
  if (copy_move(k, move, pieces_->find(key))) return;
  std::vector<std::uint8_t> coded;
  code_move(k, move, &coded);
  pieces_->keep(key, std::move(coded));
}

void FrameSequence::code_move(std::size_t k, Move move, std::vector<std::uint8_t>* coded) {
  const int from = board_.target(move);
  const int to = board_.blank();
  const int tile = board_.at(from);
  const Rect cells = unite(renderer_.cell_rect(from), renderer_.cell_rect(to));
  for (int i = 1; i <= options_.tween; ++i) {
    renderer_.draw_slide(*frame_, from, to, tile, slide_progress(i, options_.tween));
    // A sliding tile covers mostly its own face rows, which code shorter whole; a picture's
    // piece has no rows of one colour.
    add_frame(caption(k, i - 1), cells, timeline_.slide_cs(), coded,
              art_ ? FrameCoding::Transparent : FrameCoding::Whole);
  }
  board_.apply(move);
  renderer_.draw_cell(*frame_, from, 0);
  renderer_.draw_cell(*frame_, to, tile);
  const bool last = k + 1 == captions_.steps.size();
  if (last && art_) renderer_.draw_missing_piece(*frame_, from);  // the whole picture
  // Without tweens the tile jumps a whole cell: short stretches of board and blank between its
  // changed edges read better as themselves than as transparent. After tweens, whether the
  // last short slide codes shorter whole or with transparency depends on the digits.
  add_frame(caption(k, options_.tween), cells, timeline_.hold_cs(last), coded,
            options_.tween == 0 ? FrameCoding::Bridged : FrameCoding::Shorter);
}

bool FrameSequence::copy_move(std::size_t k, Move move, std::span<const std::uint8_t> coded) {
  const auto frames = read_pieces(coded);
  const int n = options_.tween + 1;
  if (!frames || static_cast<int>(frames->size()) != n) return false;
  const std::uint32_t changes = caption_changes(k);
  for (int j = 0; j < n; ++j) {
    if ((*frames)[static_cast<std::size_t>(j)].split != ((changes >> j) & 1)) return false;
  }
  const int from = board_.target(move);
  const int to = board_.blank();
  const int tile = board_.at(from);
  const Rect cells = unite(renderer_.cell_rect(from), renderer_.cell_rect(to));
  const bool last = k + 1 == captions_.steps.size();
  for (int j = 0; j < n; ++j) {
    const CodedPiece& piece = (*frames)[static_cast<std::size_t>(j)];
    const int delay_cs = j < options_.tween ? timeline_.slide_cs() : timeline_.hold_cs(last);
    if (piece.split) {
      const Rect area = caption_frame(cells, caption(k, j));
      show_caption(caption(k, j));
      gif_.add_split_frame(view(*frame_), delay_cs, area, renderer_.layout().caption.y, piece.bytes,
                           piece.bits, piece.top);
    } else {
      gif_.add_coded_frame(piece.bytes, delay_cs);
    }
  }
  // The cells as the move leaves them, on the canvas and in the encoder's previous frame.
  board_.apply(move);
  renderer_.draw_cell(*frame_, from, 0);
  renderer_.draw_cell(*frame_, to, tile);
  gif_.keep_previous(view(*frame_), cells);
  return true;
}

void FrameSequence::add_frame(const std::string& caption, const Rect& cells, int delay_cs,
                              std::vector<std::uint8_t>* coded, FrameCoding coding) {
  const Rect area = caption_frame(cells, caption);
  if (show_caption(caption)) {
    const GifEncoder::SplitHead head =
        gif_.add_split_frame(view(*frame_), delay_cs, area, renderer_.layout().caption.y);
    if (coded) {
      append_piece(*coded,
                   {.split = true, .bits = head.bits, .top = head.top, .bytes = head.bytes});
    }
  } else {
    gif_.add_frame(view(*frame_), delay_cs, &cells, coding);
    if (coded) append_piece(*coded, {.bytes = gif_.last_image()});
  }
}

bool FrameSequence::show_caption(const std::string& caption) {
  if (caption == *shown_caption_) return false;
  if (&caption == &captions_.last) {
    renderer_.draw_caption(*frame_, caption);  // centred on its own
  } else {
    renderer_.draw_caption(*frame_, caption, step_pen_x_);
  }
  shown_caption_ = &caption;
  return true;
}

Rect FrameSequence::caption_frame(const Rect& cells, const std::string& next) const {
  const auto columns_of = [&](const std::string* c) {
    return c == &captions_.first  ? columns_.first
           : c == &captions_.last ? columns_.last
                                  : columns_.steps;
  };
  std::pair<int, int> c = columns_.step_change;
  if (columns_of(shown_caption_) != columns_.steps || columns_of(&next) != columns_.steps) {
    const auto a = columns_of(shown_caption_), b = columns_of(&next);
    c = {std::min(a.first, b.first), std::max(a.second, b.second)};
  }
  const int x0 = std::min(cells.x, c.first);
  const int x1 = std::max(cells.x + cells.w, c.second);
  const FrameLayout& L = renderer_.layout();
  return {x0, cells.y, x1 - x0, L.caption.y + L.caption.h - cells.y};
}

void FrameSequence::measure_caption_columns() {
  // Each caption as draw_caption() places it, with a pixel to spare each side.
  const int width = renderer_.layout().width;
  const auto spare = [&](std::pair<int, int> c) {
    return std::pair{std::max(0, c.first - 1), std::min(width, c.second + 1)};
  };
  columns_.first = spare(renderer_.caption_columns(captions_.first));
  columns_.last = spare(renderer_.caption_columns(captions_.last));
  if (captions_.steps.empty()) return;
  std::pair<int, int> steps{width, 0};
  for (const auto& step : captions_.steps) {
    const auto c = renderer_.caption_columns(step, step_pen_x_);
    steps = {std::min(steps.first, c.first), std::max(steps.second, c.second)};
  }
  columns_.steps = spare(steps);
  // From one step to the next, what all steps begin with stays: changes start past its ink.
  std::size_t common = captions_.steps.front().size();
  for (const auto& step : captions_.steps) {
    const std::string& a = captions_.steps.front();
    std::size_t n = 0;
    while (n < common && n < step.size() && step[n] == a[n]) ++n;
    common = n;
  }
  while (common > 0 && (captions_.steps.front()[common] & 0xC0) == 0x80) --common;  // UTF-8
  const std::string prefix = captions_.steps.front().substr(0, common);
  const int kept = prefix.empty() ? 0 : renderer_.caption_columns(prefix, step_pen_x_).second;
  columns_.step_change = spare({std::max(columns_.steps.first + 1, kept - 1), steps.second});
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
