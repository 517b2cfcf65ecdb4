// The frame layout and FrameRenderer on their own, pixel by pixel in palette indices: where the
// layout puts things, and what each drawing call changes (only its cell, its band, its two
// cells) and leaves there.

#include "render/animation/frame_renderer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "render/look/frame_layout.hpp"
#include "render/look/theme.hpp"
#include "render/pixels/image.hpp"
#include "render/text/text.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

const std::vector<std::string> kCaptions = {"Start — 2 moves to go", "Step 1 / 2 — tile 6 moves up",
                                            "Step 2 / 2 — tile 8 moves left", "Solved in 2 moves"};

std::string str(const Rect& r) {
  return std::to_string(r.x) + "," + std::to_string(r.y) + " " + std::to_string(r.w) + "x" +
         std::to_string(r.h);
}

bool contains(const Rect& outer, const Rect& inner) {
  return inner.empty() ||
         (inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
          inner.y + inner.h <= outer.y + outer.h);
}

// ---- FrameLayout ------------------------------------------------------------------------------

void expect_layout_invariants(const FrameLayout& l, Shape shape, int tile_px,
                              const FrameText& text) {
  const std::string where = std::to_string(shape.rows) + "x" + std::to_string(shape.cols) +
                            " tile " + std::to_string(tile_px) +
                            (text.title.empty() ? "" : " titled");
  SCOPED_TRACE(where);
  EXPECT_EQ(l.tile_px, tile_px);
  EXPECT_GT(l.inset, 0);
  EXPECT_LT(2 * (l.inset + l.radius), tile_px) << "a tile's face has a flat middle";
  const Rect frame{0, 0, l.width, l.height};
  const Rect board{l.board_x, l.board_y, shape.cols * tile_px, shape.rows * tile_px};
  EXPECT_TRUE(contains(frame, l.tray)) << str(l.tray);
  EXPECT_TRUE(contains(l.tray, board)) << str(board) << " in " << str(l.tray);
  EXPECT_LE(std::abs(l.tray.x - (l.width - l.tray.x - l.tray.w)), 1) << "the tray is centred";
  for (int r = 0; r < shape.rows; ++r) {
    for (int c = 0; c < shape.cols; ++c) {
      const Rect cell = l.cell(r, c);
      EXPECT_EQ(cell.w, tile_px);
      EXPECT_EQ(cell.h, tile_px);
      EXPECT_TRUE(contains(board, cell)) << r << "," << c;
      if (c > 0) {
        EXPECT_EQ(cell.x, l.cell(r, c - 1).x + tile_px) << "cells touch";
      }
      if (r > 0) {
        EXPECT_EQ(cell.y, l.cell(r - 1, c).y + tile_px) << "cells touch";
      }
    }
  }
  // The caption band spans the frame under the tray; the title, if any, sits above it.
  EXPECT_EQ(l.caption.x, 0);
  EXPECT_EQ(l.caption.w, l.width);
  EXPECT_GE(l.caption.y, l.tray.y + l.tray.h);
  EXPECT_TRUE(contains(frame, l.caption)) << str(l.caption);
  EXPECT_EQ(l.title.empty(), text.title.empty());
  if (!text.title.empty()) {
    EXPECT_TRUE(contains(frame, l.title)) << str(l.title);
    EXPECT_LE(l.title.y + l.title.h, l.tray.y);
  }
  // Text fits where it goes, never below the readable size; a title in lines.
  GlyphCache glyphs(text.font);
  EXPECT_GE(l.caption_pt, kMinTextPx * kPointsPerPixel - 1e-9);
  for (const auto& caption : text.captions)
    EXPECT_LE(glyphs.measure(l.caption_pt, caption).width(), l.caption.w) << caption;
  if (!text.title.empty()) {
    EXPECT_GE(l.title_pt, kMinTextPx * kPointsPerPixel - 1e-9);
    for (const auto& line : l.title_lines)
      EXPECT_LE(glyphs.measure(l.title_pt, line).width(), l.width) << line;
  }
  const std::string widest_label = std::to_string(shape.cells() - 1);
  EXPECT_LE(glyphs.measure(l.digit_pt, widest_label).width(), tile_px - 2 * l.inset);
}

