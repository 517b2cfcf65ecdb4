// The explanation's frames read back by giflib: one frame per script frame with its delay, the
// board's frame above a panel, the marked bar in the title's colour, every format; refusals.
#include "render/explain/explain_animation.hpp"

#include <gtest/gtest.h>

#include "gif_decoder.hpp"
#include "render/look/theme.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

AnimationOptions look() {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tile_px = 48;
  return o;
}

ExplainScript script() {
  ExplainScript s{.title = "A* · Manhattan distance", .bars_label = "expanded, by depth g"};
  const Board start = parse_board("123456708");
  Board next = start;
  next.apply(Move::Right);
  s.frames.push_back({.board = start, .caption = "Start", .notes = {"rule"}, .delay_ms = 700});
  s.frames.push_back({.board = start,
                      .caption = "#1: g 0 · h 1 · f 1",
                      .notes = {"rule", "expanded 1"},
                      .bars = {1},
                      .marked_bar = 0,
                      .delay_ms = 300});
  s.frames.push_back({.board = next,
                      .caption = "#2: g 1 · h 0 · f 1",
                      .notes = {"rule", "expanded 2"},
                      .bars = {1, 1},
                      .marked_bar = 1,
                      .delay_ms = 2000});
  return s;
}

bool has_colour(const testing::DecodedGif& gif, int k, int y0, Rgb c) {
  for (int y = y0; y < gif.height(); ++y)
    for (int x = 0; x < gif.width(); ++x)
      if (gif.pixel(k, x, y) == testing::Color{c.r, c.g, c.b}) return true;
  return false;
}

TEST(ExplainAnimation, AFramePerScriptFrameWithItsDelayAndAPanelUnderTheBoard) {
  const Animation a = render_explanation(script(), look(), {OutputFormat::Gif});
  const auto gif = testing::DecodedGif::decode(a.bytes);
  ASSERT_EQ(gif.frame_count(), 3);
  EXPECT_EQ(a.frames, 3);
  EXPECT_EQ(gif.delay_cs(0), 70);
  EXPECT_EQ(gif.delay_cs(1), 30);
  EXPECT_EQ(gif.delay_cs(2), 200);
  EXPECT_GE(gif.width(), 320);           // the panel's least width
  EXPECT_GT(gif.height(), 3 * 48 + 60);  // the board, then notes and bars under it
  // The marked bar is in the title's colour below the board; there is none without bars.
  const Theme& theme = find_theme("classic");
  const int panel = gif.height() - 60;
  EXPECT_FALSE(has_colour(gif, 0, panel, theme.title));
  EXPECT_TRUE(has_colour(gif, 1, panel, theme.title));
  EXPECT_TRUE(has_colour(gif, 2, panel, theme.title));
}

TEST(ExplainAnimation, EveryImageFormatAndAStill) {
  for (const OutputFormat f : {OutputFormat::Webp, OutputFormat::Apng, OutputFormat::Png}) {
    const Animation a = render_explanation(script(), look(), {f, -1});
    ASSERT_GT(a.bytes.size(), 100u) << format_info(f).name;
    EXPECT_EQ(a.frames, f == OutputFormat::Png ? 1 : 3) << format_info(f).name;
  }
}

TEST(ExplainAnimation, RefusesWhatItCannotDraw) {
  ExplainScript empty;
  EXPECT_THROW(render_explanation(empty, look(), {}), Error);
  ExplainScript mixed = script();
  mixed.frames.push_back({.board = Board::standard_goal({2, 3})});
  EXPECT_THROW(render_explanation(mixed, look(), {}), Error);
  RenderLimits few;
  few.max_frames = 2;
  EXPECT_THROW(render_explanation(script(), look(), {}, few), Error);
  try {
    render_explanation(script(), look(), {OutputFormat::Png, 3});
    FAIL() << "frame 3 of 3";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("0 to 2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace slidegif::detail
