// render_animation() checked through an independent decoder (giflib): frame structure, timing,
// looping, palette discipline, and that every key frame shows the right board.

#include "render/animation/animation.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>

#include "gif_decoder.hpp"
#include "render/animation/animation_layout.hpp"
#include "render/look/theme.hpp"
#include "render/text/text.hpp"
#include "run_binary.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

using testing::Color;
using testing::DecodedGif;

// An optimal solution of 867254301 (checked by replaying it in Fixture below).
const char* const kMoves31 = "UULDDRRUULDLDRRUULDLDRRUULLDDRR";

// Unmarked and unpaced: the frames these tests sample show the boards alone, at the delays
// asked for (marking and pacing have tests of their own below).
AnimationOptions options(int tween = 0) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tile_px = 48;
  o.tween = tween;
  o.mark_moving = false;
  o.max_duration_ms = 0;
  return o;
}

struct Fixture {
  Board start = parse_board("867254301");
  std::vector<Move> moves = moves_from_string(kMoves31);
};

Color as_color(Rgb c) {
  return {c.r, c.g, c.b};
}

// Two points per cell: the centre (a digit may cover it) and one near the lower-left corner,
// inside the tile's rounded face but away from the digit, the lip and the well's top shading.
std::vector<std::pair<int, int>> sample_points(const FrameLayout& l, int cell, int cols) {
  const Rect r = l.cell(cell / cols, cell % cols);
  const int off = l.inset + l.radius;
  return {{r.x + r.w / 2, r.y + r.h / 2}, {r.x + off, r.y + r.h - off}};
}

void expect_board(const DecodedGif& gif, int frame, const FrameLayout& layout, const Board& board,
                  Rgb blank) {
  for (int cell = 0; cell < board.cells(); ++cell) {
    for (auto [x, y] : sample_points(layout, cell, board.cols())) {
      const Color c = gif.pixel(frame, x, y);
      if (board.at(cell) == 0) {
        EXPECT_EQ(c, as_color(blank)) << "frame " << frame << " blank cell " << cell << " at " << x
                                      << "," << y << " is " << to_string(c);
      } else {
        EXPECT_NE(c, as_color(blank)) << "frame " << frame << " tile " << int(board.at(cell))
                                      << " in cell " << cell << " looks blank";
      }
    }
  }
}

// The start, then after each step (frames_a_step frames of moves_a_step moves; the last step
// may have fewer moves) the board as the step leaves it.
void expect_key_frames(const DecodedGif& gif, const Fixture& f, const AnimationOptions& o,
                       int frames_a_step, std::size_t moves_a_step) {
  const FrameLayout l = animation_layout(f.start, f.moves, o);
  const Rgb blank = find_theme(o.theme).blank;
  Board b = f.start;
  expect_board(gif, 0, l, b, blank);
  for (std::size_t k = 0; k < f.moves.size(); ++k) {
    b.apply(f.moves[k]);
    if ((k + 1) % moves_a_step != 0 && k + 1 != f.moves.size()) continue;
    expect_board(gif, static_cast<int>(k / moves_a_step + 1) * frames_a_step, l, b, blank);
  }
}

TEST(Animation, SolutionFixtureIsLegalAndSolves) {
  Fixture f;
  Board b = f.start;
  b.apply_all(f.moves);
  EXPECT_EQ(b, Board::standard_goal(b.shape()));
  EXPECT_EQ(f.moves.size(), 31u);
}

TEST(Animation, FrameCountsDelaysAndSize) {
  Fixture f;
  auto o = options();
  o.delay_ms = 500;
  o.first_hold_ms = 1500;
  o.last_hold_ms = 3000;
  const Animation a = render_animation(f.start, f.moves, o);
  const DecodedGif gif = DecodedGif::decode(a.bytes);
  ASSERT_EQ(gif.frame_count(), 32);
  EXPECT_EQ(a.frames, 32);
  EXPECT_EQ(gif.width(), a.width);
  EXPECT_EQ(gif.height(), a.height);
  EXPECT_EQ(gif.delay_cs(0), 150);
  for (int k = 1; k < 31; ++k) EXPECT_EQ(gif.delay_cs(k), 50) << k;
  EXPECT_EQ(gif.delay_cs(31), 300);
  for (int k = 0; k < gif.frame_count(); ++k) EXPECT_EQ(gif.frame(k).disposal, 1) << k;
}

