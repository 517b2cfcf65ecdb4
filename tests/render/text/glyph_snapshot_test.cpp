// GlyphCache::snapshot() and restore(): glyphs carried to another process measure and draw as
// they were loaded, need no FreeType, and damaged bytes add nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "render/text/text.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

// Captions and a title with kerned pairs ("AV", "To"), at two sizes.
const std::vector<std::string> kTexts = {"Step 12 / 23 \xe2\x80\x94 tile 5 moves right",
                                         "AVATAR Today", "Solved in 31 moves"};
constexpr double kSizes[] = {11.5, 17.25};

// Every text of kTexts at every size, measured and drawn into masks.
struct DrawnGlyphs {
  std::vector<TextBox> boxes;
  std::vector<std::vector<std::uint8_t>> masks;
};
DrawnGlyphs draw_all(GlyphCache& glyphs) {
  DrawnGlyphs d;
  for (const double pt : kSizes) {
    for (const std::string& text : kTexts) {
      const TextBox box = glyphs.measure(pt, text);
      d.boxes.push_back(box);
      CoverageMask mask(box.width() + 4, box.height() + 4);
      glyphs.draw(mask, pt, 2 - box.left, 2 - box.top, text);
      d.masks.push_back(mask.alpha);
    }
  }
  return d;
}

bool same(const DrawnGlyphs& a, const DrawnGlyphs& b) {
  if (a.masks != b.masks || a.boxes.size() != b.boxes.size()) return false;
  for (std::size_t i = 0; i < a.boxes.size(); ++i) {
    const TextBox &x = a.boxes[i], &y = b.boxes[i];
    if (x.left != y.left || x.right != y.right || x.top != y.top || x.bottom != y.bottom)
      return false;
  }
  return true;
}

std::vector<std::uint8_t> loaded_snapshot(DrawnGlyphs* drawn = nullptr) {
  GlyphCache glyphs(testing::test_font());
  const DrawnGlyphs d = draw_all(glyphs);
  if (drawn != nullptr) *drawn = d;
  return glyphs.snapshot();
}

TEST(GlyphSnapshot, RestoredGlyphsMeasureAndDrawAsLoaded) {
  DrawnGlyphs loaded;
  const std::vector<std::uint8_t> bytes = loaded_snapshot(&loaded);
  GlyphCache restored(testing::test_font());
  ASSERT_TRUE(restored.restore(bytes));
  EXPECT_GT(restored.size(), 20U);
  EXPECT_TRUE(same(draw_all(restored), loaded));
  // Saved again, the same bytes: nothing was lost or added on the way.
  EXPECT_EQ(restored.snapshot(), bytes);
}

// A cache whose font FreeType cannot even open draws the restored glyphs: no FreeType is
// involved, which is the point for the CGI. A character outside the snapshot still goes to
// the font, and so fails here.
TEST(GlyphSnapshot, RestoredGlyphsNeedNoFreeType) {
  DrawnGlyphs loaded;
  const std::vector<std::uint8_t> bytes = loaded_snapshot(&loaded);
  GlyphCache junk(Font("junk.ttf", {1, 2, 3}));
  ASSERT_TRUE(junk.restore(bytes));
  EXPECT_TRUE(same(draw_all(junk), loaded));
  EXPECT_THROW(junk.measure(kSizes[0], "Q"), Error);
  EXPECT_THROW(junk.measure(13.0, "1"), Error);  // another size
}

// The font's "missing" box is not saved: with fallbacks, the character could come from one.
TEST(GlyphSnapshot, MissingGlyphsAreLeftOut) {
  GlyphCache glyphs(testing::test_font());
  glyphs.measure(12.0, "ab");
  const std::size_t own = glyphs.size();
  glyphs.measure(12.0, "\xe4\xb8\xad");  // U+4E2D, which the test font lacks
  ASSERT_EQ(glyphs.size(), own + 1);
  GlyphCache restored(testing::test_font());
  ASSERT_TRUE(restored.restore(glyphs.snapshot()));
  EXPECT_EQ(restored.size(), own);
}

TEST(GlyphSnapshot, DamagedBytesAddNothing) {
  const std::vector<std::uint8_t> bytes = loaded_snapshot();
  auto refused = [](std::vector<std::uint8_t> b) {
    GlyphCache glyphs(testing::test_font());
    const bool ok = glyphs.restore(b);
    return !ok && glyphs.size() == 0;
  };
  for (const std::size_t cut :
       {std::size_t{0}, std::size_t{3}, std::size_t{17}, bytes.size() / 2, bytes.size() - 1}) {
    EXPECT_TRUE(refused({bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut)}))
        << "cut at " << cut;
  }
  std::vector<std::uint8_t> longer = bytes;
  longer.push_back(0);
  EXPECT_TRUE(refused(longer));
  std::vector<std::uint8_t> magic = bytes;
  magic[0] = 'X';
  EXPECT_TRUE(refused(magic));
  std::vector<std::uint8_t> other_freetype = bytes;
  other_freetype[8] ^= 1;  // the patch level
  EXPECT_TRUE(refused(other_freetype));
  std::vector<std::uint8_t> no_units = bytes;
  no_units.at(12) = no_units.at(13) = no_units.at(14) = no_units.at(15) = 0;  // units per EM
  EXPECT_TRUE(refused(no_units));
}

// A pieces file's checksum catches damage, not bytes made to pass it: numbers that would
// overflow the pen or a mask's offsets are refused even in well-formed bytes.
TEST(GlyphSnapshot, AbsurdNumbersAreRefused) {
  const std::vector<std::uint8_t> bytes = loaded_snapshot();
  auto refused = [](std::vector<std::uint8_t> b) {
    GlyphCache glyphs(testing::test_font());
    return !glyphs.restore(b) && glyphs.size() == 0;
  };
  ASSERT_FALSE(refused(bytes));
  // The first glyph follows the 20-byte head: size (8), character (4), index (4), advance (8),
  // then the ink box's left (4).
  std::vector<std::uint8_t> advance = bytes;
  advance.at(20 + 16 + 6) = 0x40;  // 2^54 in 26.6
  EXPECT_TRUE(refused(advance));
  std::vector<std::uint8_t> left = bytes;
  left.at(20 + 24 + 3) = 0x40;  // 2^30 pixels
  EXPECT_TRUE(refused(left));
  std::vector<std::uint8_t> size = bytes;
  size.at(20 + 7) = 0x7f;  // a size near 2^1000 points
  EXPECT_TRUE(refused(size));
  std::vector<std::uint8_t> kerning = bytes;
  kerning.at(kerning.size() - 2) = 0x40;  // the last pair's, 2^54 font units
  EXPECT_TRUE(refused(kerning));
}

}  // namespace
}  // namespace slidegif::detail
