// Themes and their palettes: every palette fits a GIF colour table with the reserved transparent
// slot under 64 after the tiles' colours, holds every theme colour exactly (so flat areas are drawn
// in the theme's own colours) and the text shades the captions are painted with; unknown names are
// refused; the <slide-puzzle> element's table (src/web/package/element.mjs) says the same colours.

#include "render/look/theme.hpp"

// Themes and palettes are libgd-free too.
#ifdef GD_H
#error "render/look/theme.hpp includes <gd.h>"
#endif

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "render/animation/animation.hpp"
#include "render/pixels/mix.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

std::vector<Rgb> theme_colors(const Theme& t) {
  return {t.canvas, t.board,  t.blank, t.blank_shade, t.face_top, t.face_bottom,
          t.lip,    t.shadow, t.digit, t.caption,     t.title};
}

// The drawable index holding exactly `c`, or -1.
int find_exact(const Palette& p, Rgb c) {
  for (int i = 0; i < p.size(); ++i) {
    if (i != p.transparent() && p[i] == c) return i;
  }
  return -1;
}

std::string describe(Rgb c) {
  return std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b);
}

TEST(Theme, PalettesFitAGifTableWithTheTransparentSlot) {
  ASSERT_FALSE(themes().empty());
  for (const Theme& t : themes()) {
    const Palette p = make_palette(t);
    EXPECT_LE(p.size(), 256) << t.name;
    // The tiles' colours in front: frames that only slide a tile code with 6-bit literals.
    EXPECT_LE(p.transparent(), 63) << t.name << ": tile colours";
    // The reserved slot is no colour a frame is drawn in.
    EXPECT_EQ(find_exact(p, p[p.transparent()]), -1) << t.name;
  }
}

// 127 colours and the transparent slot: every image of an animation then codes with 7-bit
// literals (8-bit codes at first) instead of 8 (gif.cpp).
TEST(Theme, PalettesFitSevenBitCodes) {
  for (const Theme& t : themes()) EXPECT_LE(make_palette(t).size(), 128) << t.name;
}

// Tiles, wells and tray in front of the transparent slot; the canvas, captions and title behind.
TEST(Theme, TileColoursGoInFrontOfTheTransparentSlot) {
  for (const Theme& t : themes()) {
    const Palette p = make_palette(t);
    const Rgb face_mid = mix(t.face_top, t.face_bottom, 0.5);
    std::vector<Rgb> tiles = {t.board,       t.lip,    t.blank, t.blank_shade, t.face_top,
                              t.face_bottom, t.shadow, t.digit, face_mid};
    for (int i = 1; i < 16; ++i) tiles.push_back(mix(t.digit, face_mid, i / 16.0));
    for (const Rgb c : tiles) {
      EXPECT_GE(find_exact(p, c), 0) << t.name << " lacks " << describe(c);
      EXPECT_LT(find_exact(p, c), p.transparent()) << t.name << " " << describe(c);
    }
    for (const Rgb c : {t.canvas, t.caption, t.title})
      EXPECT_GT(find_exact(p, c), p.transparent()) << t.name << " " << describe(c);
  }
}

TEST(Theme, EveryThemeColourIsInItsPaletteExactly) {
  for (const Theme& t : themes()) {
    const Palette p = make_palette(t);
    for (const Rgb c : theme_colors(t)) {
      const int i = find_exact(p, c);
      ASSERT_GE(i, 0) << t.name << " lacks " << describe(c);
      EXPECT_EQ(p.nearest(c), i) << t.name << " " << describe(c);
    }
  }
}

TEST(Theme, PalettesHoldNoDuplicatesAndAreReproducible) {
  for (const Theme& t : themes()) {
    const Palette p = make_palette(t), again = make_palette(t);
    ASSERT_EQ(p.size(), again.size()) << t.name;
    std::set<std::vector<int>> seen;
    for (int i = 0; i < p.size(); ++i) {
      EXPECT_EQ(p[i], again[i]) << t.name << " index " << i;
      EXPECT_TRUE(seen.insert({p[i].r, p[i].g, p[i].b}).second)
          << t.name << " repeats " << describe(p[i]);
    }
  }
}

TEST(Theme, TextShadesAreInThePalette) {
  // Captions and titles are painted in 16 steps over the canvas, digits in 16 over the middle of
  // the face: every step must be a palette entry, or antialiased text would be re-quantised.
  for (const Theme& t : themes()) {
    const Palette p = make_palette(t);
    const Rgb face_mid = mix(t.face_top, t.face_bottom, 0.5);
    for (int i = 1; i < 16; ++i) {
      for (const auto& [from, to] : {std::pair{t.canvas, t.caption}, std::pair{t.canvas, t.title},
                                     std::pair{t.digit, face_mid}}) {
        const Rgb c = mix(from, to, i / 16.0);
        EXPECT_GE(find_exact(p, c), 0) << t.name << " step " << i << ": " << describe(c);
      }
    }
  }
}

TEST(Theme, ThemesAreDistinctAndNamedInOrder) {
  const auto names = theme_names();
  ASSERT_EQ(names.size(), themes().size());
  for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(names[i], themes()[i].name);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  EXPECT_EQ(&find_theme(AnimationOptions{}.theme), &themes().front()) << "the default first";
}

TEST(Theme, FindThemeFindsEachByName) {
  for (const Theme& t : themes()) EXPECT_EQ(&find_theme(t.name), &t) << t.name;
}

TEST(Theme, UnknownNamesAreBadInputListingTheValidOnes) {
  for (const std::string name : {"neon", "", "Classic", "dark ", "classic\n"}) {
    try {
      find_theme(name);
      ADD_FAILURE() << "'" << name << "' accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput) << e.what();
      const std::string what = e.what();
      EXPECT_NE(what.find("'" + name + "'"), std::string::npos) << what;
      for (const Theme& t : themes()) EXPECT_NE(what.find(t.name), std::string::npos) << what;
    }
  }
}

// The element draws its tiles in CSS from its own table, a theme a line ("dark: { canvas:
// [24, 26, 33], ... }"): each colour there is this table's.
TEST(Themes, TheSlidePuzzleElementDrawsInTheSameColours) {
  std::ifstream in(SLIDEGIF_SOURCE_DIR "/src/web/package/element.mjs");
  ASSERT_TRUE(in) << "src/web/package/element.mjs";
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  const auto text = [](Rgb c) {
    std::ostringstream out;
    out << '[' << int(c.r) << ", " << int(c.g) << ", " << int(c.b) << ']';
    return out.str();
  };
  for (const auto& t : themes()) {
    const std::string key = std::string("  ") + t.name + ": { ";
    const auto found = std::find_if(lines.begin(), lines.end(),
                                    [&](const std::string& l) { return l.rfind(key, 0) == 0; });
    ASSERT_NE(found, lines.end()) << "element.mjs has no theme " << t.name;
    const std::pair<const char*, Rgb> fields[] = {{"canvas", t.canvas},
                                                  {"board", t.board},
                                                  {"blank", t.blank},
                                                  {"faceTop", t.face_top},
                                                  {"faceBottom", t.face_bottom},
                                                  {"lip", t.lip},
                                                  {"shadow", t.shadow},
                                                  {"digit", t.digit},
                                                  {"caption", t.caption}};
    for (const auto& [name, color] : fields) {
      EXPECT_NE(found->find(std::string(" ") + name + ": " + text(color)), std::string::npos)
          << t.name << "." << name << " should be " << text(color) << " in element.mjs";
    }
  }
}

}  // namespace
}  // namespace slidegif::detail
