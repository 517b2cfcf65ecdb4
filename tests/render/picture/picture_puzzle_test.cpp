// Picture puzzles, checked by decoding the GIF with giflib: each frame's cells hold the
// picture's pieces where the solver's moves put them, the blank is empty until the last frame,
// which shows the fitted picture closely (PSNR >= 30 dB). Also with tweens, a theme, another
// shape, numbers and dithering.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "gif_decoder.hpp"
#include "render/animation/animation.hpp"
#include "render/animation/animation_layout.hpp"
#include "render/look/theme.hpp"
#include "render/picture/picture_art.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "slidegif/picture.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

Picture sample_picture(const std::string& name) {
  const std::string s =
      testing::read_file(std::string(SLIDEGIF_SOURCE_DIR "/samples/pictures/") + name);
  return decode_picture(name, std::vector<std::uint8_t>(s.begin(), s.end()), {});
}

struct Case {
  std::string start, moves;
  int tile, tween;
  std::string theme;
  bool numbers, dither;
};

class PicturePuzzle : public ::testing::TestWithParam<Case> {};

// The outline drawn round each piece (frame_renderer_picture.cpp) is no part of the picture.
int outline_px(int tile_px) {
  return std::max(1, static_cast<int>(std::lround(tile_px / 60.0)));
}

// Mean squared error per channel between the frame's cell `cell` and the fitted picture's piece
// at goal cell `piece`, inside the piece's outline.
double cell_mse(const testing::DecodedGif& gif, int frame, const FrameLayout& l, int cols,
                const std::vector<Rgb>& fitted, int cell, int piece) {
  const int s = l.tile_px, w = cols * s, in = outline_px(s);
  const Rect r = l.cell(cell / cols, cell % cols);
  const int px = (piece % cols) * s, py = (piece / cols) * s;
  double sum = 0;
  for (int y = in; y < s - in; ++y) {
    for (int x = in; x < s - in; ++x) {
      const testing::Color c = gif.pixel(frame, r.x + x, r.y + y);
      const Rgb f = fitted[static_cast<std::size_t>((py + y) * w + px + x)];
      sum += (c.r - f.r) * (c.r - f.r) + (c.g - f.g) * (c.g - f.g) + (c.b - f.b) * (c.b - f.b);
    }
  }
  return sum / (3.0 * (s - 2 * in) * (s - 2 * in));
}

TEST_P(PicturePuzzle, CellsArePiecesInSolverOrderAndTheLastFrameIsThePicture) {
  const Case& c = GetParam();
  const Board start = parse_board(c.start);
  const auto moves = moves_from_string(c.moves);
  AnimationOptions o;
  o.font = testing::test_font();
  o.picture = sample_picture("mosaic.png");
  o.tile_px = c.tile;
  o.tween = c.tween;
  o.theme = c.theme;
  o.numbers = c.numbers;
  o.dither = c.dither;
  const Animation a = render_animation(start, moves, o);
  const auto gif = testing::DecodedGif::decode(a.bytes);
  const FrameLayout l = animation_layout(start, moves, o);
  const Shape shape = start.shape();
  const std::vector<Rgb> fitted = fit_picture(o.picture, shape.cols * c.tile, shape.rows * c.tile);
  Board goal = start;
  for (const Move m : moves) goal.apply(m);
  std::vector<int> goal_cell(static_cast<std::size_t>(shape.cells()));
  for (int cell = 0; cell < shape.cells(); ++cell)
    goal_cell[static_cast<std::size_t>(goal.at(cell))] = cell;

  Board board = start;
  for (std::size_t k = 0; k <= moves.size(); ++k) {
    const int frame = static_cast<int>(k) * (c.tween + 1);
    const bool last = k == moves.size();
    for (int cell = 0; cell < shape.cells(); ++cell) {
      const int tile = board.at(cell);
      if (tile == 0 && !last) continue;
      // The expected piece fits best among all pieces (numbers cover a corner: allow for it).
      const double want = cell_mse(gif, frame, l, shape.cols, fitted, cell,
                                   goal_cell[static_cast<std::size_t>(tile)]);
      for (int other = 0; other < shape.cells(); ++other) {
        if (other == goal_cell[static_cast<std::size_t>(tile)]) continue;
        EXPECT_LT(want, cell_mse(gif, frame, l, shape.cols, fitted, cell, other))
            << "frame " << frame << " cell " << cell;
      }
      EXPECT_LT(want, c.numbers ? 1500.0 : 200.0) << "frame " << frame << " cell " << cell;
    }
    if (!last) board.apply(moves[k]);
  }
  // Each piece is outlined in the tray's colour, so the finished picture shows its tiles.
  const Rgb board_rgb = find_theme(c.theme).board;
  const testing::Color line{board_rgb.r, board_rgb.g, board_rgb.b};
  for (int cell = 0; cell < shape.cells(); ++cell) {
    const Rect r = l.cell(cell / shape.cols, cell % shape.cols);
    EXPECT_EQ(gif.pixel(gif.frame_count() - 1, r.x + r.w / 2, r.y), line) << "cell " << cell;
    EXPECT_EQ(gif.pixel(gif.frame_count() - 1, r.x + r.w - 1, r.y + r.h / 2), line)
        << "cell " << cell;
  }
  if (c.numbers) return;
  // The last frame against the fitted picture, over the whole board.
  double sum = 0;
  for (int cell = 0; cell < shape.cells(); ++cell) {
    sum += cell_mse(gif, gif.frame_count() - 1, l, shape.cols, fitted, cell, cell);
  }
  const double psnr = 10 * std::log10(255.0 * 255.0 / (sum / shape.cells()));
  EXPECT_GE(psnr, 30.0);
  RecordProperty("psnr_db", std::to_string(psnr));
  std::printf("PSNR of the last frame: %.1f dB\n", psnr);
}

