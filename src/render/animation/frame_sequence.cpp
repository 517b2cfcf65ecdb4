#include "render/animation/frame_sequence.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "render/cache/drawing_cache_impl.hpp"
#include "render/gif/coded_move.hpp"

namespace slidegif::detail {

namespace {

// A themed puzzle's palette (the drawing cache's, when there is one).
Palette theme_palette(const AnimationOptions& options, DrawingCache* drawing) {
  const Theme& theme = find_theme(options.theme);
  return drawing != nullptr ? drawing->impl().palette(theme) : make_palette(theme);
}

// The tiles from the drawing cache; null (drawn by the renderer) without one or for a picture.
std::shared_ptr<TileSprites> shared_sprites(const Board& start, const AnimationOptions& options,
                                            const AnimationLayout& layout, DrawingCache* drawing) {
  if (drawing == nullptr || !options.picture.empty()) return nullptr;
  return drawing->impl().sprites(find_theme(options.theme), layout.frame, start.cells(),
                                 options.font, *layout.glyphs);
}

}  // namespace

FrameSequence::FrameSequence(const Board& start, const AnimationOptions& options,
                             AnimationLayout layout, MovePieces* pieces, DrawingCache* drawing,
                             const Encoding& encoding, std::optional<PictureArt> art,
                             std::unique_ptr<FrameWriter> writer)
    : options_(options),
      captions_(std::move(layout.captions)),
      art_(art || options.picture.empty()
               ? std::move(art)
               : std::optional(make_picture_art(options.picture, start.shape(), options.tile_px,
                                                find_theme(options.theme), options.dither))),
      palette_(art_ ? art_->palette : theme_palette(options, drawing)),
      renderer_(start.shape(), find_theme(options.theme), palette_, layout.text, layout.frame,
                layout.glyphs, shared_sprites(start, options, layout, drawing)),
      timeline_(options),
      frame_(renderer_.new_frame()),
      board_(start),
      shown_caption_(&captions_.first),
      // Without tweens a marked tile stays marked until the next move, which then changes a
      // third cell: moves are no longer pieces of their own.
      pieces_(art_ || (options.mark_moving && options.tween == 0) || options.moves_per_frame > 1 ||
                      options.tile_note != TileNote::None || encoding.format != OutputFormat::Gif ||
                      writer
                  ? nullptr
                  : pieces) {
  const FrameLayout& L = renderer_.layout();
  if (writer) {
    writer_ = std::move(writer);
  } else if (encoding.format == OutputFormat::Gif) {
    gif_.emplace(palette_, L.width, L.height, options.loop);
  } else {
    writer_ = make_frame_writer(encoding, palette_, L.width, L.height, options.loop);
  }
  if (art_) renderer_.use_picture(*art_, layout.goal, options.numbers);
  if (options.mark_moving) renderer_.use_mark();
  // A tile's note changes as it moves: no coded moves to copy (pieces_ is null).
  if (options.tile_note != TileNote::None) renderer_.use_notes(options.tile_note, layout.goal);
  if (!captions_.goal.empty()) {  // where the start is going, before it starts
    renderer_.draw_board(*frame_, layout.goal);
    renderer_.draw_caption(*frame_, captions_.goal);
    add_whole_frame(timeline_.start_cs());
  }
  renderer_.draw_board(*frame_, board_);
  if (art_ && captions_.steps.empty()) renderer_.draw_missing_tile(*frame_, board_.blank());
  renderer_.draw_caption(*frame_, captions_.first);
  add_whole_frame(timeline_.start_cs());
  step_pen_x_ = renderer_.caption_pen_x(captions_.steps);
  if (pieces_ != nullptr) fingerprint_ = renderer_.piece_fingerprint({options.tween});
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
  if (options_.moves_per_frame > 1) return add_stepped_move(k, move);
  const std::uint32_t changes = caption_changes(k);
  if (pieces_ == nullptr) return code_move(k, move, changes, nullptr);
  // The columns the move's captions change are part of the key: the first frame's caption is
  // drawn now, and the end's caption (after tweens, on the last move) tried in the band.
  const auto [x0, x1] =
      (changes & 1) != 0 ? show_caption_columns(caption(k, 0)) : std::pair<int, int>{0, 0};
  const bool late = options_.tween > 0 && ((changes >> options_.tween) & 1) != 0;
  const auto [end_x0, end_x1] =
      late ? try_caption_columns(caption(k, options_.tween)) : std::pair<int, int>{0, 0};
  const int from = board_.target(move);
  const MovePieceKey key{.config = fingerprint_,
                         .tile = static_cast<std::uint16_t>(board_.at(from)),
                         .from = static_cast<std::uint16_t>(from),
                         .to = static_cast<std::uint16_t>(board_.blank()),
                         .captions = static_cast<std::uint8_t>(
                             (changes & 1) | ((changes >> options_.tween) & 1) << 1 |
                             (k == 0 ? 4 : 0) | (k + 1 == captions_.steps.size() ? 8 : 0)),
                         .x0 = static_cast<std::uint16_t>(x0),
                         .x1 = static_cast<std::uint16_t>(x1),
                         .end_x0 = static_cast<std::uint16_t>(end_x0),
                         .end_x1 = static_cast<std::uint16_t>(end_x1)};
  if (copy_move(k, move, changes, pieces_->find(key))) return;
  std::vector<std::uint8_t> coded;
  code_move(k, move, changes, &coded);
  pieces_->keep(key, std::move(coded));
}

void FrameSequence::add_step(std::size_t k, LineMove step) {
  if (step.count == 1) return add_move(k, step.move);
  if (options_.moves_per_frame > 1) return add_stepped_move(k, step.move, step.count);
  code_line_move(k, step.move, step.count);
}

void FrameSequence::code_line_move(std::size_t k, Move move, int count) {
  const std::uint32_t changes = caption_changes(k);
  std::vector<FrameRenderer::Sliding> line;
  Board after = board_;
  Rect cells = renderer_.cell_rect(board_.blank());
  for (int i = 0; i < count; ++i) {
    const int from = after.target(move);
    line.push_back({from, after.blank(), after.at(from)});
    cells = unite(cells, renderer_.cell_rect(from));
    after.apply(move);
  }
  if (marked_cell_ >= 0) {  // the last move's tile, marked since it landed (no tweens)
    renderer_.draw_cell(*frame_, marked_cell_, board_.at(marked_cell_));
    cells = unite(cells, renderer_.cell_rect(marked_cell_));
    marked_cell_ = -1;
  }
  for (int i = 1; i <= options_.tween; ++i) {
    renderer_.draw_slides(*frame_, line, slide_progress(i, options_.tween));
    const bool captioned = ((changes >> (i - 1)) & 1) != 0;
    add_frame(caption(k, i - 1), captioned, cells, timeline_.slide_cs(), nullptr,
              art_ ? FrameCoding::Shortest : FrameCoding::Shorter);
  }
  board_ = after;
  for (const auto& s : line) renderer_.draw_cell(*frame_, s.to, s.tile);
  renderer_.draw_cell(*frame_, line.back().from, 0);
  const bool last = k + 1 == captions_.steps.size();
  if (last && art_) renderer_.draw_missing_tile(*frame_, line.back().from);  // the whole picture
  // No tile stays marked: the move was several.
  add_frame(caption(k, options_.tween), ((changes >> options_.tween) & 1) != 0, cells,
            timeline_.hold_cs(last), nullptr,
            options_.tween == 0 ? FrameCoding::Bridged
            : art_              ? FrameCoding::Shortest
                                : FrameCoding::Shorter);
}

void FrameSequence::code_move(std::size_t k, Move move, std::uint32_t changes,
                              std::vector<std::uint8_t>* coded) {
  const int from = board_.target(move);
  const int to = board_.blank();
  const int tile = board_.at(from);
  Rect cells = unite(renderer_.cell_rect(from), renderer_.cell_rect(to));
  const bool unmarks = marked_cell_ >= 0;
  if (unmarks) {  // the last move's tile, marked since it landed (no tweens)
    renderer_.draw_cell(*frame_, marked_cell_, board_.at(marked_cell_));
    cells = unite(cells, renderer_.cell_rect(marked_cell_));
    marked_cell_ = -1;
  }
  for (int i = 1; i <= options_.tween; ++i) {
    renderer_.draw_slide(*frame_, from, to, tile, slide_progress(i, options_.tween));
    // A numbered tile that slid 15% of a cell or more covers mostly its own face rows, which
    // code shorter whole (the whole way won or nearly, measured at 1-8 tweens); after a shorter
    // step either may win. Over a picture either may too, and of a frame that also changes the
    // caption (so spans the rows between) any of three (with transparency alone, gifsicle -O3
    // saved up to 3.2% of a mosaic's GIF).
    const bool captioned = ((changes >> (i - 1)) & 1) != 0;
    const double step = slide_progress(i, options_.tween) - slide_progress(i - 1, options_.tween);
    const FrameCoding coding = art_ ? (captioned ? FrameCoding::Shortest : FrameCoding::Shorter)
                               : step < 0.15 ? FrameCoding::Shorter
                                             : FrameCoding::Whole;
    add_frame(caption(k, i - 1), captioned, cells, timeline_.slide_cs(), coded, coding);
  }
  board_.apply(move);
  renderer_.draw_cell(*frame_, from, 0);
  const bool last = k + 1 == captions_.steps.size();
  // A picture's tile is marked only while it slides: kept marked until the next move, the far
  // corners of three cells of picture code 7% longer than gifsicle -O3 manages (measured).
  if (options_.mark_moving && options_.tween == 0 && !last && !art_) {
    renderer_.draw_marked_cell(*frame_, to, tile);
    marked_cell_ = to;
  } else {
    renderer_.draw_cell(*frame_, to, tile);
  }
  if (last && art_) renderer_.draw_missing_tile(*frame_, from);  // the whole picture
  // Without tweens the tile jumps a whole cell: short stretches of board and blank between its
  // changed edges read better as themselves than as transparent. After tweens, whether the
  // last short slide codes shorter whole or with transparency depends on the digits.
  // Unmarking the last tile spans a third cell, perhaps far off: what lies between, unchanged,
  // codes shorter as transparent (or shorter still whole, for a numbered board).
  add_frame(caption(k, options_.tween), ((changes >> options_.tween) & 1) != 0, cells,
            timeline_.hold_cs(last), coded,
            unmarks               ? FrameCoding::Shorter
            : options_.tween == 0 ? FrameCoding::Bridged
            : art_                ? FrameCoding::Shortest
                                  : FrameCoding::Shorter);
}

void FrameSequence::add_stepped_move(std::size_t k, Move move, int count) {
  int from = board_.blank();
  for (int i = 0; i < count; ++i) {
    from = board_.target(move);
    const int to = board_.blank();
    renderer_.draw_cell(*frame_, to, board_.at(from));
    renderer_.draw_cell(*frame_, from, 0);
    board_.apply(move);
    const Rect cells = unite(renderer_.cell_rect(from), renderer_.cell_rect(to));
    step_cells_ = step_cells_.empty() ? cells : unite(step_cells_, cells);
  }
  const bool last = k + 1 == captions_.steps.size();
  if (!last && (k + 1) % static_cast<std::size_t>(options_.moves_per_frame) != 0) return;
  if (last && art_) renderer_.draw_missing_tile(*frame_, from);  // the whole picture
  // No tile is marked: a step moves several. The step's caption is its last move's.
  const std::string& shown = caption(k, 0);
  add_frame(shown, shown != *shown_caption_, step_cells_, timeline_.hold_cs(last), nullptr,
            FrameCoding::Shorter);
  step_cells_ = {};
}

bool FrameSequence::copy_move(std::size_t k, Move move, std::uint32_t changes,
                              std::span<const std::uint8_t> coded) {
  const auto frames = read_pieces(coded);
  const int n = options_.tween + 1;
  if (!frames || static_cast<int>(frames->size()) != n) return false;
  for (int j = 0; j < n; ++j) {
    const CodedPiece& piece = (*frames)[static_cast<std::size_t>(j)];
    if (piece.split != ((changes >> j) & 1)) return false;
    if (piece.split && (piece.w < 1 || piece.x + piece.w > renderer_.layout().width)) return false;
  }
  const int from = board_.target(move);
  const int to = board_.blank();
  const int tile = board_.at(from);
  const Rect cells = unite(renderer_.cell_rect(from), renderer_.cell_rect(to));
  const FrameLayout& L = renderer_.layout();
  const bool last = k + 1 == captions_.steps.size();
  for (int j = 0; j < n; ++j) {
    const CodedPiece& piece = (*frames)[static_cast<std::size_t>(j)];
    const int delay_cs = j < options_.tween ? timeline_.slide_cs() : timeline_.hold_cs(last);
    if (piece.split) {
      show_caption(caption(k, j));
      const Rect area{piece.x, cells.y, piece.w, L.caption.y + L.caption.h - cells.y};
      gif_->add_split_frame(view(*frame_), delay_cs, area, L.caption.y, piece.bytes, piece.bits,
                            piece.top, split_coding());
    } else {
      gif_->add_coded_frame(piece.bytes, delay_cs);
    }
  }
  // The cells as the move leaves them, on the canvas and in the encoder's previous frame.
  board_.apply(move);
  renderer_.draw_cell(*frame_, from, 0);
  renderer_.draw_cell(*frame_, to, tile);
  gif_->keep_previous(view(*frame_), cells);
  return true;
}

void FrameSequence::add_whole_frame(int delay_cs) {
  if (!writer_) return gif_->add_frame(view(*frame_), delay_cs);
  writer_->add_frame(view(*frame_), delay_cs, Rect{0, 0, frame_->sx, frame_->sy});
}

void FrameSequence::add_frame(const std::string& caption, bool captioned, const Rect& cells,
                              int delay_cs, std::vector<std::uint8_t>* coded, FrameCoding coding) {
  if (writer_) {
    if (captioned) show_caption(caption);
    return writer_->add_frame(view(*frame_), delay_cs,
                              captioned ? unite(cells, renderer_.layout().caption) : cells);
  }
  if (!captioned) {
    gif_->add_frame(view(*frame_), delay_cs, &cells, coding);
    if (coded) append_piece(*coded, {.bytes = gif_->last_image()});
    return;
  }
  show_caption(caption);
  const FrameLayout& L = renderer_.layout();
  const Rect dirty = unite(cells, L.caption);
  // A picture has no store, and its palette needs more bits than its frames' pixels often do:
  // coded whole, the frame is cut to what changed and coded with the bits its indices need.
  if (art_) return gif_->add_frame(view(*frame_), delay_cs, &dirty, coding);
  // The columns that changed (gifsicle would cut the frame to them), every row from the
  // cells' top: add_split_frame() skips unchanged rows at either end itself.
  Rect area = gif_->changed_area(view(*frame_), &dirty);
  if (area.empty()) area = dirty;
  const auto [x0, x1] = widen_columns({area.x, area.x + area.w});
  area = {x0, cells.y, x1 - x0, L.caption.y + L.caption.h - cells.y};
  const GifEncoder::SplitHead head =
      gif_->add_split_frame(view(*frame_), delay_cs, area, L.caption.y, split_coding());
  if (coded) {
    append_piece(*coded, {.split = true,
                          .bits = head.bits,
                          .top = head.top,
                          .x = area.x,
                          .w = area.w,
                          .bytes = head.bytes});
  }
}

std::pair<int, int> FrameSequence::widen_columns(std::pair<int, int> c) const {
  // Measured (tests/bench/pieces_bench.cpp, gifsicle -O3 on the samples): exact columns give a
  // 4x4 pieces file of 75 MB and 97.9% of random requests' moves copied, gifsicle saving up to
  // 0.40% on a themed sample; to 8 columns, 37 MB and 99.7%, gifsicle up to 0.60% (GIFs 0.15-0.65%
  // larger); to 16, 25 MB, but gifsicle saves 1.01% at tween 0. The columns scale with the tile
  // (8 from 80 px down to 1), so that small frames pay no more for them: at tile 40, 8 columns
  // let gifsicle save 1.07% of `solve 867254301 --theme mint --tile 40`, 4 columns 0.79%.
  const int columns = std::clamp(options_.tile_px / 10, 1, 8);
  if (c.first >= c.second) return c;
  return {c.first / columns * columns,
          std::min(renderer_.layout().width, (c.second + columns - 1) / columns * columns)};
}

FrameCoding FrameSequence::split_coding() const {
  // Without tweens each move's one frame changes the caption, and is coded as the board after
  // a jump codes shortest (code_move()); after tweens, with transparency, whatever the digits
  // (the same for every move, so that a copied head and a coded band agree).
  return options_.tween == 0 ? FrameCoding::Bridged : FrameCoding::Transparent;
}

void FrameSequence::show_caption(const std::string& caption) {
  if (caption == *shown_caption_) return;
  if (&caption == &captions_.last) {
    renderer_.draw_caption(*frame_, caption);  // centred on its own
  } else {
    renderer_.draw_caption(*frame_, caption, step_pen_x_);
  }
  shown_caption_ = &caption;
}

std::pair<int, int> FrameSequence::show_caption_columns(const std::string& caption) {
  show_caption(caption);
  const Rect& band = renderer_.layout().caption;
  const Rect changed = gif_->changed_area(view(*frame_), &band);
  return widen_columns({changed.x, changed.x + changed.w});
}

std::pair<int, int> FrameSequence::try_caption_columns(const std::string& next) {
  const Rect& band = renderer_.layout().caption;
  const auto w = static_cast<std::size_t>(band.w);
  std::vector<std::uint8_t> shown(w * static_cast<std::size_t>(band.h));
  for (int y = 0; y < band.h; ++y)
    std::memcpy(&shown[y * w], frame_->pixels[band.y + y] + band.x, w);
  if (&next == &captions_.last) {
    renderer_.draw_caption(*frame_, next);
  } else {
    renderer_.draw_caption(*frame_, next, step_pen_x_);
  }
  int x0 = band.w, x1 = 0;
  for (int y = 0; y < band.h; ++y) {
    std::uint8_t* row = frame_->pixels[band.y + y] + band.x;
    for (int x = 0; x < band.w; ++x) {
      if (row[x] != shown[y * w + x]) x0 = std::min(x0, x), x1 = std::max(x1, x + 1);
    }
    std::memcpy(row, &shown[y * w], w);
  }
  return x0 < x1 ? widen_columns({band.x + x0, band.x + x1}) : std::pair{0, 0};
}

Animation FrameSequence::finish() && {
  Animation out;
  out.frames = writer_ ? writer_->frames() : gif_->frames();
  out.width = renderer_.layout().width;
  out.height = renderer_.layout().height;
  out.bytes = writer_ ? std::move(*writer_).finish() : std::move(*gif_).finish();
  return out;
}

}  // namespace slidegif::detail
