// Every format shows the GIF's frames: an animated WebP decoded by libwebp's own demuxer and
// decoder, and a still PNG decoded by libpng, compared pixel by pixel and delay by delay with
// the GIF decoded by giflib; APNG's chunks read back (its pixels are compared by Pillow in
// tests/python).

#include <gtest/gtest.h>
#include <png.h>
#include <webp/demux.h>

#include <cstring>
#include <string>
#include <vector>

#include "gif_decoder.hpp"
#include "render/animation/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

using testing::Color;
using testing::DecodedGif;

struct Frames {
  int width = 0, height = 0, loop = -1;
  std::vector<std::vector<Color>> screens;  // composed, row by row
  std::vector<int> delays_ms;
};

Frames decode_webp(const std::vector<std::uint8_t>& bytes) {
  const WebPData data{bytes.data(), bytes.size()};
  WebPAnimDecoderOptions options;
  WebPAnimDecoderOptionsInit(&options);
  options.color_mode = MODE_RGBA;
  WebPAnimDecoder* dec = WebPAnimDecoderNew(&data, &options);
  if (dec == nullptr) throw std::runtime_error("libwebp cannot read it");
  WebPAnimInfo info;
  WebPAnimDecoderGetInfo(dec, &info);
  Frames f{static_cast<int>(info.canvas_width),
           static_cast<int>(info.canvas_height),
           static_cast<int>(info.loop_count),
           {},
           {}};
  int previous_ms = 0;
  while (WebPAnimDecoderHasMoreFrames(dec)) {
    std::uint8_t* rgba = nullptr;
    int timestamp = 0;  // when the frame ends
    if (!WebPAnimDecoderGetNext(dec, &rgba, &timestamp)) throw std::runtime_error("bad frame");
    std::vector<Color> screen;
    for (int i = 0; i < f.width * f.height; ++i) {
      EXPECT_EQ(rgba[4 * i + 3], 255) << "a transparent pixel on the canvas";
      screen.push_back({rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]});
    }
    f.screens.push_back(std::move(screen));
    f.delays_ms.push_back(timestamp - previous_ms);
    previous_ms = timestamp;
  }
  WebPAnimDecoderDelete(dec);
  return f;
}

// A PNG (its first image, for an APNG what a viewer without APNG shows) through libpng.
std::vector<Color> decode_png(const std::vector<std::uint8_t>& bytes, int& width, int& height) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    throw std::runtime_error(image.message);
  }
  image.format = PNG_FORMAT_RGB;
  std::vector<std::uint8_t> rgb(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, rgb.data(), 0, nullptr)) {
    throw std::runtime_error(image.message);
  }
  width = static_cast<int>(image.width);
  height = static_cast<int>(image.height);
  std::vector<Color> out;
  for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
    out.push_back({rgb[i], rgb[i + 1], rgb[i + 2]});
  return out;
}

// Frame k of the GIF as a screen.
std::vector<Color> gif_screen(const DecodedGif& gif, int k) {
  std::vector<Color> screen;
  for (int y = 0; y < gif.height(); ++y)
    for (int x = 0; x < gif.width(); ++x) screen.push_back(gif.pixel(k, x, y));
  return screen;
}

AnimationOptions look(int tween) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tile_px = 40;
  o.tween = tween;
  return o;
}

const char* const kMoves31 = "UULDDRRUULDLDRRUULDLDRRUULLDDRR";  // from 867254301

struct Case {
  const char* name;
  const char* start;
  const char* moves;
  int tween;
  Shape shape;
};

class WebpFrames : public ::testing::TestWithParam<Case> {};

