#include "render/animation/frame_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "render/pixels/mix.hpp"
#include "render/pixels/sprite.hpp"

namespace slidegif::detail {

FrameRenderer::FrameRenderer(Shape shape, const Theme& theme, const Palette& palette,
                             const FrameText& text, int tile_px)
    : cols_(shape.cols),
      theme_(theme),
      palette_(palette),
      quantizer_(palette),
      glyphs_(std::make_shared<GlyphCache>(text.font)),
      layout_(compute_layout(shape, tile_px, text, *glyphs_)) {
  init(shape, text, nullptr);
}

FrameRenderer::FrameRenderer(Shape shape, const Theme& theme, const Palette& palette,
                             const FrameText& text, const FrameLayout& layout,
                             std::shared_ptr<GlyphCache> glyphs,
                             std::shared_ptr<TileSprites> sprites)
    : cols_(shape.cols),
      theme_(theme),
      palette_(palette),
      quantizer_(palette),
      glyphs_(std::move(glyphs)),
      layout_(layout) {
  init(shape, text, std::move(sprites));
}

void FrameRenderer::init(Shape shape, const FrameText& text, std::shared_ptr<TileSprites> sprites) {
  const auto& L = layout_;
  canvas_index_ = quantizer_.index(theme_.canvas);
  background_ = make_palette_image(L.width, L.height, palette_, canvas_index_);
  draw_tray(*background_);
  if (!text.title.empty()) {
    // Each line centred in its share of the title's rows: the first as a one-line title, the
    // others title_line_h each.
    const int lines = static_cast<int>(L.title_lines.size());
    const int line_h = L.title_line_h;
    const int first_h = L.title.h - (lines - 1) * line_h;
    const Shades lut = shades(theme_.canvas, theme_.title);
    int y = L.title.y;
    for (int i = 0; i < lines; ++i) {
      const int h = i == 0 ? first_h : line_h;
      CoverageMask mask(L.title.w, h);
      draw_centered(mask, L.title_pt, L.title_lines[static_cast<std::size_t>(i)]);
      paint(*background_, mask, L.title.x, y, lut);
      y += h;
    }
  }
  shared_sprites_ = sprites != nullptr;
  sprites_ = shared_sprites_ ? std::move(sprites)
                             : std::make_shared<TileSprites>(theme_, palette_, layout_,
                                                             shape.cells(), *glyphs_);
}

void FrameRenderer::draw_tray(gdImage& bg) {
  const Rect& t = layout_.tray;
  const double r = layout_.radius + (layout_.board_x - t.x);
  const auto board = static_cast<unsigned char>(quantizer_.index(theme_.board));
  // Antialiased edge pixels from each end of a row until the tray is fully covered; the run in
  // between is plain board colour.
  auto edge = [&](int px, int py) {
    const double cov =
        edge_coverage(rounded_rect_distance(px + 0.5, py + 0.5, t.x, t.y, t.x + t.w, t.y + t.h, r));
    if (cov > 0) {
      bg.pixels[py][px] = static_cast<unsigned char>(
          cov >= 1 ? board : quantizer_.index(mix(theme_.canvas, theme_.board, cov)));
    }
    return cov >= 1;
  };
  for (int py = t.y; py < t.y + t.h; ++py) {
    int x0 = t.x, x1 = t.x + t.w - 1;
    while (x0 <= x1 && !edge(x0, py)) ++x0;
    while (x1 > x0 && !edge(x1, py)) --x1;
    if (x1 > x0 + 1)
      std::memset(bg.pixels[py] + x0 + 1, board, static_cast<std::size_t>(x1 - x0 - 1));
  }
}

FrameRenderer::Shades FrameRenderer::shades(Rgb bg, Rgb fg) {
  // 64 levels are finer than the palette's blends between any two colours (16 at most), and
  // a quarter of the nearest-colour searches.
  Shades lut{};
  for (int a = 0; a < 256; ++a) {
    const int level = (a * 63 + 127) / 255;
    lut[static_cast<std::size_t>(a)] =
        static_cast<std::uint8_t>(quantizer_.index(mix(bg, fg, level / 63.0)));
  }
  return lut;
}

void FrameRenderer::paint(gdImage& im, const CoverageMask& mask, int x, int y, const Shades& lut) {
  for (int my = mask.ink_top; my < mask.ink_bottom; ++my) {
    const std::uint8_t* from = mask.row(my);
    unsigned char* to = im.pixels[y + my] + x;
    for (int mx = mask.ink_left; mx < mask.ink_right; ++mx) {
      if (from[mx] != 0) to[mx] = lut[from[mx]];
    }
  }
}

void FrameRenderer::draw_centered(CoverageMask& mask, double pt, const std::string& text) {
  draw_line(mask, pt, centred_pen_x(mask.width, pt, text), text);
}

int FrameRenderer::centred_pen_x(int width, double pt, const std::string& text) {
  const TextBox box = glyphs_->measure(pt, text);
  return (width - box.width()) / 2 - box.left;
}

void FrameRenderer::draw_line(CoverageMask& mask, double pt, int x, const std::string& text) {
  // Centre on the cap height, not on this string's ink, so captions do not jump vertically.
  const TextBox cap = glyphs_->measure(pt, "H");
  const int baseline = (mask.height + cap.height()) / 2 - cap.bottom;
  glyphs_->draw(mask, pt, x, baseline, text);
}

GdImage FrameRenderer::new_frame() const {
  auto frame = make_palette_image(layout_.width, layout_.height, palette_, 0);
  for (int y = 0; y < layout_.height; ++y) {
    std::memcpy(frame->pixels[y], background_->pixels[y], static_cast<std::size_t>(layout_.width));
  }
  return frame;
}

void FrameRenderer::draw_board(gdImage& frame, const Board& board) const {
  for (int cell = 0; cell < board.cells(); ++cell) draw_cell(frame, cell, board.at(cell));
}

void FrameRenderer::draw_cell(gdImage& frame, int cell, int tile) const {
  const Rect r = cell_rect(cell);
  copy_sprite(frame, sprites_->fixed(tile), r.x, r.y);
  draw_note(frame, tile, cell, r.x, r.y);
}

void FrameRenderer::use_notes(TileNote note, const Board& goal) {
  notes_.clear();
  note_masks_.clear();
  if (note == TileNote::None) return;
  const int cells = goal.cells();
  note_cells_ = cells;
  std::vector<int> home(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) home[goal.at(c)] = c;
  notes_.resize(static_cast<std::size_t>(cells) * static_cast<std::size_t>(cells));
  int most = 0;
  for (int tile = 1; tile < cells; ++tile) {
    const int h = home[static_cast<std::size_t>(tile)];
    for (int c = 0; c < cells; ++c) {
      const int manhattan = std::abs(c / cols_ - h / cols_) + std::abs(c % cols_ - h % cols_);
      const int value = note == TileNote::Manhattan ? manhattan : (c == h ? 0 : 1);
      notes_[static_cast<std::size_t>(tile * cells + c)] = value;
      most = std::max(most, value);
    }
  }
  // Small, in the digits' colour over the top of the face, in the colours sliding tiles use.
  const double pt = std::max(kMinTextPx * kPointsPerPixel * 0.6, layout_.digit_pt * 0.36);
  const TextBox cap = glyphs_->measure(pt, "0");
  for (int v = 0; v <= most; ++v) {
    const std::string text = std::to_string(v);
    const TextBox box = glyphs_->measure(pt, text);
    CoverageMask mask(box.width() + 2, cap.height() + 2);
    glyphs_->draw(mask, pt, 1 - box.left, 1 + cap.height() - cap.bottom, text);
    note_masks_.push_back(std::move(mask));
  }
  Quantizer on_tiles(palette_, /*front_only=*/true);
  for (int a = 0; a < 256; ++a) {
    const int level = (a * 63 + 127) / 255;
    note_shades_[static_cast<std::size_t>(a)] =
        static_cast<std::uint8_t>(on_tiles.index(mix(theme_.face_top, theme_.digit, level / 63.0)));
  }
}

void FrameRenderer::draw_note(gdImage& frame, int tile, int cell, int x, int y) const {
  if (notes_.empty() || tile == 0) return;
  const int value = notes_[static_cast<std::size_t>(tile * note_cells_ + cell)];
  const CoverageMask& mask = note_masks_[static_cast<std::size_t>(value)];
  const int pad = layout_.inset + std::max(2, layout_.tile_px / 16);
  paint(frame, mask, x + layout_.tile_px - pad - mask.width, y + pad, note_shades_);
}

void FrameRenderer::draw_marked_cell(gdImage& frame, int cell, int tile) const {
  draw_cell(frame, cell, tile);
  const Rect r = cell_rect(cell);
  if (mark_ && tile != 0) copy_sprite(frame, *mark_, r.x, r.y);
}

void FrameRenderer::draw_slide(gdImage& frame, int from, int to, int tile, double t) {
  const Sliding one{from, to, tile};
  draw_slides(frame, {&one, 1}, t);
}

void FrameRenderer::draw_slides(gdImage& frame, std::span<const Sliding> tiles, double t) {
  for (const Sliding& s : tiles) {
    draw_cell(frame, s.from, 0);
    draw_cell(frame, s.to, 0);
  }
  for (const Sliding& s : tiles) {
    const Rect a = cell_rect(s.from), b = cell_rect(s.to);
    const int x = static_cast<int>(std::lround(a.x + (b.x - a.x) * t));
    const int y = static_cast<int>(std::lround(a.y + (b.y - a.y) * t));
    copy_sprite(frame, sprites_->floating(s.tile, *glyphs_), x, y);
    draw_note(frame, s.tile, s.from, x, y);
    if (mark_) copy_sprite(frame, *mark_, x, y);
  }
}

void FrameRenderer::use_mark() {
  // A ring just inside the tile's face (a picture's whole square): where a sliding tile is drawn
  // anyway, so marking adds no changed pixels to a frame.
  const int s = layout_.tile_px;
  const double w = std::max(2.0, std::round(s * 0.05));
  mark_ = make_palette_image(s, s, palette_, palette_.transparent());
  gdImageColorTransparent(mark_.get(), palette_.transparent());
  if (picture_) {
    // Over a picture: a dark line outside a light one, seen on any colours.
    const auto dark = static_cast<unsigned char>(quantizer_.index(theme_.digit));
    const auto light = static_cast<unsigned char>(quantizer_.index(theme_.face_top));
    const int half = static_cast<int>(w) / 2 + 1;
    for (int y = 0; y < s; ++y) {
      for (int x = 0; x < s; ++x) {
        const int edge = std::min(std::min(x, y), std::min(s - 1 - x, s - 1 - y));
        if (edge < half)
          mark_->pixels[y][x] = dark;
        else if (edge < 2 * half)
          mark_->pixels[y][x] = light;
      }
    }
    return;
  }
  // Over a numbered tile's face (its geometry as tile_sprites.cpp draws it): the digits' colour,
  // antialiased into the face's gradient, in the colours sliding tiles are drawn with.
  Quantizer on_tiles(palette_, /*front_only=*/true);
  const double x0 = layout_.inset, y0 = layout_.inset, x1 = s - layout_.inset;
  const double lip = std::max(1.0, std::round(s * 0.06));
  const double y1 = s - layout_.inset - lip;
  for (int py = 0; py < s; ++py) {
    const double cy = py + 0.5;
    const Rgb face = mix(theme_.face_top, theme_.face_bottom, (cy - y0) / (y1 - y0));
    for (int px = 0; px < s; ++px) {
      const double d = rounded_rect_distance(px + 0.5, cy, x0, y0, x1, y1, layout_.radius);
      const double cov = edge_coverage(std::abs(d + 1 + w / 2) - w / 2);
      if (cov > 0 && d < -0.5)
        mark_->pixels[py][px] =
            static_cast<unsigned char>(on_tiles.index(mix(face, theme_.digit, cov)));
    }
  }
}

void FrameRenderer::draw_caption(gdImage& frame, const std::string& text) {
  if (layout_.caption.h == 0) return;  // no captions
  draw_caption(frame, text, centred_pen_x(layout_.caption.w, layout_.caption_pt, text));
}

int FrameRenderer::caption_pen_x(const std::vector<std::string>& texts) {
  if (layout_.caption.h == 0) return 0;  // no captions
  const std::string* widest = nullptr;
  int widest_w = -1;
  for (const auto& t : texts) {
    if (const int w = glyphs_->measure(layout_.caption_pt, t).width(); w > widest_w) {
      widest = &t, widest_w = w;
    }
  }
  return widest ? centred_pen_x(layout_.caption.w, layout_.caption_pt, *widest) : 0;
}

void FrameRenderer::draw_caption(gdImage& frame, const std::string& text, int pen_x) {
  // Straight into the frame: the animation draws each caption once, when it changes.
  const Rect& band = layout_.caption;
  if (band.h == 0) return;  // no captions
  if (!caption_shades_) {
    caption_shades_ = shades(theme_.canvas, theme_.caption);
    (*caption_shades_)[0] = static_cast<std::uint8_t>(canvas_index_);  // no ink: the canvas
  }
  CoverageMask mask(band.w, band.h);
  draw_line(mask, layout_.caption_pt, pen_x, text);
  // Every pixel of the band is written once, through the shades, without a branch per pixel:
  // captions are drawn for each move, and the ink's ragged edges defeat branch prediction.
  const auto& lut = *caption_shades_;
  for (int my = 0; my < band.h; ++my) {
    unsigned char* to = frame.pixels[band.y + my] + band.x;
    if (my < mask.ink_top || my >= mask.ink_bottom) {
      std::memset(to, canvas_index_, static_cast<std::size_t>(band.w));
      continue;
    }
    const std::uint8_t* from = mask.row(my);
    for (int mx = 0; mx < band.w; ++mx) to[mx] = lut[from[mx]];
  }
}

}  // namespace slidegif::detail