TEST(FrameLayout, CellsTrayAndBandsFitTogether) {
  for (const Shape shape : {Shape{3, 3}, Shape{4, 4}, Shape{2, 5}, Shape{5, 2}, Shape{8, 8}}) {
    for (const int tile : {16, 33, 48, 80, 256}) {
      for (const std::string title : {"", "A title"}) {
        const FrameText text{testing::test_font(), title, kCaptions};
        expect_layout_invariants(compute_layout(shape, tile, text), shape, tile, text);
      }
    }
  }
}

TEST(FrameLayout, LongTextWidensTheFrameOnlyPastTheMinimumSize) {
  const Shape shape{3, 3};
  const auto font = testing::test_font();
  const FrameLayout short_a = compute_layout(shape, 40, {font, "", {"a"}});
  const FrameLayout short_b = compute_layout(shape, 40, {font, "", {"Solved in 2 moves"}});
  EXPECT_EQ(short_a.width, short_b.width) << "short captions leave the frame as the board makes it";
  const std::string long_caption(120, 'W');
  const FrameText text{font, "", {long_caption}};
  const FrameLayout wide = compute_layout(shape, 40, text);
  EXPECT_DOUBLE_EQ(wide.caption_pt, kMinTextPx * kPointsPerPixel);
  EXPECT_TRUE(wide.captions_too_wide);
  EXPECT_FALSE(short_b.captions_too_wide);
  EXPECT_GT(wide.width, short_a.width);
  expect_layout_invariants(wide, shape, 40, text);
}

TEST(FrameLayout, ALongTitleWrapsAtAReadableSizeWithinTheBoard) {
  const Shape shape{3, 3};
  const auto font = testing::test_font();
  const FrameLayout plain = compute_layout(shape, 40, {font, "", {"a"}});
  const std::string title = "A title of many words that a board of three small tiles cannot hold";
  const FrameText text{font, title, {"a"}};
  const FrameLayout l = compute_layout(shape, 40, text);
  EXPECT_EQ(l.width, plain.width) << "wrapped, the title leaves the frame as the board makes it";
  ASSERT_GT(l.title_lines.size(), 1U);
  EXPECT_GE(l.title_pt, kMinTextPx * kPointsPerPixel - 1e-9);
  GlyphCache glyphs(font);
  std::string joined;
  for (const auto& line : l.title_lines) {
    EXPECT_LE(glyphs.measure(l.title_pt, line).width(), l.width) << line;
    joined += (joined.empty() ? "" : " ") + line;
  }
  EXPECT_EQ(joined, title) << "every word, in order, broken at spaces";
  expect_layout_invariants(l, shape, 40, text);
  // Han text has no spaces: it breaks between characters.
  const auto han = wrap_text(glyphs, 12.0, "八数码难题最优解八数码难题最优解", 60);
  EXPECT_GT(han.size(), 1U);
}

TEST(FrameLayout, NoCaptionsNoBand) {
  const FrameLayout l = compute_layout({3, 3}, 40, {testing::test_font(), "", {"", ""}});
  EXPECT_EQ(l.caption.h, 0);
  EXPECT_LT(l.height, compute_layout({3, 3}, 40, {testing::test_font(), "", {"a"}}).height);
}

TEST(FrameLayout, NoFontIsARenderError) {
  try {
    compute_layout({3, 3}, 48, {Font(), "", kCaptions});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Render) << e.what();
  }
}

// ---- FrameRenderer ----------------------------------------------------------------------------

// A 3x3 renderer in the classic theme, 48 px tiles.
struct Scene {
  explicit Scene(std::string title = "")
      : renderer(shape, theme, palette, {testing::test_font(), std::move(title), kCaptions}, 48) {}
  int index(Rgb c) const { return palette.nearest(c); }  // theme colours are exact entries
  GdImage copy(const gdImage& im) const { return copy_palette_image(im, palette); }
  const FrameLayout& layout() const { return renderer.layout(); }

