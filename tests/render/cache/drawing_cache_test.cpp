// The drawing cache (render/cache/drawing_cache.hpp): animations drawn with glyphs, palettes and
// tile sprites kept from earlier ones have the bytes of animations drawn afresh, whatever looks
// come before them (themes, tile sizes, shapes, languages, titles, pictures, with and without coded
// move pieces); a look is made once; and the cache stays within its bounds.

#include "render/cache/drawing_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "random_moves.hpp"
#include "render/animation/animation.hpp"
#include "render/cache/move_pieces.hpp"
#include "run_binary.hpp"
#include "slidegif/board.hpp"
#include "slidegif/picture.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

using testing::random_moves;
using testing::shuffled;

struct Look {
  Shape shape;
  std::string theme, lang, title;
  int tile_px, tween;
  bool picture = false;
};

AnimationOptions options_for(const Look& look) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.theme = look.theme;
  o.lang = look.lang;
  o.title = look.title;
  o.tile_px = look.tile_px;
  o.tween = look.tween;
  if (look.picture) {
    const std::string s =
        testing::read_file(std::string(SLIDEGIF_SOURCE_DIR "/samples/pictures/") + "sunset.png");
    o.picture = decode_picture("sunset.png", std::vector<std::uint8_t>(s.begin(), s.end()), {});
  }
  return o;
}

const std::vector<Look>& looks() {
  static const std::vector<Look> v = {
      {{3, 3}, "classic", "en", "", 72, 3},
      {{3, 3}, "dark", "zh", "华容道", 48, 0},
      {{4, 4}, "classic", "en", "", 72, 3},  // the first look's theme and size, more tiles
      {{3, 3}, "classic", "en", "", 56, 2},  // the first look's theme, another size
      {{2, 3}, "mint", "en", "A title", 64, 1},
      {{3, 3}, "classic", "en", "", 72, 3, true},  // a picture: its own palette and pieces
  };
  return v;
}

TEST(DrawingCache, AnimationsHaveTheBytesOfFreshOnesWhateverCameBefore) {
  std::mt19937 rng(11);
  DrawingCache drawing;
  MovePieceCache pieces;
  // Round after round through every look, so that each is drawn with the others' glyphs and
  // sprites in the cache.
  for (int round = 0; round < 3; ++round) {
    for (const Look& look : looks()) {
      const AnimationOptions o = options_for(look);
      const Board start = shuffled(look.shape, rng);
      const auto moves = random_moves(start, 1 + static_cast<int>(rng() % 20), rng);
      const Animation fresh = render_animation(start, moves, o);
      const std::string what = look.theme + " " + std::to_string(look.shape.rows) + "x" +
                               std::to_string(look.shape.cols) + " tile " +
                               std::to_string(look.tile_px) + " round " + std::to_string(round);
      EXPECT_EQ(render_animation(start, moves, o, {}, nullptr, &drawing).bytes, fresh.bytes)
          << what;
      EXPECT_EQ(render_animation(start, moves, o, {}, &pieces, &drawing).bytes, fresh.bytes)
          << what << ", with move pieces";
    }
  }
}

TEST(DrawingCache, ALookIsMadeOnce) {
  std::mt19937 rng(3);
  DrawingCache drawing;
  const AnimationOptions o = options_for(looks()[0]);
  for (int run = 0; run < 5; ++run) {
    const Board start = shuffled({3, 3}, rng);
    render_animation(start, random_moves(start, 20, rng), o, {}, nullptr, &drawing);
    const DrawingCache::Stats s = drawing.stats();
    EXPECT_EQ(s.fonts, 1U);
    EXPECT_EQ(s.palettes, 1U);
    EXPECT_EQ(s.sprite_sets, 1U);
    EXPECT_EQ(s.drops, 0);
  }
  // Another tile size is another look; another theme another palette too.
  AnimationOptions other = o;
  other.tile_px = 40;
  const Board start = shuffled({3, 3}, rng);
  render_animation(start, random_moves(start, 5, rng), other, {}, nullptr, &drawing);
  EXPECT_EQ(drawing.stats().sprite_sets, 2U);
  other.theme = "dark";
  render_animation(start, random_moves(start, 5, rng), other, {}, nullptr, &drawing);
  EXPECT_EQ(drawing.stats().sprite_sets, 3U);
  EXPECT_EQ(drawing.stats().palettes, 2U);
}

TEST(DrawingCache, StaysWithinItsBounds) {
  std::mt19937 rng(5);
  DrawingCache::Limits limits;
  limits.glyphs = 300;
  limits.sprite_bytes = 400'000;  // two or three 3x3 looks at these sizes
  DrawingCache drawing(limits);
  std::size_t most_glyphs = 0, most_bytes = 0;
  for (int run = 0; run < 24; ++run) {
    AnimationOptions o = options_for(looks()[0]);
    o.tile_px = 40 + 4 * run;  // a new look each time, digits at a new size
    // Titles of characters not seen before (Latin-1 and Greek letters), fitted sizes.
    for (int c = 0; c < 12; ++c) {
      const char32_t ch = 0xC0 + static_cast<char32_t>((run * 12 + c) % 0x130);
      o.title += static_cast<char>(0xC0 | (ch >> 6));
      o.title += static_cast<char>(0x80 | (ch & 0x3F));
    }
    const Board start = shuffled({3, 3}, rng);
    const auto moves = random_moves(start, 10, rng);
    EXPECT_EQ(render_animation(start, moves, o, {}, nullptr, &drawing).bytes,
              render_animation(start, moves, o).bytes)
        << "run " << run;
    most_glyphs = std::max(most_glyphs, drawing.stats().glyphs);
    most_bytes = std::max(most_bytes, drawing.stats().sprite_bytes);
  }
  // A font's cache starts afresh on the first request past the bound, so it holds at most the
  // bound plus one animation's glyphs (well under 300 here).
  EXPECT_LE(most_glyphs, 2 * limits.glyphs);
  EXPECT_LE(most_bytes, limits.sprite_bytes);
  EXPECT_GT(drawing.stats().drops, 2);
}

