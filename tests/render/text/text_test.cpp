// GlyphCache: what measure() promises about draw(), sizes, hostile UTF-8, font errors, moves.

#include "render/text/text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "render/pixels/image.hpp"
#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

const char* const kFont = testing::kTestFontPath;
constexpr Rgb kWhite{255, 255, 255}, kInk{10, 20, 30};

// The box of the pixels draw() changed on a white image, relative to the pen at (px, py).
struct Drawn {
  TextBox box;
  int pixels = 0;
};

Drawn draw_on_white(GlyphCache& glyphs, double pt, const std::string& text) {
  constexpr int kW = 1600, kH = 300, kPenX = 100, kPenY = 200;
  auto im = make_truecolor_image(kW, kH);
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) im->tpixels[y][x] = gdTrueColor(255, 255, 255);
  }
  glyphs.draw(*im, pt, kPenX, kPenY, kInk, text);
  Drawn d;
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) {
      if (im->tpixels[y][x] == gdTrueColor(kWhite.r, kWhite.g, kWhite.b)) continue;
      const TextBox p{x - kPenX, x - kPenX + 1, y - kPenY, y - kPenY + 1};
      d.box = d.pixels++ == 0
                  ? p
                  : TextBox{std::min(d.box.left, p.left), std::max(d.box.right, p.right),
                            std::min(d.box.top, p.top), std::max(d.box.bottom, p.bottom)};
    }
  }
  return d;
}

TEST(Text, DrawStaysInsideTheMeasuredBox) {
  GlyphCache glyphs(testing::test_font());
  for (double pt : {5.0, 9.0, 13.5, 40.0}) {
    for (const std::string text : {"8", "15", "Step 5 / 31 — tile 3 moves up", "AV To gy"}) {
      const TextBox m = glyphs.measure(pt, text);
      const Drawn d = draw_on_white(glyphs, pt, text);
      ASSERT_GT(d.pixels, 0) << text << " at " << pt;
      EXPECT_GE(d.box.left, m.left) << text << " at " << pt;
      EXPECT_LE(d.box.right, m.right) << text << " at " << pt;
      EXPECT_GE(d.box.top, m.top) << text << " at " << pt;
      EXPECT_LE(d.box.bottom, m.bottom) << text << " at " << pt;
      // And the box is tight: antialiasing may leave at most a pixel of it unpainted.
      EXPECT_LE(m.width() - d.box.width(), 2) << text << " at " << pt;
      EXPECT_LE(m.height() - d.box.height(), 2) << text << " at " << pt;
    }
  }
}

// Unhinted metrics scale with the size, which is what lets fit_text() shrink in one step.
TEST(Text, WidthIsLinearInSize) {
  GlyphCache glyphs(testing::test_font());
  const std::string caption = "Solved — 31 moves, optimal";
  const int w10 = glyphs.measure(10, caption).width();
  for (double pt : {7.5, 15.0, 22.5, 30.0}) {
    EXPECT_NEAR(glyphs.measure(pt, caption).width(), w10 * pt / 10, 3) << pt;
  }
}

// Full coverage is exactly the text colour: the blend rounds, it does not truncate.
TEST(Text, FullStrokeIsTheTextColour) {
  GlyphCache glyphs(testing::test_font());
  auto im = make_truecolor_image(200, 200);
  for (int y = 0; y < 200; ++y) {
    for (int x = 0; x < 200; ++x) im->tpixels[y][x] = gdTrueColor(255, 255, 255);
  }
  glyphs.draw(*im, 60, 40, 150, kInk, "I");
  int exact = 0;
  for (int y = 0; y < 200; ++y) {
    for (int x = 0; x < 200; ++x) exact += im->tpixels[y][x] == gdTrueColor(kInk.r, kInk.g, kInk.b);
  }
  EXPECT_GT(exact, 100);
}

TEST(Text, LineBreaksAreSkipped) {
  GlyphCache glyphs(testing::test_font());
  const TextBox plain = glyphs.measure(12, "12");
  for (const std::string text : {"12\n", "\n12", "1\r\n2"}) {
    const TextBox b = glyphs.measure(12, text);
    EXPECT_EQ(b.left, plain.left) << text;
    EXPECT_EQ(b.right, plain.right) << text;
    EXPECT_EQ(b.top, plain.top) << text;
    EXPECT_EQ(b.bottom, plain.bottom) << text;
  }
}

TEST(Text, TextWithoutInkIsAnEmptyBox) {
  GlyphCache glyphs(testing::test_font());
  for (const std::string text : {"", " ", "   ", "\n"}) {
    const TextBox b = glyphs.measure(12, text);
    EXPECT_EQ(b.width(), 0) << '"' << text << '"';
    EXPECT_EQ(b.height(), 0) << '"' << text << '"';
    EXPECT_EQ(draw_on_white(glyphs, 12, text).pixels, 0) << '"' << text << '"';
  }
}

