// The videos show the GIF's frames at the GIF's times: each MP4 and WebM decoded by FFmpeg's
// own demuxers and decoders (not our writer's code) and compared with the GIF decoded by
// giflib: the same number of frames, each starting when the GIF's does, the whole lasting as
// long, and every frame's pixels within 40 dB PSNR of the GIF's (in 4:4:4 colour, which keeps
// them; 4:2:0 alone, uncoded, keeps 39 dB of a mint 3x4 and 33 dB of a picture puzzle).

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "gif_decoder.hpp"
#include "render/animation/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"
#include "slidegif/render.hpp"
#include "test_font.hpp"

namespace slidegif {
namespace {

using testing::Color;
using testing::DecodedGif;

struct Video {
  std::string codec, pixel_format;
  int width = 0, height = 0;
  std::vector<std::vector<Color>> screens;  // row by row
  std::vector<double> starts;               // seconds
  double duration = 0;                      // seconds, the container's
  double stream_duration = 0;               // seconds, the video stream's (what browsers say)
};

struct Reader {
  const std::vector<std::uint8_t>* bytes;
  std::int64_t position = 0;
};

int read(void* opaque, std::uint8_t* to, int size) {
  auto* r = static_cast<Reader*>(opaque);
  const auto left = static_cast<std::int64_t>(r->bytes->size()) - r->position;
  if (left <= 0) return AVERROR_EOF;
  const int n = static_cast<int>(std::min<std::int64_t>(left, size));
  std::memcpy(to, r->bytes->data() + r->position, static_cast<std::size_t>(n));
  r->position += n;
  return n;
}

std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
  auto* r = static_cast<Reader*>(opaque);
  const auto size = static_cast<std::int64_t>(r->bytes->size());
  if ((whence & ~AVSEEK_FORCE) == AVSEEK_SIZE) return size;
  if (whence == SEEK_CUR) offset += r->position;
  if (whence == SEEK_END) offset += size;
  r->position = offset;
  return offset;
}

// Converts a decoded frame to RGB as a player would: by the matrix and range the stream names.
std::vector<Color> to_rgb(const AVFrame* f, int width, int height) {
  SwsContext* sws = sws_getContext(f->width, f->height, static_cast<AVPixelFormat>(f->format),
                                   f->width, f->height, AV_PIX_FMT_RGB24,
                                   // without these, swscale's fast path leaves the last columns
                                   // of a width not a multiple of 8 black
                                   SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr,
                                   nullptr, nullptr);
  const int* matrix =
      sws_getCoefficients(f->colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT);
  sws_setColorspaceDetails(sws, matrix, f->color_range == AVCOL_RANGE_JPEG, matrix, 1, 0, 1 << 16,
                           1 << 16);
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(f->width) * f->height * 3);
  std::uint8_t* planes[4] = {rgb.data()};
  const int strides[4] = {f->width * 3};
  sws_scale(sws, f->data, f->linesize, 0, f->height, planes, strides);
  sws_freeContext(sws);
  std::vector<Color> screen;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * f->width + x) * 3];
      screen.push_back({p[0], p[1], p[2]});
    }
  return screen;
}

// Decodes every frame, keeping the top-left width x height of each (the video rounds its size
// up to even numbers).
Video decode_video(const std::vector<std::uint8_t>& bytes, int width, int height) {
  Reader reader{&bytes};
  AVFormatContext* demuxer = avformat_alloc_context();
  auto* buffer = static_cast<unsigned char*>(av_malloc(4096));
  demuxer->pb = avio_alloc_context(buffer, 4096, 0, &reader, read, nullptr, seek);
  if (avformat_open_input(&demuxer, nullptr, nullptr, nullptr) < 0 ||
      avformat_find_stream_info(demuxer, nullptr) < 0 || demuxer->nb_streams != 1) {
    throw std::runtime_error("FFmpeg cannot read it");
  }
  const AVStream* stream = demuxer->streams[0];
  const AVCodec* codec = avcodec_find_decoder(stream->codecpar->codec_id);
  AVCodecContext* decoder = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(decoder, stream->codecpar);
  if (avcodec_open2(decoder, codec, nullptr) < 0) throw std::runtime_error("no decoder");
  Video v;
  v.codec = codec->name;
  v.pixel_format = av_get_pix_fmt_name(decoder->pix_fmt);
  v.width = decoder->width;
  v.height = decoder->height;
  v.duration = static_cast<double>(demuxer->duration) / AV_TIME_BASE;
  if (stream->duration != AV_NOPTS_VALUE) {  // Matroska (WebM) says it for the file only
    v.stream_duration = static_cast<double>(stream->duration) * av_q2d(stream->time_base);
  }
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  const auto drain = [&] {
    while (avcodec_receive_frame(decoder, frame) == 0) {
      v.screens.push_back(to_rgb(frame, width, height));
      v.starts.push_back(static_cast<double>(frame->best_effort_timestamp) *
                         av_q2d(stream->time_base));
    }
  };
  while (av_read_frame(demuxer, packet) == 0) {
    avcodec_send_packet(decoder, packet);
    av_packet_unref(packet);
    drain();
  }
  avcodec_send_packet(decoder, nullptr);
  drain();
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&decoder);
  av_freep(&demuxer->pb->buffer);
  avio_context_free(&demuxer->pb);
  avformat_close_input(&demuxer);
  return v;
}