TEST(Animation, SeveralMovesAFrameShowTheBoardAfterEachStep) {
  Fixture f;
  auto o = options(2);  // a step of several moves has no slides
  o.moves_per_frame = 4;
  o.delay_ms = 200;
  const DecodedGif gif = DecodedGif::decode(render_animation(f.start, f.moves, o).bytes);
  ASSERT_EQ(gif.frame_count(), 1 + 8);  // the start, then 31 moves in steps of 4 (the last 3)
  expect_key_frames(gif, f, o, /*frames_a_step=*/1, /*moves_a_step=*/4);
  for (int k = 1; k < 8; ++k) EXPECT_EQ(gif.delay_cs(k), 20) << k;
  EXPECT_EQ(gif.delay_cs(8), o.last_hold_ms / 10);
}

// In the multi-tile metric a run of moves one way is one step: the 31 moves are 20 line moves,
// each tween + 1 frames, the board after each run on its last.
TEST(Animation, MultiTileMovesAreOneStepEach) {
  Fixture f;
  auto o = options(2);
  o.metric = Metric::MultiTile;
  const DecodedGif gif = DecodedGif::decode(render_animation(f.start, f.moves, o).bytes);
  ASSERT_EQ(count_moves(f.moves, Metric::MultiTile), 20);
  ASSERT_EQ(gif.frame_count(), 1 + 20 * 3);
  const FrameLayout l = animation_layout(f.start, f.moves, o);
  const Rgb blank = find_theme(o.theme).blank;
  Board b = f.start;
  expect_board(gif, 0, l, b, blank);
  int step = 0;
  for (const LineMove run : line_moves(f.moves, Metric::MultiTile)) {
    for (int i = 0; i < run.count; ++i) b.apply(run.move);
    expect_board(gif, ++step * 3, l, b, blank);
  }
  EXPECT_EQ(step, 20);
  // Several steps a frame count line moves too: 20 in frames of 4.
  o.moves_per_frame = 4;
  EXPECT_EQ(DecodedGif::decode(render_animation(f.start, f.moves, o).bytes).frame_count(), 1 + 5);
}

// Past the pixels in all, the advice names what would help: fewer sliding frames only when
// there are some (never at tween 0), a smaller tile when one fits.
TEST(Animation, PixelAdviceNeverSuggestsFewerTweensAtNone) {
  RenderLimits limits;
  limits.max_total_pixels = 2'000'000;
  AnimationOptions o;
  o.tile_px = 90;  // 4x4: 129,600 board pixels a frame
  const auto hint = [&](int tween) {
    o.tween = tween;
    try {
      check_animation(o, {4, 4}, 40, limits);
    } catch (const Error& e) {
      return e.hint();
    }
    ADD_FAILURE() << "over the pixel limit at tween " << tween;
    return Error::Hint::None;
  };
  EXPECT_EQ(hint(0), Error::Hint::Tile);  // 41 frames: 5.3 M pixels
  EXPECT_EQ(hint(3), Error::Hint::TileOrTween);
}

// A video's pixels have a limit of their own: a fitted tile shrinks to keep within it, a tile
// asked for past it is refused naming it, and an image format is held to the total alone.
TEST(Animation, VideoHasItsOwnPixelLimit) {
  RenderLimits limits;
  limits.max_video_pixels = 2'000'000;
  const Encoding webm(OutputFormat::Webm), gif(OutputFormat::Gif);
  AnimationOptions asked;
  asked.tile_px = 90;
  asked.tween = 3;
  // 4x4 at tile 90: 129,600 board pixels a frame, 1 + 40 x 4 frames: 20.9 M pixels.
  EXPECT_NO_THROW(check_animation(asked, {4, 4}, 40, limits, false, gif));
  try {
    check_animation(asked, {4, 4}, 40, limits, false, webm);
    ADD_FAILURE() << "a video past its limit was not refused";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("the limit is 2000000 for video"), std::string::npos)
        << e.what();
  }
  AnimationOptions fitting = asked;
  fitting.fit_tile = true;
  EXPECT_NO_THROW(check_animation(fitting, {4, 4}, 40, limits, false, webm));
  const AnimationOptions fitted =
      fitted_options(fitting, {4, 4}, 40, limits_for(limits, webm), false);
  EXPECT_LE(16LL * fitted.tile_px * fitted.tile_px * (1 + 40 * 4), limits.max_video_pixels);
  EXPECT_LT(fitted.tile_px, fitted_options(fitting, {4, 4}, 40, limits, false).tile_px);
  EXPECT_EQ(limits_for(limits, gif).max_total_pixels, limits.max_total_pixels);
}