// Truncated and stray bytes each stand for one character (the sanitizer build checks reads).
TEST(Text, MalformedUtf8IsDrawnNotFatal) {
  GlyphCache glyphs(testing::test_font());
  const std::vector<std::string> hostile = {"\xE2\x80",
                                            "\xFF\xFE",
                                            "a\xC3",
                                            "\xF0\x9F\x98",
                                            "\xC0\xAF",
                                            "\xED\xA0\x80",
                                            "\xF4\x90\x80\x80",
                                            std::string("a\0b", 3)};
  for (const auto& text : hostile) {
    EXPECT_GT(glyphs.measure(12, text).width(), 0);
    EXPECT_GT(draw_on_white(glyphs, 12, text).pixels, 0);
  }
}

TEST(Text, UnloadableFontIsARenderErrorAtFirstUse) {
  const std::string readme = testing::read_file(SLIDEGIF_SOURCE_DIR "/README.md");
  const Font not_fonts[] = {Font("README.md", {readme.begin(), readme.end()}),
                            Font("empty.ttf", {}), Font()};
  for (const Font& font : not_fonts) {
    GlyphCache glyphs(font);  // does not parse the bytes yet
    EXPECT_EQ(glyphs.font().name(), font.name());
    try {
      glyphs.measure(12, "1");
      ADD_FAILURE() << "no error for " << font.name();
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::Render);
      EXPECT_NE(std::string(e.what()).find(font.name()), std::string::npos) << e.what();
    }
    EXPECT_THROW(glyphs.measure(12, "1"), Error);  // and again: nothing half-loaded is kept
  }
}

TEST(Text, BadSizeIsARenderError) {
  GlyphCache glyphs(testing::test_font());
  EXPECT_THROW(glyphs.measure(0, "1"), Error);
  EXPECT_THROW(glyphs.measure(-3, "1"), Error);
  EXPECT_THROW(glyphs.measure(std::nan(""), "1"), Error);
}

// Captions go through a coverage mask: it must cover exactly the pixels the true-colour path
// paints, and its ink rows and columns must bound them.
TEST(Text, MaskCoversWhatDrawPaints) {
  GlyphCache glyphs(testing::test_font());
  for (double pt : {7.0, 16.5}) {
    const std::string text = "Step 12 / 30 — tile 8 moves left";
    constexpr int kW = 400, kH = 60, kPenX = 10, kPenY = 40;
    auto im = make_truecolor_image(kW, kH);
    for (int y = 0; y < kH; ++y) {
      for (int x = 0; x < kW; ++x) im->tpixels[y][x] = gdTrueColor(255, 255, 255);
    }
    glyphs.draw(*im, pt, kPenX, kPenY, {0, 0, 0}, text);
    CoverageMask mask(kW, kH);
    glyphs.draw(mask, pt, kPenX, kPenY, text);
    int painted = 0;
    for (int y = 0; y < kH; ++y) {
      for (int x = 0; x < kW; ++x) {
        const bool in_image = im->tpixels[y][x] != gdTrueColor(255, 255, 255);
        const bool in_mask = mask.at(x, y) != 0;
        // A coverage of a few levels can round back to white in the blend; never the reverse.
        if (in_image) {
          EXPECT_TRUE(in_mask) << x << "," << y << " at " << pt;
        }
        if (in_mask && !in_image) {
          EXPECT_LT(mask.at(x, y), 2) << x << "," << y << " at " << pt;
        }
        if (in_mask) {
          ++painted;
          EXPECT_GE(y, mask.ink_top);
          EXPECT_LT(y, mask.ink_bottom);
          EXPECT_GE(x, mask.ink_left);
          EXPECT_LT(x, mask.ink_right);
        }
      }
    }
    EXPECT_GT(painted, 50) << pt;
  }
}

TEST(Text, MovedCacheKeepsWorking) {
  GlyphCache a(testing::test_font());
  const TextBox before = a.measure(20, "Move 7");
  GlyphCache b(std::move(a));
  const TextBox after = b.measure(20, "Move 7");
  EXPECT_EQ(before.left, after.left);
  EXPECT_EQ(before.right, after.right);
  GlyphCache c(Font("junk.ttf", {1, 2, 3}));
  c = std::move(b);
  EXPECT_EQ(c.font().name(), kFont);
  EXPECT_GT(draw_on_white(c, 20, "Move 7").pixels, 0);
}

}  // namespace
}  // namespace slidegif::detail