  Shape shape{3, 3};
  const Theme& theme = find_theme("classic");
  Palette palette = make_palette(theme);
  FrameRenderer renderer;
};

// The smallest rectangle holding every pixel where a and b differ (empty if none).
Rect changed(const gdImage& a, const gdImage& b) {
  Rect box;
  for (int y = 0; y < a.sy; ++y) {
    for (int x = 0; x < a.sx; ++x) {
      if (a.pixels[y][x] != b.pixels[y][x]) box = unite(box, {x, y, 1, 1});
    }
  }
  return box;
}

// Whether the w x h pixels at (ax, ay) in a equal those at (bx, by) in b.
bool same_block(const gdImage& a, int ax, int ay, const gdImage& b, int bx, int by, int w, int h) {
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (a.pixels[ay + y][ax + x] != b.pixels[by + y][bx + x]) return false;
    }
  }
  return true;
}

int count(const gdImage& im, const Rect& r, int index) {
  int n = 0;
  for (int y = r.y; y < r.y + r.h; ++y) {
    for (int x = r.x; x < r.x + r.w; ++x) n += im.pixels[y][x] == index ? 1 : 0;
  }
  return n;
}

// The middle of a tile's face, away from its rounded corners, lip and shadow: the same pixels
// whether the tile sits in its cell or floats over a well.
Rect face_middle(const FrameLayout& l, const Rect& cell) {
  const int m = l.inset + l.radius + std::max(1, static_cast<int>(std::lround(l.tile_px * 0.06)));
  return {cell.x + m, cell.y + m, cell.w - 2 * m, cell.h - 2 * m};
}

TEST(FrameRenderer, NewFrameIsCanvasTrayAndTitle) {
  for (const std::string title : {"", "A title"}) {
    const Scene s(title);
    const auto frame = s.renderer.new_frame();
    const FrameLayout& l = s.layout();
    ASSERT_EQ(frame->sx, l.width);
    ASSERT_EQ(frame->sy, l.height);
    const int canvas = s.index(s.theme.canvas), board = s.index(s.theme.board);
    // Outside the tray and the title: canvas only (the caption band starts empty).
    int ink = 0;
    for (int y = 0; y < l.height; ++y) {
      for (int x = 0; x < l.width; ++x) {
        const Rect p{x, y, 1, 1};
        if (contains(l.tray, p)) continue;
        if (contains(l.title, p) && !l.title.empty()) {
          ink += frame->pixels[y][x] != canvas ? 1 : 0;
          continue;
        }
        ASSERT_EQ(frame->pixels[y][x], canvas) << title << " at " << x << "," << y;
      }
    }
    EXPECT_EQ(ink > 0, !title.empty()) << "title ink: " << ink;
    // The tray is the board colour away from its rounded corners, cells included.
    const int corner = l.radius + (l.board_x - l.tray.x);
    const Rect cross_h{l.tray.x, l.tray.y + corner, l.tray.w, l.tray.h - 2 * corner};
    const Rect cross_v{l.tray.x + corner, l.tray.y, l.tray.w - 2 * corner, l.tray.h};
    EXPECT_EQ(count(*frame, cross_h, board), cross_h.w * cross_h.h);
    EXPECT_EQ(count(*frame, cross_v, board), cross_v.w * cross_v.h);
    EXPECT_NE(frame->pixels[l.tray.y][l.tray.x], board) << "the tray's corners are rounded";
  }
}

TEST(FrameRenderer, CellsAreWhereTheLayoutSays) {
  Scene s;
  const FrameLayout& l = s.layout();
  const auto empty = s.renderer.new_frame();
  for (int cell = 0; cell < s.shape.cells(); ++cell) {
    ASSERT_EQ(str(s.renderer.cell_rect(cell)), str(l.cell(cell / 3, cell % 3)));
    for (const int tile : {0, 1, 8}) {
      auto frame = s.copy(*empty);
      s.renderer.draw_cell(*frame, cell, tile);
      const Rect d = changed(*empty, *frame);
      EXPECT_FALSE(d.empty()) << "tile " << tile << " in cell " << cell << " drew nothing";
      EXPECT_TRUE(contains(s.renderer.cell_rect(cell), d))
          << "tile " << tile << " in cell " << cell << " drew " << str(d);
    }
  }
}

