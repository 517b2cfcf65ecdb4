// Coded move pieces (render/cache/move_pieces.hpp): an animation copied together from pieces kept
// by earlier animations has the bytes of one coded afresh, for random move sequences on several
// shapes, themes, tile sizes, tween counts and caption languages; its frames decode (giflib) to
// the boards they should show; pieces drawn any other way (another font, theme, size) are never
// used; and the encoder's split and copied frames compose to the frames given.

#include "render/cache/move_pieces.hpp"

#include <gtest/gtest.h>
#include <xxhash.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "gif_decoder.hpp"
#include "random_moves.hpp"
#include "render/animation/animation.hpp"
#include "render/animation/animation_layout.hpp"
#include "render/animation/frame_renderer.hpp"
#include "render/gif/coded_move.hpp"
#include "render/gif/gif.hpp"
#include "render/look/theme.hpp"
#include "render/pixels/image.hpp"
#include "render/pixels/palette.hpp"
#include "slidegif/board.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

using testing::Color;
using testing::DecodedGif;

// A store that counts the moves it hands back.
class CountingStore final : public MovePieces {
 public:
  std::span<const std::uint8_t> find(const MovePieceKey& key) override {
    const auto found = cache.find(key);
    if (!found.empty()) ++copied;
    return found;
  }
  void keep(const MovePieceKey& key, std::vector<std::uint8_t> coded) override {
    ++kept;
    cache.keep(key, std::move(coded));
  }
  MovePieceCache cache;
  int copied = 0, kept = 0;
};

using testing::random_moves;
using testing::shuffled;

struct Case {
  Shape shape;
  std::string theme, lang;
  int tile_px, tween;
};

AnimationOptions options_for(const Case& c) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.theme = c.theme;
  o.lang = c.lang;
  o.tile_px = c.tile_px;
  o.tween = c.tween;
  // Without tweens a marked tile stays marked into the next move, and moves are not stored
  // (frame_sequence.hpp): these cases draw it unmarked.
  o.mark_moving = c.tween > 0;
  return o;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> v = {
      {{3, 3}, "classic", "en", 72, 3}, {{3, 3}, "dark", "en", 48, 0},
      {{3, 3}, "mint", "zh", 40, 2},    {{4, 4}, "classic", "en", 72, 3},
      {{4, 4}, "dark", "zh", 56, 1},    {{2, 3}, "classic", "en", 64, 4},
  };
  return v;
}

TEST(MovePieces, CopiedAnimationsHaveTheBytesOfFreshOnes) {
  std::mt19937 rng(5);
  for (const Case& c : cases()) {
    CountingStore store;
    const AnimationOptions o = options_for(c);
    for (int run = 0; run < 12; ++run) {
      const Board start = shuffled(c.shape, rng);
      const auto moves = random_moves(start, 1 + static_cast<int>(rng() % 30), rng);
      const Animation fresh = render_animation(start, moves, o);
      const Animation copied = render_animation(start, moves, o, {}, &store);
      ASSERT_EQ(copied.bytes.size(), fresh.bytes.size())
          << c.theme << " " << c.shape.rows << "x" << c.shape.cols << " run " << run;
      const auto at = std::mismatch(copied.bytes.begin(), copied.bytes.end(), fresh.bytes.begin());
      ASSERT_TRUE(at.first == copied.bytes.end())
          << c.theme << " " << c.shape.rows << "x" << c.shape.cols << " run " << run
          << ": the bytes differ from offset " << (at.first - copied.bytes.begin()) << " of "
          << fresh.bytes.size();
      // And again, every move now in the store.
      const int before = store.copied;
      ASSERT_EQ(render_animation(start, moves, o, {}, &store).bytes, fresh.bytes);
      EXPECT_EQ(store.copied - before, static_cast<int>(moves.size()));
    }
    EXPECT_GT(store.copied, 0);
    EXPECT_GT(store.kept, 0);
  }
}