TEST(Animation, LongAnswersShowSeveralMovesAFrameWithinTheLimits) {
  const RenderLimits limits;
  AnimationOptions o;
  o.fit_tween = true;
  // A 10x10 answer: 1,925 moves at 60 ms would play past a minute; 3 a frame do not.
  AnimationOptions fitted = fitted_options(o, {10, 10}, 1925, limits);
  EXPECT_EQ(fitted.moves_per_frame, 3);
  EXPECT_EQ(fitted.tween, 0);
  const long long frames = animation_frames(1925, 0, 3);
  EXPECT_EQ(frames, 1 + 642);
  EXPECT_LE(o.first_hold_ms + o.last_hold_ms + (frames - 1) * fitted.delay_ms, o.max_duration_ms);
  EXPECT_GE(fitted.delay_ms, kMinPacedDelayMs);
  // Without a duration cap only the frame limit counts: 9,123 moves in frames of 5.
  o.max_duration_ms = 0;
  EXPECT_EQ(fitted_options(o, {16, 16}, 9123, limits).moves_per_frame, 5);
  EXPECT_LE(animation_frames(9123, 0, 5), limits.max_frames);
  // A short answer stays a move a frame, and asked-for slides are kept (the cap then says no).
  EXPECT_EQ(fitted_options(o, {3, 3}, 31, limits).moves_per_frame, 1);
  AnimationOptions pinned;
  pinned.fit_tween = false;
  pinned.tween = 3;
  EXPECT_EQ(fitted_options(pinned, {10, 10}, 1925, limits).moves_per_frame, 1);
  // As asked, whatever the length; outside 1..kMaxMovesPerFrame is bad input.
  o.moves_per_frame = 2;
  EXPECT_EQ(fitted_options(o, {3, 3}, 31, limits).moves_per_frame, 2);
  for (int bad : {-1, kMaxMovesPerFrame + 1}) {
    o.moves_per_frame = bad;
    EXPECT_THROW(check_animation(o, {3, 3}, 31, limits), Error) << bad;
  }
}

TEST(Animation, TweensAddFramesAndSplitTheMoveDelay) {
  Fixture f;
  const int k_tween = 4;
  auto o = options(k_tween);
  o.delay_ms = 600;
  const Animation a = render_animation(f.start, f.moves, o);
  const DecodedGif gif = DecodedGif::decode(a.bytes);
  ASSERT_EQ(gif.frame_count(), 31 * (k_tween + 1) + 1);
  EXPECT_EQ(gif.delay_cs(0), o.first_hold_ms / 10);
  EXPECT_EQ(gif.delay_cs(gif.frame_count() - 1), o.last_hold_ms / 10);
  for (int move = 0; move < 30; ++move) {  // all but the last, whose key frame is the last hold
    int sum = 0;
    for (int i = 1; i <= k_tween + 1; ++i) sum += gif.delay_cs(move * (k_tween + 1) + i);
    EXPECT_EQ(sum, 60) << "move " << move + 1;
  }
  EXPECT_EQ(gif.total_delay_cs(), 150 + 30 * 60 + 30 + 300);
}