// Squared error of `screen` against frame k of the GIF, over its three channels.
double squared_error(const DecodedGif& gif, int k, const std::vector<Color>& screen) {
  double sum = 0;
  for (int y = 0; y < gif.height(); ++y)
    for (int x = 0; x < gif.width(); ++x) {
      const Color a = gif.pixel(k, x, y);
      const Color b = screen[static_cast<std::size_t>(y * gif.width() + x)];
      for (const auto& [p, q] : {std::pair{a.r, b.r}, {a.g, b.g}, {a.b, b.b}})
        sum += (p - q) * (p - q);
    }
  return sum;
}

double psnr(double squared, double samples) {
  return 10 * std::log10(255.0 * 255.0 * samples / squared);
}

AnimationOptions look(int tween) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tween = tween;
  return o;
}

struct Case {
  const char* name;
  const char* start;
  const char* moves;
  int tween;
  Shape shape;
  OutputFormat format;
  const char* picture = nullptr;  // a picture puzzle's, from samples/pictures
  const char* theme = "classic";
};

class VideoFrames : public ::testing::TestWithParam<Case> {};

TEST_P(VideoFrames, AreTheGifsFramesAtTheGifsTimes) {
  const Case& c = GetParam();
  const Board start = parse_board(c.start, c.shape);
  const auto moves = moves_from_string(c.moves);
  AnimationOptions o = look(c.tween);
  o.theme = c.theme;
  if (c.picture != nullptr) {
    o.picture = read_picture(std::string(SLIDEGIF_SOURCE_DIR "/samples/pictures/") + c.picture);
  }
  const DecodedGif gif = DecodedGif::decode(detail::render_animation(start, moves, o).bytes);
  const Animation video = detail::render_animation(start, moves, o, {}, nullptr, nullptr, c.format);
  const Video v = decode_video(video.bytes, gif.width(), gif.height());
  EXPECT_EQ(v.codec, c.format == OutputFormat::Mp4 ? "h264" : "vp9");
  EXPECT_EQ(v.pixel_format, "yuv444p");  // High 4:4:4 Predictive, VP9 profile 1
  EXPECT_EQ(v.width, (gif.width() + 1) / 2 * 2);
  EXPECT_EQ(v.height, (gif.height() + 1) / 2 * 2);
  ASSERT_EQ(static_cast<int>(v.screens.size()), gif.frame_count());
  EXPECT_EQ(video.frames, gif.frame_count());
  EXPECT_NEAR(v.duration, gif.total_delay_cs() / 100.0, 0.0015);
  // An MP4 with B-frames shifts its frames by an edit list that browsers read as a shorter
  // stream (chromium said 18.24 s of 19.75): none here.
  if (c.format == OutputFormat::Mp4) {
    EXPECT_NEAR(v.stream_duration, gif.total_delay_cs() / 100.0, 0.0015);
  }
  double squared = 0, worst_frame = 1e9;
  const double frame_samples = 3.0 * gif.width() * gif.height();
  int start_cs = 0;
  for (int k = 0; k < gif.frame_count(); ++k) {
    EXPECT_NEAR(v.starts[static_cast<std::size_t>(k)], start_cs / 100.0, 0.0015) << "frame " << k;
    start_cs += gif.delay_cs(k);
    const double e = squared_error(gif, k, v.screens[static_cast<std::size_t>(k)]);
    squared += e;
    const double frame_psnr = psnr(e, frame_samples);
    EXPECT_GE(frame_psnr, 40.0) << "frame " << k;
    worst_frame = std::min(worst_frame, frame_psnr);
  }
  const double ours = psnr(squared, frame_samples * gif.frame_count());
  RecordProperty("psnr_db", std::to_string(ours));
  RecordProperty("worst_frame_psnr_db", std::to_string(worst_frame));
  std::printf("%s: %.2f dB (worst frame %.2f dB), %zu bytes\n", c.name, ours, worst_frame,
              video.bytes.size());
}

