// Characters the font lacks come from its fallbacks: each CJK character of a title draws its own
// glyph, not the font's "missing" box (tofu), and ASCII text draws as it did without fallbacks.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/files/font_locator.hpp"
#include "render/text/font_coverage.hpp"
#include "render/text/text.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

const std::vector<std::string> kTitleChars = {"八", "数", "码", "难", "题", "最", "优", "解"};

// The coverage `glyphs` draws for `text` at 20 pt, pen at (8, 40) of a 64 x 56 mask.
std::vector<std::uint8_t> coverage(GlyphCache& glyphs, const std::string& text) {
  CoverageMask mask(64, 56);
  glyphs.draw(mask, 20, 8, 40, text);
  return mask.alpha;
}

Font cjk_font() {
  const std::string path = SLIDEGIF_TEST_CJK_FONT;
  if (path.empty()) return {};
  return load_font(path).with_face_index(SLIDEGIF_TEST_CJK_FONT_INDEX);
}

TEST(FontFallback, TheDefaultFontLacksChineseAndDrawsBoxes) {
  // The premise of the next test: alone, every CJK character is the same missing-glyph box.
  GlyphCache glyphs(testing::test_font());
  const auto tofu = coverage(glyphs, kTitleChars[0]);
  EXPECT_GT(std::count_if(tofu.begin(), tofu.end(), [](auto a) { return a != 0; }), 20);
  for (const auto& c : kTitleChars) EXPECT_EQ(coverage(glyphs, c), tofu) << c;
  EXPECT_EQ(missing_characters(testing::test_font(), "八数码 ok 八").size(), 3u);
  EXPECT_TRUE(missing_characters(testing::test_font(), "Step 1 / 31 — tile 5").empty());
}

TEST(FontFallback, EachChineseCharacterDrawsItsOwnGlyph) {
  const Font cjk = cjk_font();
  if (cjk.empty()) GTEST_SKIP() << "no CJK font was found when the build was configured";
  GlyphCache alone(testing::test_font());
  const auto tofu = coverage(alone, kTitleChars[0]);
  GlyphCache glyphs(testing::test_font().with_fallbacks({cjk}));
  std::vector<std::vector<std::uint8_t>> drawn;
  for (const auto& c : kTitleChars) {
    const auto ink = coverage(glyphs, c);
    EXPECT_NE(ink, tofu) << c;
    EXPECT_GT(std::count_if(ink.begin(), ink.end(), [](auto a) { return a != 0; }), 20) << c;
    for (const auto& other : drawn) EXPECT_NE(ink, other) << c;  // boxes would all be equal
    drawn.push_back(ink);
  }
  EXPECT_TRUE(missing_characters(cjk, "八数码难题 最优解").empty());
}

TEST(FontFallback, TextTheFontHasDrawsAsWithoutFallbacks) {
  const Font cjk = cjk_font();
  if (cjk.empty()) GTEST_SKIP() << "no CJK font was found when the build was configured";
  GlyphCache alone(testing::test_font());
  GlyphCache backed(testing::test_font().with_fallbacks({cjk}));
  for (const std::string text : {"Start — 31 moves to go", "AV To", "15"}) {
    EXPECT_EQ(coverage(alone, text), coverage(backed, text)) << text;
  }
}

TEST(FontFallback, TheBuiltInFontIsTheShippedFile) {
  const Font built_in = app::default_font();
  const Font file = testing::test_font();
  ASSERT_EQ(built_in.bytes().size(), file.bytes().size());
  EXPECT_TRUE(std::equal(built_in.bytes().begin(), built_in.bytes().end(), file.bytes().begin()));
}

// Behind a bold font, a regular CJK fallback is emboldened: Han characters carry about the ink
// of the bold digits beside them (as the same characters drawn alone, in the regular face, do
// not).
TEST(FontFallback, ARegularFallbackBehindABoldFontIsEmboldened) {
  const Font cjk = cjk_font();
  if (cjk.empty()) GTEST_SKIP() << "no CJK font was found when the build was configured";
  GlyphCache regular(cjk);
  GlyphCache behind_bold(testing::test_font().with_fallbacks({cjk}));
  auto ink = [](const std::vector<std::uint8_t>& a) {
    long sum = 0;
    for (const auto v : a) sum += v;
    return sum;
  };
  for (const auto& c : kTitleChars) {
    const long plain = ink(coverage(regular, c)), bold = ink(coverage(behind_bold, c));
    EXPECT_GT(bold, plain * 115 / 100) << c << ": " << plain << " -> " << bold;
  }
  // Its advance grows with the ink: wider, not overlapping the next character.
  EXPECT_GT(behind_bold.measure(20, "八八").width(), regular.measure(20, "八八").width());
}

}  // namespace
}  // namespace slidegif::detail