// Every frame of an animation made of copied moves decodes to what it should show: the start,
// and the board and caption after each move, each drawn afresh on a frame of its own, equal the
// frames giflib composes, pixel for pixel.
TEST(MovePieces, CopiedFramesDecodeToTheBoardsDrawnAfresh) {
  std::mt19937 rng(7);
  for (const Case& c : {Case{{3, 3}, "classic", "en", 48, 2}, Case{{4, 4}, "mint", "zh", 40, 0}}) {
    const AnimationOptions o = options_for(c);
    MovePieceCache cache;
    const Board start = shuffled(c.shape, rng);
    const auto moves = random_moves(start, 25, rng);
    render_animation(start, moves, o, {}, &cache);  // fills the cache
    const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o, {}, &cache).bytes);
    const int goal = shows_goal(start, moves, o) ? 1 : 0;  // a goal frame first
    ASSERT_EQ(gif.frame_count(), goal + static_cast<int>(animation_frames(moves.size(), c.tween)));
    AnimationLayout layout = lay_out_animation(start, moves, o);
    const Theme& theme = find_theme(c.theme);
    const Palette palette = make_palette(theme);
    FrameRenderer r(c.shape, theme, palette, layout.text, layout.frame, std::move(layout.glyphs));
    const Captions& captions = layout.captions;
    const int pen_x = r.caption_pen_x(captions.steps);
    Board b = start;
    for (std::size_t k = 0; k <= moves.size(); ++k) {
      auto drawn = r.new_frame();
      if (k > 0) b.apply(moves[k - 1]);
      r.draw_board(*drawn, b);
      if (k == 0) {
        r.draw_caption(*drawn, captions.first);
      } else if (k == moves.size()) {
        r.draw_caption(*drawn, captions.last);
      } else {
        r.draw_caption(*drawn, captions.steps[k - 1], pen_x);
      }
      const int frame = goal + static_cast<int>(k) * (c.tween + 1);
      int wrong = 0;
      for (int y = 0; y < gif.height(); ++y) {
        for (int x = 0; x < gif.width(); ++x) {
          const Rgb want = palette[drawn->pixels[y][x]];
          if (gif.pixel(frame, x, y) != Color{want.r, want.g, want.b}) ++wrong;
        }
      }
      EXPECT_EQ(wrong, 0) << c.theme << " frame " << frame;
    }
  }
}

// A store filled by animations drawn another way never changes a GIF: each configuration's
// bytes with a shared store equal its bytes without one.
TEST(MovePieces, PiecesOfAnotherConfigurationAreNeverUsed) {
  std::mt19937 rng(3);
  const Board start = shuffled({3, 3}, rng);
  const auto moves = random_moves(start, 20, rng);
  std::vector<AnimationOptions> configs;
  AnimationOptions base = options_for({{3, 3}, "classic", "en", 48, 2});
  configs.push_back(base);
  AnimationOptions other_font = base;
  other_font.font = Font::built_in("not the test font", testing::test_font().bytes());
  configs.push_back(other_font);  // the same bytes: shares the pieces, safely
  for (const char* theme : {"dark", "mint"}) {
    AnimationOptions o = base;
    o.theme = theme;
    configs.push_back(o);
  }
  for (const int tile : {47, 49}) {
    AnimationOptions o = base;
    o.tile_px = tile;
    configs.push_back(o);
  }
  AnimationOptions unmarked = base;
  unmarked.mark_moving = false;
  configs.push_back(unmarked);
  for (const int tween : {1, 3}) {
    AnimationOptions o = base;
    o.tween = tween;
    configs.push_back(o);
  }
  AnimationOptions titled = base;
  titled.title = "A title moves the board down";
  configs.push_back(titled);
  MovePieceCache shared;
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < configs.size(); ++i) {
      EXPECT_EQ(render_animation(start, moves, configs[i], {}, &shared).bytes,
                render_animation(start, moves, configs[i]).bytes)
          << "configuration " << i << " round " << round;
    }
  }
}

TEST(MovePieces, CacheStaysWithinItsBytes) {
  std::mt19937 rng(9);
  MovePieceCache small(20'000);
  const AnimationOptions o = options_for({{3, 3}, "classic", "en", 48, 2});
  for (int run = 0; run < 10; ++run) {
    const Board start = shuffled({3, 3}, rng);
    const auto moves = random_moves(start, 20, rng);
    EXPECT_EQ(render_animation(start, moves, o, {}, &small).bytes,
              render_animation(start, moves, o).bytes);
    EXPECT_LE(small.bytes(), 20'000u);
  }
  EXPECT_GT(small.evictions(), 0u);
}

// Past its bound the least recently used pieces make room, one at a time: a piece just found
// stays, and the cache stays full rather than starting empty.
TEST(MovePieces, CacheEvictsTheLeastRecentlyUsed) {
  const std::size_t piece = MovePieceCache::footprint(100);
  MovePieceCache cache(3 * piece);
  auto key = [](std::uint16_t tile) { return MovePieceKey{.config = 7, .tile = tile}; };
  for (std::uint16_t t = 1; t <= 3; ++t) cache.keep(key(t), std::vector<std::uint8_t>(100, t));
  ASSERT_EQ(cache.size(), 3u);
  ASSERT_EQ(cache.find(key(1)).size(), 100u);  // 1 is now the most recent; 2 the least
  cache.keep(key(4), std::vector<std::uint8_t>(100, 4));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.bytes(), 3 * piece);
  EXPECT_EQ(cache.evictions(), 1u);
  EXPECT_TRUE(cache.find(key(2)).empty());
  for (const std::uint16_t t : {1, 3, 4}) {
    const auto found = cache.find(key(t));
    ASSERT_EQ(found.size(), 100u) << t;
    EXPECT_EQ(found[0], t);
  }
  // A piece larger than the whole cache is declined, evicting nothing.
  cache.keep(key(5), std::vector<std::uint8_t>(4 * piece, 5));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.evictions(), 1u);
}