TEST(Animation, TweenFramesOnlyTouchTheSlidingTilesCells) {
  Fixture f;
  auto o = options(3);
  const Animation a = render_animation(f.start, f.moves, o);
  const DecodedGif gif = DecodedGif::decode(a.bytes);
  const FrameLayout l = animation_layout(f.start, f.moves, o);
  Board b = f.start;
  const int from = b.target(f.moves[0]), to = b.blank();
  const Rect cells = unite(l.cell(from / 3, from % 3), l.cell(to / 3, to % 3));
  for (int k = 2; k <= 4; ++k) {  // frame 1 also changes the caption
    const auto& fr = gif.frame(k);
    EXPECT_GE(fr.left, cells.x);
    EXPECT_GE(fr.top, cells.y);
    EXPECT_LE(fr.left + fr.width, cells.x + cells.w);
    EXPECT_LE(fr.top + fr.height, cells.y + cells.h);
  }
}

TEST(Animation, KeyFramesShowTheRightBoard) {
  Fixture f;
  for (int tween : {0, 2}) {
    auto o = options(tween);
    o.theme = tween == 0 ? "classic" : "dark";
    const DecodedGif gif = DecodedGif::decode(render_animation(f.start, f.moves, o).bytes);
    expect_key_frames(gif, f, o, tween + 1, 1);
  }
}

TEST(Animation, NonSquareAndLargeBoards) {
  auto o = options();
  o.tile_px = 24;
  const Board big = Board::standard_goal({8, 8});
  // Walk away from the goal, then animate the way back.
  Board start = big;
  start.apply_all(moves_from_string("ULDRUL"));
  std::vector<Move> back;
  for (char c : std::string("ULDRUL")) back.insert(back.begin(), opposite(*move_from_letter(c)));
  const Animation a = render_animation(start, back, o);
  const DecodedGif gif = DecodedGif::decode(a.bytes);
  const FrameLayout l = animation_layout(start, back, o);
  EXPECT_EQ(gif.frame_count(), 7);
  Board b = start;
  b.apply_all(back);
  EXPECT_EQ(b, big);
  expect_board(gif, 6, l, b, find_theme("classic").blank);

  o.tile_px = 40;
  o.theme = "mint";
  const Board wide = parse_board("12345/67890");
  const Animation w = render_animation(wide, moves_from_string("L"), o);
  const DecodedGif wg = DecodedGif::decode(w.bytes);
  const FrameLayout wl = animation_layout(wide, moves_from_string("L"), o);
  EXPECT_GE(wg.width(), 5 * 40);
  EXPECT_GE(wg.height(), 2 * 40);
  EXPECT_EQ(wl.width, wg.width());
  // Its goal is not the standard 12345/67890: a frame of the goal comes first.
  ASSERT_EQ(wg.frame_count(), 3);
  expect_board(wg, 0, wl, wide.after(Move::Left), find_theme("mint").blank);
  expect_board(wg, 1, wl, wide, find_theme("mint").blank);
  expect_board(wg, 2, wl, wide.after(Move::Left), find_theme("mint").blank);
}

TEST(Animation, ImageSizeFollowsTilePx) {
  const Board b = parse_board("1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0");
  auto o = options();
  int last_w = 0;
  // At the smallest tiles the caption, at its smallest readable size, is what sets the width.
  for (int px : {RenderLimits{}.min_tile_px, 32, 64, 100}) {
    o.tile_px = px;
    const Animation a = render_animation(b, {}, o);
    const FrameLayout l = animation_layout(b, {}, o);
    EXPECT_EQ(a.width, l.width);
    EXPECT_EQ(a.height, l.height);
    EXPECT_GE(a.width, 4 * px);
    if (px > 32) {
      EXPECT_GT(a.width, last_w);
    }
    EXPECT_GE(a.width, last_w);
    EXPECT_EQ(l.cell(1, 1).x - l.cell(1, 0).x, px);
    last_w = a.width;
  }
}

TEST(Animation, AlreadySolvedGivesOneFrame) {
  const Board goal = parse_board("123456780");
  const Animation a = render_animation(goal, {}, options());
  const DecodedGif gif = DecodedGif::decode(a.bytes);
  EXPECT_EQ(gif.frame_count(), 1);
  expect_board(gif, 0, animation_layout(goal, {}, options()), goal, find_theme("classic").blank);
}