TEST_P(WebpFrames, AreTheGifsFramesWithTheirDelays) {
  const Case& c = GetParam();
  const Board start = parse_board(c.start, c.shape);
  const auto moves = moves_from_string(c.moves);
  AnimationOptions o = look(c.tween);
  o.loop = 3;
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  const Animation webp =
      render_animation(start, moves, o, {}, nullptr, nullptr, OutputFormat::Webp);
  const Frames f = decode_webp(webp.bytes);
  ASSERT_EQ(f.width, gif.width());
  ASSERT_EQ(f.height, gif.height());
  ASSERT_EQ(static_cast<int>(f.screens.size()), gif.frame_count());
  EXPECT_EQ(webp.frames, gif.frame_count());
  // libwebpmux writes a single frame as a still WebP, without a delay or a loop count.
  const bool still = gif.frame_count() == 1;
  if (!still) {
    EXPECT_EQ(f.loop, 3);  // plays, as ours (GIF stores repeats)
  }
  for (int k = 0; k < gif.frame_count(); ++k) {
    if (!still) {
      EXPECT_EQ(f.delays_ms[static_cast<std::size_t>(k)], gif.delay_cs(k) * 10) << k;
    }
    EXPECT_TRUE(f.screens[static_cast<std::size_t>(k)] == gif_screen(gif, k)) << "frame " << k;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Animations, WebpFrames,
    ::testing::Values(Case{"Tweened3x3", "867254301", kMoves31, 3, {3, 3}},
                      Case{"Jumps3x3", "867254301", kMoves31, 0, {3, 3}},
                      // ends on a goal that is not the standard one: a goal frame first
                      Case{"GoalFrame2x3", "123450", "LURDLL", 2, {2, 3}},
                      Case{"NoMoves", "123456780", "", 3, {3, 3}}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(WebpFrames, SmallerThanTheGif) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(3);
  o.tile_px = AnimationOptions{}.tile_px;  // the default look: 62% of the GIF (measured)
  const auto gif = render_animation(start, moves, o);
  const auto webp = render_animation(start, moves, o, {}, nullptr, nullptr, OutputFormat::Webp);
  EXPECT_LT(webp.bytes.size() * 100, gif.bytes.size() * 70)
      << webp.bytes.size() << " vs " << gif.bytes.size();
}

TEST(PngStill, IsTheGifsFrameAndMinusOneTheLast) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  const AnimationOptions o = look(1);
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  for (const int frame : {0, 1, 7, 62, -1}) {
    const Animation png =
        render_animation(start, moves, o, {}, nullptr, nullptr, {OutputFormat::Png, frame});
    EXPECT_EQ(png.frames, 1);
    int w = 0, h = 0;
    const auto screen = decode_png(png.bytes, w, h);
    ASSERT_EQ(w, gif.width());
    ASSERT_EQ(h, gif.height());
    const int k = frame == -1 ? gif.frame_count() - 1 : frame;
    EXPECT_TRUE(screen == gif_screen(gif, k)) << "frame " << frame;
  }
}

TEST(PngStill, AFrameTheAnimationLacksIsRefusedBeforeDrawing) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(0);  // 32 frames
  for (const int frame : {32, 1000, -2}) {
    try {
      render_animation(start, moves, o, {}, nullptr, nullptr, {OutputFormat::Png, frame});
      FAIL() << frame;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput);
      EXPECT_NE(std::string(e.what()).find("32 frames, 0 to 31"), std::string::npos) << e.what();
    }
  }
}

// The chunks of a PNG file, their CRCs checked.
struct Chunk {
  std::string type;
  std::vector<std::uint8_t> data;
};
std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}
std::vector<Chunk> chunks(const std::vector<std::uint8_t>& bytes) {
  std::vector<Chunk> out;
  std::size_t at = 8;
  while (at + 12 <= bytes.size()) {
    const std::uint32_t n = be32(&bytes[at]);
    Chunk c{std::string(bytes.begin() + static_cast<long>(at) + 4,
                        bytes.begin() + static_cast<long>(at) + 8),
            std::vector<std::uint8_t>(bytes.begin() + static_cast<long>(at) + 8,
                                      bytes.begin() + static_cast<long>(at + 8 + n))};
    out.push_back(std::move(c));
    at += 12 + n;
  }
  EXPECT_EQ(at, bytes.size());
  return out;
}

TEST(Apng, ChunksSayTheGifsFramesDelaysAndPlays) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  AnimationOptions o = look(2);
  o.loop = 2;
  const DecodedGif gif = DecodedGif::decode(render_animation(start, moves, o).bytes);
  const Animation apng =
      render_animation(start, moves, o, {}, nullptr, nullptr, OutputFormat::Apng);
  // libpng reads it as a PNG (its first frame, the default image).
  int w = 0, h = 0;
  EXPECT_TRUE(decode_png(apng.bytes, w, h) == gif_screen(gif, 0));
  const auto cs = chunks(apng.bytes);
  ASSERT_GE(cs.size(), 5U);
  EXPECT_EQ(cs[0].type, "IHDR");
  std::vector<int> delays;
  std::uint32_t sequence = 0;
  for (const Chunk& c : cs) {
    if (c.type == "acTL") {
      EXPECT_EQ(be32(&c.data[0]), static_cast<std::uint32_t>(gif.frame_count()));
      EXPECT_EQ(be32(&c.data[4]), 2U);
    }
    if (c.type == "fcTL" || c.type == "fdAT") {
      EXPECT_EQ(be32(&c.data[0]), sequence++);
    }
    if (c.type == "fcTL") {
      const int num = c.data[20] << 8 | c.data[21], den = c.data[22] << 8 | c.data[23];
      EXPECT_EQ(den, 100);
      delays.push_back(num);
      // Within the canvas.
      EXPECT_LE(be32(&c.data[12]) + be32(&c.data[4]), static_cast<std::uint32_t>(gif.width()));
      EXPECT_LE(be32(&c.data[16]) + be32(&c.data[8]), static_cast<std::uint32_t>(gif.height()));
    }
  }
  ASSERT_EQ(static_cast<int>(delays.size()), gif.frame_count());
  for (int k = 0; k < gif.frame_count(); ++k)
    EXPECT_EQ(delays[static_cast<std::size_t>(k)], gif.delay_cs(k));
  EXPECT_EQ(cs.back().type, "IEND");
}

}  // namespace
}  // namespace slidegif::detail