// Sprite sets and glyphs saved by one cache and read by another (as the CGI reads a pieces
// file's) draw the same bytes; those saved for another font are not used; bytes that are not
// saved drawings are ignored, costing only the drawing.
TEST(DrawingCache, StoredDrawingsDrawTheSameBytes) {
  std::mt19937 rng(9);
  const std::vector<Look> saved = {looks()[0], looks()[2]};  // 3x3 and 4x4
  DrawingCache first;
  std::vector<std::pair<Board, std::vector<Move>>> puzzles;
  for (const Look& look : saved) {
    const Board start = shuffled(look.shape, rng);
    puzzles.emplace_back(start, random_moves(start, 15, rng));
    render_animation(start, puzzles.back().second, options_for(look), {}, nullptr, &first);
  }
  const std::vector<std::uint8_t> bytes = first.save_drawings();

  const auto draw_with = [&](std::span<const std::uint8_t> stored, const Font& font) {
    DrawingCache cache;
    cache.use_stored_drawings([stored] { return stored; });
    for (std::size_t i = 0; i < saved.size(); ++i) {
      AnimationOptions o = options_for(saved[i]);
      o.font = font;
      const auto& [start, moves] = puzzles[i];
      EXPECT_EQ(render_animation(start, moves, o, {}, nullptr, &cache).bytes,
                render_animation(start, moves, o).bytes);
    }
    const DrawingCache::Stats stats = cache.stats();
    EXPECT_EQ(stats.stored_fonts, stats.stored_used > 0 ? 1U : 0U);  // glyphs with the sprites
    return stats.stored_used;
  };
  EXPECT_EQ(draw_with(bytes, testing::test_font()), 2U);
  // The same bytes under another name are the same font, and so with fallbacks behind it (the
  // digits are its own); a font whose table checksums differ is another.
  const auto bytes_of = [] {
    const auto b = testing::test_font().bytes();
    return std::vector<std::uint8_t>(b.begin(), b.end());
  };
  EXPECT_EQ(draw_with(bytes, Font("other.ttf", bytes_of())), 2U);
  EXPECT_EQ(draw_with(bytes, testing::test_font().with_fallbacks({testing::test_font()})), 2U);
  std::vector<std::uint8_t> changed = bytes_of();
  changed[12 + 4] ^= 1;  // the first table's checksum (FreeType does not check it)
  EXPECT_EQ(draw_with(bytes, Font("changed.ttf", std::move(changed))), 0U);
  // Cut short, with bytes after the end, a set's images cut short, or not saved sets at all.
  EXPECT_EQ(draw_with(std::span(bytes).first(bytes.size() - 1), testing::test_font()), 0U);
  std::vector<std::uint8_t> longer = bytes;
  longer.push_back(0);
  EXPECT_EQ(draw_with(longer, testing::test_font()), 0U);
  EXPECT_EQ(draw_with(std::span(bytes).first(200), testing::test_font()), 0U);
  const std::vector<std::uint8_t> junk(bytes.size(), 7);
  EXPECT_EQ(draw_with(junk, testing::test_font()), 0U);
}

// The same look saved for two fonts: each font finds its own set, whichever was saved first.
TEST(DrawingCache, StoredSetsOfTheSameLookForTwoFontsAreBothFound) {
  std::mt19937 rng(4);
  const Look look = looks()[0];
  const auto b = testing::test_font().bytes();
  std::vector<std::uint8_t> changed(b.begin(), b.end());
  changed[12 + 4] ^= 1;  // another font to the cache (a table checksum), the same digits
  const std::vector<Font> fonts = {testing::test_font(), Font("changed.ttf", std::move(changed))};
  const Board start = shuffled(look.shape, rng);
  const std::vector<Move> moves = random_moves(start, 10, rng);
  const auto options = [&look](const Font& font) {
    AnimationOptions o = options_for(look);
    o.font = font;
    return o;
  };
  DrawingCache first;
  for (const Font& font : fonts) render_animation(start, moves, options(font), {}, nullptr, &first);
  const std::vector<std::uint8_t> bytes = first.save_drawings();
  for (const Font& font : fonts) {
    DrawingCache cache;
    cache.use_stored_drawings([&bytes] { return std::span<const std::uint8_t>(bytes); });
    EXPECT_EQ(render_animation(start, moves, options(font), {}, nullptr, &cache).bytes,
              render_animation(start, moves, options(font)).bytes);
    EXPECT_EQ(cache.stats().stored_used, 1U) << font.name();
  }
}

}  // namespace
}  // namespace slidegif::detail