TEST(Animation, LoopExtension) {
  Fixture f;
  const std::vector<Move> two(f.moves.begin(), f.moves.begin() + 2);
  auto o = options();
  o.loop = 0;
  EXPECT_EQ(DecodedGif::decode(render_animation(f.start, two, o).bytes).loop_count(), 0);
  o.loop = 1;  // one play: no extension at all
  EXPECT_EQ(DecodedGif::decode(render_animation(f.start, two, o).bytes).loop_count(), std::nullopt);
  o.loop = 3;  // three plays: two repeats
  EXPECT_EQ(DecodedGif::decode(render_animation(f.start, two, o).bytes).loop_count(), 2);
}

TEST(Animation, OneGlobalPaletteThatTextNeverGrows) {
  Fixture f;
  const int expected = make_palette(find_theme("classic")).size();
  ASSERT_LE(expected, 256);
  int table = 1;
  while (table < expected) table *= 2;
  // Different digits, captions and a title must not change the palette.
  for (const char* board : {"867254301", "123456780", "812043765"}) {
    const Board start = parse_board(board);
    const std::vector<Move> moves =
        std::string(board) == "867254301" ? f.moves : std::vector<Move>{Move::Up};
    auto o = options();
    o.title = std::string("Puzzle ") + board;
    o.optimal = false;
    const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
    EXPECT_EQ(gif.global_color_count(), table) << board;
    EXPECT_FALSE(gif.any_local_color_map()) << board;
    EXPECT_LE(gif.distinct_colors(), expected - 1) << board;  // the transparent slot is unused
  }
}

// The columns of the caption band holding ink (not the canvas colour) in frame k: {first, last}.
std::pair<int, int> caption_ink(const DecodedGif& gif, int k, const FrameLayout& l, Rgb canvas) {
  int first = l.caption.x + l.caption.w, last = -1;
  for (int y = l.caption.y; y < l.caption.y + l.caption.h; ++y) {
    for (int x = l.caption.x; x < l.caption.x + l.caption.w; ++x) {
      if (gif.pixel(k, x, y) != as_color(canvas))
        first = std::min(first, x), last = std::max(last, x);
    }
  }
  return {first, last};
}

TEST(Animation, StepCaptionsShareALeftEdgeSoOnlyChangedGlyphsRedraw) {
  // Moves 3 and 4 of the fixture read "... moves right" and "... moves up": widths that differ
  // by several pixels, so centring each caption would move "Step" too.
  // Tiles of 80 px leave room for the long captions at a readable size.
  Fixture f;
  auto o = options();
  o.tile_px = 80;
  const DecodedGif gif = DecodedGif::decode(render_animation(f.start, f.moves, o).bytes);
  const FrameLayout l = animation_layout(f.start, f.moves, o);
  const Rgb canvas = find_theme(o.theme).canvas;
  const auto [first3, last3] = caption_ink(gif, 3, l, canvas);
  const auto [first4, last4] = caption_ink(gif, 4, l, canvas);
  ASSERT_GT(last3 - last4, 4) << "the two captions should differ in width";
  EXPECT_EQ(first3, first4);
  // "Step " is drawn identically: every pixel of its columns is the same in both frames.
  GlyphCache glyphs(testing::test_font());
  const int step_w = glyphs.measure(l.caption_pt, "Step").width();
  for (int y = l.caption.y; y < l.caption.y + l.caption.h; ++y) {
    for (int x = first3; x < first3 + step_w; ++x) {
      ASSERT_EQ(gif.pixel(3, x, y), gif.pixel(4, x, y)) << x << "," << y;
    }
  }
  // The start and end captions are each centred on their own ink (to a pixel of rounding).
  for (const int k : {0, gif.frame_count() - 1}) {
    const auto [first, last] = caption_ink(gif, k, l, canvas);
    const int left = first - l.caption.x, right = l.caption.x + l.caption.w - 1 - last;
    EXPECT_LE(std::abs(left - right), 1) << "frame " << k;
  }
}