TEST(FrameRenderer, DrawingACellReplacesWhatWasThere) {
  Scene s;
  const Board goal = Board::standard_goal(s.shape), other = parse_board("867254301");
  auto want = s.renderer.new_frame(), frame = s.renderer.new_frame();
  s.renderer.draw_board(*want, goal);
  s.renderer.draw_board(*frame, other);
  ASSERT_FALSE(changed(*want, *frame).empty());
  for (int cell = 0; cell < goal.cells(); ++cell) s.renderer.draw_cell(*frame, cell, goal.at(cell));
  EXPECT_TRUE(changed(*want, *frame).empty()) << str(changed(*want, *frame));
}

TEST(FrameRenderer, BoardShowsEachTileByItsNumberAndTheBlankAsAWell) {
  Scene s;
  const Board b = parse_board("867254301");
  auto frame = s.renderer.new_frame();
  s.renderer.draw_board(*frame, b);
  const int blank = s.index(s.theme.blank), digit = s.index(s.theme.digit);
  const FrameLayout& l = s.layout();
  std::vector<std::vector<std::uint8_t>> faces;
  for (int cell = 0; cell < b.cells(); ++cell) {
    const Rect r = s.renderer.cell_rect(cell);
    const int cx = r.x + r.w / 2, cy = r.y + r.h / 2;
    if (b.at(cell) == 0) {
      EXPECT_EQ(frame->pixels[cy][cx], blank) << "the well's centre is exactly the blank colour";
      EXPECT_EQ(count(*frame, r, digit), 0);
      continue;
    }
    EXPECT_GT(count(*frame, r, digit), 10) << "tile " << int(b.at(cell)) << " has no number";
    // Tiles differ only by their numbers: the faces' middles tell every tile apart.
    const Rect m = face_middle(l, r);
    std::vector<std::uint8_t> face;
    for (int y = m.y; y < m.y + m.h; ++y)
      face.insert(face.end(), frame->pixels[y] + m.x, frame->pixels[y] + m.x + m.w);
    for (const auto& seen : faces) EXPECT_NE(face, seen) << "tile " << int(b.at(cell));
    faces.push_back(face);
  }
}

// The top right quarter of a cell, where its note goes.
Rect note_corner(const Rect& cell) {
  return {cell.x + cell.w / 2, cell.y, cell.w / 2, cell.h / 2};
}

// The corner's pixels that differ from the same tile's without notes: its note's ink.
std::vector<std::uint8_t> note_ink(const gdImage& with, const gdImage& without, const Rect& r) {
  std::vector<std::uint8_t> ink;
  for (int y = r.y; y < r.y + r.h; ++y) {
    for (int x = r.x; x < r.x + r.w; ++x) {
      ink.push_back(with.pixels[y][x] != without.pixels[y][x] ? with.pixels[y][x] : 0);
    }
  }
  return ink;
}