INSTANTIATE_TEST_SUITE_P(Shapes, PicturePuzzle,
                         ::testing::Values(Case{"867254301", "UULDDRRUULDLDRRUULDLDRRUULLDDRR", 40,
                                                0, "classic", false, false},
                                           Case{"123456708", "R", 50, 3, "dark", false, true},
                                           Case{"1,2,3,4/5,6,0,8/9,10,7,11", "DR", 32, 2, "mint",
                                                false, false},
                                           Case{"867254301", "UULDDRRUULDLDRRUULDLDRRUULLDDRR", 48,
                                                1, "classic", true, false}));

// A picture quantised to 255 colours keeps its transparent slot at 127, with the theme's colours
// and whole pieces' colours below it, so that frames moving those pieces code with 7-bit
// literals; the slot is no pixel of the picture.
TEST(PictureArt, TheTransparentSlotSitsAt127) {
  const Theme& theme = find_theme("classic");
  const PictureArt art = make_picture_art(sample_picture("sunset.png"), {3, 3}, 80, theme, false);
  ASSERT_EQ(art.palette.size(), 256);
  EXPECT_EQ(art.palette.transparent(), 127);
  EXPECT_EQ(std::count(art.indices.begin(), art.indices.end(), 127), 0);
  EXPECT_LT(art.palette.nearest(theme.blank), 127);
  int low_pieces = 0;
  for (int piece = 0; piece < 9; ++piece) {
    int top = 0;
    for (int y = piece / 3 * 80; y < piece / 3 * 80 + 80; ++y) {
      for (int x = piece % 3 * 80; x < piece % 3 * 80 + 80; ++x)
        top = std::max<int>(top, art.indices[static_cast<std::size_t>(y) * 240 + x]);
    }
    low_pieces += top < 127;
  }
  EXPECT_GE(low_pieces, 2);
}

// Reordered, every pixel keeps its colour and the transparent slot goes after the colours.
TEST(PictureArt, ReorderedColoursKeepEveryPixel) {
  const Theme& theme = find_theme("classic");
  PictureArt art = make_picture_art(sample_picture("sunset.png"), {3, 3}, 40, theme, false);
  const PictureArt before = art;
  std::vector<std::uint8_t> order;
  for (int i = art.palette.size() - 1; i >= 0; --i) {
    if (i != art.palette.transparent()) order.push_back(static_cast<std::uint8_t>(i));
  }
  reorder_colours(art, order);
  EXPECT_EQ(art.palette.transparent(), art.palette.size() - 1);
  ASSERT_EQ(art.indices.size(), before.indices.size());
  for (std::size_t i = 0; i < art.indices.size(); ++i) {
    ASSERT_EQ(art.palette[art.indices[i]], before.palette[before.indices[i]]) << "pixel " << i;
  }
  order.pop_back();
  EXPECT_THROW(reorder_colours(art, order), Error);  // a colour without a place
  order.push_back(order.front());
  EXPECT_THROW(reorder_colours(art, order), Error);  // a colour twice
}

// gifsicle -O3 finds little to improve on a picture puzzle either: pieces only move, and the
// GIF's palette is ordered for its frames (render/gif/colour_census.hpp), so that some code
// with 6-bit codes though the picture has 255 colours.
// (tween, with numbers)
class PicturePuzzleSize : public ::testing::TestWithParam<std::pair<int, bool>> {};

TEST_P(PicturePuzzleSize, GifsicleSavesUnderOnePercent) {
  const char* gifsicle = "/usr/bin/gifsicle";
  if (!std::filesystem::exists(gifsicle)) GTEST_SKIP() << "gifsicle not installed";
  AnimationOptions o;
  o.font = testing::test_font();
  o.picture = sample_picture("sunset.png");
  o.tween = GetParam().first;
  o.numbers = GetParam().second;
  const Animation a = render_animation(parse_board("867254301"),
                                       moves_from_string("UULDDRRUULDLDRRUULDLDRRUULLDDRR"), o);
  const std::vector<int> sizes = testing::lzw_code_sizes(a.bytes);
  if (o.tween > 0 &&
      !o.numbers) {  // tween frames show a piece's part: fewer colours than whole pieces
    EXPECT_GE(std::count_if(sizes.begin(), sizes.end(), [](int bits) { return bits <= 6; }), 5);
  }
  testing::TempDir dir;
  const std::string in = dir.file("in.gif"), out = dir.file("out.gif");
  std::ofstream(in, std::ios::binary)
      .write(reinterpret_cast<const char*>(a.bytes.data()),
             static_cast<std::streamsize>(a.bytes.size()));
  const std::string cmd = std::string(gifsicle) + " -O3 '" + in + "' -o '" + out + "'";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const auto before = std::filesystem::file_size(in), after = std::filesystem::file_size(out);
  const double saving = 1.0 - double(after) / double(before);
  std::printf("gifsicle -O3: %ju -> %ju bytes (%.1f%% saved)\n",
              static_cast<std::uintmax_t>(before), static_cast<std::uintmax_t>(after),
              100 * saving);
  EXPECT_LT(saving, 0.01) << before << " -> " << after << " bytes";
}

INSTANTIATE_TEST_SUITE_P(Tweens, PicturePuzzleSize,
                         ::testing::Values(std::pair{0, false}, std::pair{3, false},
                                           std::pair{3, true}));

}  // namespace
}  // namespace slidegif::detail