TEST(Animation, IdenticalFramesAreKeptWithTheirDelay) {
  // Tiny tiles and many tweens: ease-in rounds the first offsets to 0 px, so some tween frames
  // repeat the previous one exactly; they must still be written.
  const Board start = parse_board("123456708");
  auto o = options(RenderLimits{}.max_tween);
  o.tile_px = RenderLimits{}.min_tile_px;
  o.delay_ms = 1700;
  const Animation a = render_animation(start, {Move::Right}, o);
  const DecodedGif gif = DecodedGif::decode(a.bytes);
  ASSERT_EQ(gif.frame_count(), 1 + RenderLimits{}.max_tween + 1);
  int tiny = 0;
  for (int k = 1; k < gif.frame_count(); ++k) tiny += gif.frame(k).width == 1 ? 1 : 0;
  EXPECT_GT(tiny, 0) << "expected at least one unchanged tween frame";
  EXPECT_EQ(gif.total_delay_cs(), (o.first_hold_ms + o.delay_ms / 2 + o.last_hold_ms) / 10);
}

TEST(Animation, BadOptionsThrow) {
  Fixture f;
  auto expect_bad = [&](AnimationOptions o, const char* what) {
    try {
      render_animation(f.start, f.moves, o);
      ADD_FAILURE() << what << " did not throw";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput) << what << ": " << e.what();
    }
  };
  auto o = options();
  o.theme = "neon";
  try {
    render_animation(f.start, f.moves, o);
    ADD_FAILURE() << "unknown theme accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    for (const auto& name : theme_names())
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos);
  }
  // One bad option at a time, everything else the defaults.
  const std::pair<const char*, void (*)(AnimationOptions&)> kBad[] = {
      {"small tile", [](AnimationOptions& x) { x.tile_px = RenderLimits{}.min_tile_px - 1; }},
      {"big tile", [](AnimationOptions& x) { x.tile_px = RenderLimits{}.max_tile_px + 1; }},
      {"negative tween", [](AnimationOptions& x) { x.tween = -1; }},
      {"too many tweens", [](AnimationOptions& x) { x.tween = RenderLimits{}.max_tween + 1; }},
      {"negative delay", [](AnimationOptions& x) { x.delay_ms = -1; }},
      {"negative first hold", [](AnimationOptions& x) { x.first_hold_ms = -1; }},
      {"negative last hold", [](AnimationOptions& x) { x.last_hold_ms = -1; }},
      {"negative loop", [](AnimationOptions& x) { x.loop = -1; }},
  };
  for (const auto& [what, spoil] : kBad) {
    o = options();
    spoil(o);
    expect_bad(o, what);
  }
  EXPECT_THROW(render_animation(f.start, {Move::Down}, options()), Error);  // leaves the board
}

TEST(Animation, FrameAndPixelCapsAreBadInputNamingTheLimit) {
  const RenderLimits limits;
  auto expect_cap = [](const Board& start, const std::vector<Move>& moves,
                       const AnimationOptions& o, const char* limit) {
    try {
      render_animation(start, moves, o);
      ADD_FAILURE() << limit << " not enforced";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput) << e.what();
      EXPECT_NE(std::string(e.what()).find(limit), std::string::npos) << e.what();
    }
  };
  // Back and forth on a 3x3: 1 + 118 * 17 = 2007 frames.
  const Board start = parse_board("123456780");
  std::vector<Move> shuttle;
  for (int i = 0; i < 118; ++i) shuttle.push_back(i % 2 == 0 ? Move::Left : Move::Right);
  auto o = options(RenderLimits{}.max_tween);
  o.delay_ms = 1000;  // long enough for every tween to last kMinTweenMs
  ASSERT_GT(1 + 118 * (limits.max_tween + 1), limits.max_frames);
  expect_cap(start, shuttle, o, "the limit is 2000");
  // Just under the frame cap is fine: 111 moves end off the standard goal, so a goal frame,
  // the start, and 111 * 17 (2 + 1887 = 1889 frames of a small image).
  o.tile_px = RenderLimits{}.min_tile_px;
  const std::vector<Move> fewer(shuttle.begin(), shuttle.begin() + 111);
  EXPECT_EQ(render_animation(start, fewer, o).frames, 2 + 111 * (RenderLimits{}.max_tween + 1));

  // Few frames but huge ones: an 8x8 board of 256 px tiles is over 4 Mpx a frame.
  const Board big = Board::standard_goal({8, 8});
  std::vector<Move> walk;
  for (int i = 0; i < 120; ++i) walk.push_back(i % 2 == 0 ? Move::Up : Move::Down);
  auto p = options();
  p.tile_px = limits.max_tile_px;
  ASSERT_GT(2048LL * 2048 * 121, limits.max_total_pixels);
  expect_cap(big, walk, p, "the limit is 400000000");
}