TEST(FrameRenderer, NotesWriteEachTilesShareOfTheEstimateInItsCorner) {
  Scene plain, noted;
  const Board goal = Board::standard_goal(noted.shape);
  noted.renderer.use_notes(TileNote::Manhattan, goal);
  // 8 6 7 / 2 5 4 / 3 _ 1: Manhattan shares 3 2 4 / 2 0 2 / 4 _ 4 (21 in all, its estimate).
  const Board b = parse_board("867254301");
  const std::vector<int> shares{3, 2, 4, 2, 0, 2, 4, -1, 4};
  auto with = noted.renderer.new_frame(), without = plain.renderer.new_frame();
  noted.renderer.draw_board(*with, b);
  plain.renderer.draw_board(*without, b);
  std::map<int, std::vector<std::uint8_t>> ink_of;
  for (int cell = 0; cell < b.cells(); ++cell) {
    const Rect r = noted.renderer.cell_rect(cell);
    // Only the corner changes.
    const Rect corner = note_corner(r);
    const std::vector<std::uint8_t> ink = note_ink(*with, *without, corner);
    const bool inked = std::any_of(ink.begin(), ink.end(), [](std::uint8_t p) { return p != 0; });
    EXPECT_EQ(inked, shares[static_cast<std::size_t>(cell)] >= 0) << "cell " << cell;
    if (!inked) continue;
    // The same share, the same ink; another share, other ink.
    const int share = shares[static_cast<std::size_t>(cell)];
    for (const auto& [other, seen] : ink_of) {
      if (other == share) EXPECT_EQ(ink, seen) << "cell " << cell;
      if (other != share) EXPECT_NE(ink, seen) << "cell " << cell;
    }
    ink_of.emplace(share, ink);
    // Nothing outside the corner differs.
    for (int y = r.y; y < r.y + r.h; ++y) {
      for (int x = r.x; x < r.x + r.w; ++x) {
        if (!contains(corner, {x, y, 1, 1}))
          ASSERT_EQ(with->pixels[y][x], without->pixels[y][x]) << "cell " << cell;
      }
    }
  }
  EXPECT_EQ(ink_of.size(), 4u);  // shares 0, 2, 3 and 4
  // Misplaced tiles: 1 away from home, 0 at home; at the goal every note is the same.
  Scene misplaced;
  misplaced.renderer.use_notes(TileNote::Misplaced, goal);
  auto at_goal = misplaced.renderer.new_frame(), plain_goal = plain.renderer.new_frame();
  misplaced.renderer.draw_board(*at_goal, goal);
  plain.renderer.draw_board(*plain_goal, goal);
  const auto first = note_ink(*at_goal, *plain_goal, note_corner(misplaced.renderer.cell_rect(0)));
  for (int cell = 1; cell < 8; ++cell) {
    EXPECT_EQ(note_ink(*at_goal, *plain_goal, note_corner(misplaced.renderer.cell_rect(cell))),
              first)
        << "cell " << cell;
  }
  EXPECT_EQ(first, ink_of.at(0)) << "a 0 is a 0";
}

TEST(FrameRenderer, SlideDrawsTheTileBetweenItsTwoCellsOnly) {
  Scene s;
  const FrameLayout& l = s.layout();
  const Board b = parse_board("123456780");
  auto board = s.renderer.new_frame();
  s.renderer.draw_board(*board, b);
  // Tile 8 slides right from cell 7 into the blank cell 8; tile 6 down from cell 5 into 8.
  for (const auto& [from, tile] : {std::pair{7, 8}, std::pair{5, 6}}) {
    const Rect a = s.renderer.cell_rect(from), z = s.renderer.cell_rect(8);
    const Rect fixed = face_middle(l, a);
    for (const double t : {0.0, 0.3, 0.5, 1.0}) {
      SCOPED_TRACE("tile " + std::to_string(tile) + " at " + std::to_string(t));
      auto frame = s.copy(*board);
      s.renderer.draw_slide(*frame, from, 8, tile, t);
      EXPECT_TRUE(contains(unite(a, z), changed(*board, *frame))) << str(changed(*board, *frame));
      // The face, number included, travels unchanged.
      const int dx = static_cast<int>(std::lround((z.x - a.x) * t));
      const int dy = static_cast<int>(std::lround((z.y - a.y) * t));
      EXPECT_TRUE(same_block(*frame, fixed.x + dx, fixed.y + dy, *board, fixed.x, fixed.y, fixed.w,
                             fixed.h));
    }
    // Arrived: the cell it left is a well, as if drawn so.
    auto arrived = s.copy(*board), want = s.copy(*board);
    s.renderer.draw_slide(*arrived, from, 8, tile, 1.0);
    s.renderer.draw_cell(*want, from, 0);
    EXPECT_TRUE(same_block(*arrived, a.x, a.y, *want, a.x, a.y, a.w, a.h));
  }
}