// A worker's cache in front of a file: the front store answers first, the one behind serves
// what it lacks, and what is coded afresh goes in front only.
TEST(MovePieces, TieredStoreAsksItsFrontFirst) {
  MovePieceCache front, behind;
  const MovePieceKey a{.tile = 1}, b{.tile = 2}, c{.tile = 3};
  front.keep(a, {1});
  behind.keep(a, {9});
  behind.keep(b, {2});
  TieredPieces tiered(front, behind);
  const auto bytes = [&](const MovePieceKey& k) {
    const auto s = tiered.find(k);
    return std::vector<std::uint8_t>(s.begin(), s.end());
  };
  EXPECT_EQ(bytes(a), std::vector<std::uint8_t>{1});
  EXPECT_EQ(bytes(b), std::vector<std::uint8_t>{2});
  EXPECT_TRUE(tiered.find(c).empty());
  tiered.keep(c, {3});
  EXPECT_EQ(front.size(), 2U);
  EXPECT_EQ(behind.size(), 2U);
  EXPECT_FALSE(tiered.find(c).empty());
}

// The bytes coded for a few fixed animations. They change whenever the coder does, and then
// kMovePiecesVersion must change with them, or pieces saved by an older program (a pieces
// file) would be copied into a newer one's GIFs: bump it and set the hash here.
TEST(MovePieces, VersionFollowsTheCodedBytes) {
  std::mt19937 rng(1);
  std::vector<std::uint8_t> all;
  for (const Case& c : cases()) {
    const Board start = shuffled(c.shape, rng);
    const auto moves = random_moves(start, 12, rng);
    const auto bytes = render_animation(start, moves, options_for(c)).bytes;
    all.insert(all.end(), bytes.begin(), bytes.end());
  }
  const std::uint64_t hash = XXH3_64bits(all.data(), all.size());
  EXPECT_EQ(kMovePiecesVersion, 7u);
  EXPECT_EQ(hash, 0x25312219a6a9a51ULL) << std::hex << "coded bytes now hash to 0x" << hash
                                        << ": bump kMovePiecesVersion and pin the new hash here";
}

// A frame that changes the caption spans the columns whose pixels change (as gifsicle -O3 would
// cut it), widened to multiples of 8 at most, not columns fixed per move; every other frame
// spans exactly its changed columns. Copied or coded afresh.
TEST(MovePieces, FramesSpanTheColumnsThatChange) {
  std::mt19937 rng(9);
  for (const Case& c : cases()) {
    CountingStore store;
    const AnimationOptions o = options_for(c);
    const Board start = shuffled(c.shape, rng);
    const auto moves = random_moves(start, 12, rng);
    render_animation(start, moves, o, {}, &store);
    const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o, {}, &store).bytes);
    ASSERT_GT(store.copied, 0);
    for (int k = 1; k < gif.frame_count(); ++k) {
      int x0 = gif.width(), x1 = 0;
      for (int y = 0; y < gif.height(); ++y) {
        for (int x = 0; x < gif.width(); ++x) {
          if (!(gif.pixel(k, x, y) == gif.pixel(k - 1, x, y)))
            x0 = std::min(x0, x), x1 = std::max(x1, x + 1);
        }
      }
      if (x0 >= x1) continue;
      const auto& f = gif.frame(k);
      EXPECT_LE(f.left, x0) << c.theme << " frame " << k;
      EXPECT_GE(f.left + f.width, x1) << c.theme << " frame " << k;
      EXPECT_GT(f.left + 8, x0) << c.theme << " frame " << k;
      EXPECT_LT(f.left + f.width - 8, x1) << c.theme << " frame " << k;
    }
  }
}

TEST(CodedMove, RecordsReadBackAndDamageIsRefused) {
  const std::vector<std::uint8_t> image = {0x2C, 1, 2, 3}, head = {0xAB, 0x05};
  std::vector<std::uint8_t> coded;
  append_piece(coded, {.bytes = image});
  append_piece(coded, {.split = true, .bits = 11, .bytes = head});
  const auto frames = read_pieces(coded);
  ASSERT_TRUE(frames);
  ASSERT_EQ(frames->size(), 2u);
  EXPECT_FALSE((*frames)[0].split);
  EXPECT_TRUE(std::equal(image.begin(), image.end(), (*frames)[0].bytes.begin()));
  EXPECT_TRUE((*frames)[1].split);
  EXPECT_EQ((*frames)[1].bits, 11u);
  std::vector<std::uint8_t> cut(coded.begin(), coded.end() - 1);
  EXPECT_FALSE(read_pieces(cut));
  std::vector<std::uint8_t> wrong_kind = coded;
  wrong_kind[0] = 7;
  EXPECT_FALSE(read_pieces(wrong_kind));
  std::vector<std::uint8_t> too_many_bits = coded;
  too_many_bits[coded.size() - 2 - 4] = 17;  // 17 bits in 2 bytes
  EXPECT_FALSE(read_pieces(too_many_bits));
}

}  // namespace
}  // namespace slidegif::detail