TEST(Animation, BytesThatAreNoFontAreARenderError) {
  Fixture f;
  auto o = options();
  const std::string readme = testing::read_file(SLIDEGIF_SOURCE_DIR "/README.md");
  o.font = Font("not-a-font.ttf", {readme.begin(), readme.end()});
  try {
    render_animation(f.start, f.moves, o);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Render);
    EXPECT_NE(std::string(e.what()).find("not-a-font.ttf"), std::string::npos) << e.what();
  }
}

TEST(Animation, ThemeNames) {
  const auto names = theme_names();
  ASSERT_GE(names.size(), 2u);
  EXPECT_EQ(names[0], "classic");
  EXPECT_NE(std::find(names.begin(), names.end(), "dark"), names.end());
}

// The bytes gifsicle -O3 saves on `a`, as a fraction.
double gifsicle_saving(const Animation& a) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("slidegif_anim_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto in = dir / "in.gif", out = dir / "out.gif";
  std::ofstream(in, std::ios::binary)
      .write(reinterpret_cast<const char*>(a.bytes.data()),
             static_cast<std::streamsize>(a.bytes.size()));
  const std::string cmd = "/usr/bin/gifsicle -O3 '" + in.string() + "' -o '" + out.string() + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const auto before = std::filesystem::file_size(in), after = std::filesystem::file_size(out);
  std::filesystem::remove_all(dir);
  return 1.0 - double(after) / double(before);
}

// A frame that only slides a tile is drawn in the colours in front of the transparent slot (under
// 64: theme.cpp), so it codes with 6-bit literals; one that changes the caption needs 7.
TEST(Animation, SlidingFramesCodeWithSixBitLiterals) {
  Fixture f;
  for (const Theme& t : themes()) {
    auto o = options(3);
    o.theme = t.name;
    o.mark_moving = true;
    const Animation a = render_animation(f.start, f.moves, o);
    const std::vector<int> sizes = testing::lzw_code_sizes(a.bytes);
    const auto six = std::count(sizes.begin(), sizes.end(), 6);
    // Each move: three sliding frames at 6 bits (the first move's first also shows the caption's
    // change from the start), and the landing one, which updates the caption.
    EXPECT_EQ(six, 3 * static_cast<long>(f.moves.size()) - 1) << t.name;
    EXPECT_EQ(*std::max_element(sizes.begin(), sizes.end()), 7) << t.name;
  }
}

// gifsicle -O3 finds little to improve: our frame differencing, palette order and code sizes
// already do the work, with and without tweens, in every theme.
TEST(Animation, GifsicleSavesUnderOnePercent) {
  if (!std::filesystem::exists("/usr/bin/gifsicle")) GTEST_SKIP() << "gifsicle not installed";
  Fixture f;
  // With the moving tile outlined, as drawn by default (the first: every default).
  for (const auto& [theme, tween, tile] :
       {std::tuple{"classic", 3, 80}, std::tuple{"classic", 0, 80}, std::tuple{"mint", 3, 72},
        std::tuple{"dark", 2, 64}, std::tuple{"dark", 1, 48}, std::tuple{"classic", 8, 80},
        std::tuple{"classic", 2, 32}}) {
    auto o = options(tween);
    o.theme = theme;
    o.tile_px = tile;
    o.mark_moving = true;
    const Animation a = render_animation(f.start, f.moves, o);
    const double saving = gifsicle_saving(a);
    std::printf("%s, tween %d, tile %d: %zu bytes, gifsicle -O3 saves %.2f%%\n", theme, tween, tile,
                a.bytes.size(), 100 * saving);
    EXPECT_LT(saving, 0.01) << theme << ", tween " << tween;
  }
}

}  // namespace
}  // namespace slidegif::detail