// The columns of the caption band that are not canvas: {first, last}, {w, -1} if none.
std::pair<int, int> ink_columns(const gdImage& frame, const FrameLayout& l, int canvas) {
  int first = l.caption.w, last = -1;
  for (int y = l.caption.y; y < l.caption.y + l.caption.h; ++y) {
    for (int x = 0; x < l.caption.w; ++x) {
      if (frame.pixels[y][l.caption.x + x] != canvas)
        first = std::min(first, x), last = std::max(last, x);
    }
  }
  return {first, last};
}

TEST(FrameRenderer, CaptionsReplaceTheBandAndNothingElse) {
  Scene s;
  const FrameLayout& l = s.layout();
  const int canvas = s.index(s.theme.canvas);
  auto board = s.renderer.new_frame();
  s.renderer.draw_board(*board, Board::standard_goal(s.shape));
  auto frame = s.copy(*board);
  s.renderer.draw_caption(*frame, kCaptions[1]);
  EXPECT_TRUE(contains(l.caption, changed(*board, *frame))) << str(changed(*board, *frame));
  const auto once = s.copy(*frame);
  const auto [first, last] = ink_columns(*once, l, canvas);
  ASSERT_LT(first, last) << "no ink";
  EXPECT_LE(std::abs(first - (l.caption.w - 1 - last)), 1) << "centred on its ink";
  // Another caption, then the first again: the band is redrawn whole each time.
  s.renderer.draw_caption(*frame, kCaptions[2]);
  EXPECT_FALSE(changed(*once, *frame).empty());
  s.renderer.draw_caption(*frame, kCaptions[1]);
  EXPECT_TRUE(changed(*once, *frame).empty()) << str(changed(*once, *frame));
  s.renderer.draw_caption(*frame, "");
  EXPECT_TRUE(changed(*board, *frame).empty()) << "an empty caption leaves canvas";
  // Whatever the band held before is gone, to its last row.
  const int shadow = s.index(s.theme.shadow);
  for (int y = l.caption.y; y < l.caption.y + l.caption.h; ++y)
    std::fill_n(frame->pixels[y] + l.caption.x, l.caption.w, shadow);
  s.renderer.draw_caption(*frame, kCaptions[1]);
  EXPECT_EQ(count(*frame, l.caption, shadow), 0);
  EXPECT_TRUE(changed(*once, *frame).empty()) << str(changed(*once, *frame));
}

TEST(FrameRenderer, CaptionsFromOnePenShareALeftEdge) {
  Scene s;
  const FrameLayout& l = s.layout();
  const int canvas = s.index(s.theme.canvas);
  const std::vector<std::string> steps(kCaptions.begin() + 1, kCaptions.end() - 1);
  const int pen = s.renderer.caption_pen_x(steps);
  std::vector<std::pair<int, int>> ink;
  for (const auto& step : steps) {
    auto frame = s.renderer.new_frame();
    s.renderer.draw_caption(*frame, step, pen);
    ink.push_back(ink_columns(*frame, l, canvas));
    // The same text 3 px further right (within the band's side margin): the same pixels, moved.
    auto moved = s.renderer.new_frame();
    s.renderer.draw_caption(*moved, step, pen + 3);
    const auto [first, last] = ink.back();
    EXPECT_TRUE(same_block(*moved, first + 3, l.caption.y, *frame, first, l.caption.y,
                           last - first + 1, l.caption.h))
        << step;
  }
  EXPECT_EQ(ink[0].first, ink[1].first) << "both start with \"Step\"";
  // The widest of them is centred.
  const auto widest = std::max(ink[0].second - ink[0].first, ink[1].second - ink[1].first) ==
                              ink[0].second - ink[0].first
                          ? ink[0]
                          : ink[1];
  EXPECT_LE(std::abs(widest.first - (l.caption.w - 1 - widest.second)), 1);
}

}  // namespace
}  // namespace slidegif::detail