const char* const kMoves31 = "UULDDRRUULDLDRRUULDLDRRUULLDDRR";  // from 867254301
// `slidegif random --size 3x4 --seed 1`, whose dark MP4 had frames at 37.7 dB in 4:2:0
const char* const kStart3x4 = "5,3,10,4/6,2,7,11/9,0,1,8";
const char* const kMoves3x4 = "RUULDDRURULLDDRULLURRRDD";

INSTANTIATE_TEST_SUITE_P(
    Animations, VideoFrames,
    ::testing::Values(
        Case{"Mp4Tweened3x3", "867254301", kMoves31, 3, {3, 3}, OutputFormat::Mp4},
        Case{"WebmTweened3x3", "867254301", kMoves31, 3, {3, 3}, OutputFormat::Webm},
        Case{"Mp4Jumps3x3", "867254301", kMoves31, 0, {3, 3}, OutputFormat::Mp4},
        // odd sizes, and a goal frame first (the goal is not the standard one)
        Case{"Mp4GoalFrame2x3", "123450", "LURDLL", 2, {2, 3}, OutputFormat::Mp4},
        Case{"WebmGoalFrame2x3", "123450", "LURDLL", 2, {2, 3}, OutputFormat::Webm},
        Case{"Mp4NoMoves", "123456780", "", 3, {3, 3}, OutputFormat::Mp4},
        Case{"Mp4Picture", "867254301", kMoves31, 3, {3, 3}, OutputFormat::Mp4, "sunset.png"},
        Case{"WebmPicture", "867254301", kMoves31, 3, {3, 3}, OutputFormat::Webm, "sunset.png"},
        Case{"Mp4Dark3x4", kStart3x4, kMoves3x4, 3, {3, 4}, OutputFormat::Mp4, nullptr, "dark"},
        Case{"WebmDark3x4", kStart3x4, kMoves3x4, 3, {3, 4}, OutputFormat::Webm, nullptr, "dark"},
        Case{"Mp4Mint3x4", kStart3x4, kMoves3x4, 3, {3, 4}, OutputFormat::Mp4, nullptr, "mint"},
        Case{"WebmMint3x4", kStart3x4, kMoves3x4, 3, {3, 4}, OutputFormat::Webm, nullptr, "mint"},
        Case{"Mp4Picture4x4",
             "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15",
             "RR",
             3,
             {4, 4},
             OutputFormat::Mp4,
             "sunset.png"}),
    [](const auto& info) { return std::string(info.param.name); });

// The index (moov) comes before the frames (mdat), so a browser plays as the file arrives.
TEST(Mp4, IndexComesFirst) {
  const auto video = detail::render_animation(parse_board("123405786"), moves_from_string("RD"),
                                              look(3), {}, nullptr, nullptr, OutputFormat::Mp4);
  const std::string bytes(video.bytes.begin(), video.bytes.end());
  ASSERT_NE(bytes.find("moov"), std::string::npos);
  ASSERT_NE(bytes.find("mdat"), std::string::npos);
  EXPECT_LT(bytes.find("moov"), bytes.find("mdat"));
}

TEST(Video, IsSmallerThanTheGif) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string(kMoves31);
  const auto gif = detail::render_animation(start, moves, look(3));
  for (const OutputFormat f : {OutputFormat::Mp4, OutputFormat::Webm}) {
    const auto video = detail::render_animation(start, moves, look(3), {}, nullptr, nullptr, f);
    EXPECT_LT(video.bytes.size() * 2, gif.bytes.size()) << format_info(f).name;
  }
}

}  // namespace
}  // namespace slidegif
