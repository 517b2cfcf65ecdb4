#include "render/encode/video_output.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <fmt/format.h>

#include <cstring>
#include <map>
#include <new>

#include "slidegif/error.hpp"
#include "video/memory_output.hpp"

namespace slidegif::detail {

namespace {

// The frames' clock: GIF's hundredths of a second, so every frame keeps its delay exactly (a
// video's frames may last unequal times; players follow the timestamps).
constexpr AVRational kTimeBase{1, 100};

struct Codec {
  const char* name;     // the FFmpeg encoder
  const char* muxer;    // the container
  const char* label;    // for messages
  const char* options;  // the encoder's, "key=value,key=value"
  bool index_first;     // an MP4: its index (moov) moved in front (finish())
};

// Settings measured on format_bench's animations and tests/video (docs/BENCHMARKS.md):
// - both in 4:4:4 colour (H.264's High 4:4:4 Predictive profile, VP9's profile 1): every frame
//   over 40 dB PSNR against the GIF's. 4:2:0 cannot: halving the colour's resolution alone,
//   before any coding, keeps 39.0 dB of a mint 3x4 and 33.3 dB of a picture puzzle. Chromium
//   and Firefox play both; players that take 4:2:0 only (many hardware decoders) do not, so a
//   page names the codecs in <source type> and falls back to the GIF (SERVING.md);
// - H.264: crf 12, as flat colours and sharp edges cost it more than VP9 (at crf 17 a mint 3x4
//   had frames at 35 dB, the whole background a level or two off); qcomp=1 spends bits on
//   every frame alike (at the default 0.6 a lone frame, with no later frame to lend it
//   quality, fell to 36 dB); no B-frames, whose reordering shifts an MP4 by an edit list that
//   browsers read as a shorter video (chromium: 18.24 s of 19.75);
// - VP9: crf 22, "good" at cpu-used 4; "realtime" is 6x faster but twice the size, higher
//   cpu-used no faster.
const Codec& codec_of(OutputFormat format) {
  static constexpr Codec kH264{"libx264", "mp4", "MP4 (H.264)",
                               "preset=medium,crf=12,tune=animation,x264-params=qcomp=1:bframes=0",
                               true};
  static constexpr Codec kVp9{"libvpx-vp9", "webm", "WebM (VP9)",
                              "crf=22,b=0,deadline=good,cpu-used=4", false};
  return format == OutputFormat::Mp4 ? kH264 : kVp9;
}

Error video_error(const Codec& codec, const std::string& what, int code = 0) {
  std::string detail;
  if (code < 0) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    detail = fmt::format(": {}", text);
  }
  return Error(Error::Kind::Render, fmt::format("{}: {}{}", codec.label, what, detail));
}

// FFmpeg's objects, freed by their own functions however the constructor ends.
struct FreeFFmpeg {
  void operator()(AVFormatContext* p) const { avformat_free_context(p); }
  void operator()(AVCodecContext* p) const { avcodec_free_context(&p); }
  void operator()(SwsContext* p) const { sws_freeContext(p); }
  void operator()(AVFrame* p) const { av_frame_free(&p); }
  void operator()(AVPacket* p) const { av_packet_free(&p); }
};
template <typename T>
using Owned = std::unique_ptr<T, FreeFFmpeg>;

class VideoWriter final : public FrameWriter {
 public:
  VideoWriter(OutputFormat format, const Palette& palette, int width, int height);
  void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) override;
  int frames() const override { return frames_; }
  std::vector<std::uint8_t> finish() && override;

 private:
  void open_encoder();
  // Encodes `frame` (nullptr: the end) and keeps every packet the encoder has ready.
  void send(const AVFrame* frame);
  // The file of the packets kept, with `moov_size` bytes kept for an MP4's index in front.
  std::vector<std::uint8_t> mux(std::int64_t moov_size) const;

  const Codec& codec_;
  int width_, height_;  // the animation's; the video's are rounded up to even
  std::vector<Rgb> palette_;
  std::vector<std::uint8_t> rgb_;  // the frame in RGB, padded to the video's size
  Owned<AVCodecContext> encoder_;
  Owned<SwsContext> scaler_;
  Owned<AVFrame> picture_;
  std::vector<Owned<AVPacket>> packets_;   // coded, in the encoder's time base
  std::map<std::int64_t, int> durations_;  // by timestamp, until its packet comes out
  std::int64_t clock_ = 0;                 // when the next frame starts
  int frames_ = 0;
};

VideoWriter::VideoWriter(OutputFormat format, const Palette& palette, int width, int height)
    : codec_(codec_of(format)), width_(width), height_(height) {
  for (int i = 0; i < palette.size(); ++i) palette_.push_back(palette[i]);
  palette_.resize(256);
  const int w = (width + 1) & ~1, h = (height + 1) & ~1;  // even, as every player takes
  rgb_.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3);
  open_encoder();
  // swscale makes RGB 4:4:4 YUV in BT.709, as the stream says (open_encoder). From palette
  // indices (its PAL8) it would use BT.601 whatever it is told.
  scaler_.reset(sws_getContext(w, h, AV_PIX_FMT_RGB24, w, h, AV_PIX_FMT_YUV444P,
                               SWS_BICUBIC | SWS_ACCURATE_RND, nullptr, nullptr, nullptr));
  picture_.reset(av_frame_alloc());
  if (!scaler_ || !picture_) throw std::bad_alloc();  // answered 503, as any allocation
  const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
  sws_setColorspaceDetails(scaler_.get(), bt709, /*srcRange=*/1, bt709, /*dstRange=*/0, 0, 1 << 16,
                           1 << 16);
  picture_->format = AV_PIX_FMT_YUV444P;
  picture_->width = w;
  picture_->height = h;
  if (const int e = av_frame_get_buffer(picture_.get(), 0); e < 0) {
    throw video_error(codec_, "a frame", e);
  }
}

void VideoWriter::open_encoder() {
  const AVCodec* encoder = avcodec_find_encoder_by_name(codec_.name);
  const AVOutputFormat* container = av_guess_format(codec_.muxer, nullptr, nullptr);
  if (encoder == nullptr || container == nullptr) {
    throw video_error(
        codec_, fmt::format("FFmpeg has no {} encoder or {} muxer", codec_.name, codec_.muxer));
  }
  encoder_.reset(avcodec_alloc_context3(encoder));
  if (!encoder_) throw std::bad_alloc();
  encoder_->width = (width_ + 1) & ~1;
  encoder_->height = (height_ + 1) & ~1;
  encoder_->pix_fmt = AV_PIX_FMT_YUV444P;
  encoder_->time_base = kTimeBase;
  encoder_->color_range = AVCOL_RANGE_MPEG;
  encoder_->colorspace = AVCOL_SPC_BT709;
  encoder_->color_primaries = AVCOL_PRI_BT709;
  encoder_->color_trc = AVCOL_TRC_BT709;
  encoder_->thread_count = 1;  // a server runs one render per worker process
  // Quiet: what goes wrong comes back as an Error, and a library prints nothing.
  encoder_->log_level_offset = AV_LOG_DEBUG - AV_LOG_FATAL;
  if ((container->flags & AVFMT_GLOBALHEADER) != 0) encoder_->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  AVDictionary* options = nullptr;
  av_dict_parse_string(&options, codec_.options, "=", ",", 0);
  const int opened = avcodec_open2(encoder_.get(), encoder, &options);
  av_dict_free(&options);
  if (opened < 0) throw video_error(codec_, "opening the encoder", opened);
}

void VideoWriter::add_frame(IndexedView frame, int delay_cs, const Rect& /*dirty*/) {
  // The encoders find what changed themselves; a frame goes whole.
  const int w = encoder_->width, h = encoder_->height;
  for (int y = 0; y < h; ++y) {
    const std::uint8_t* from = frame.rows[std::min(y, height_ - 1)];
    std::uint8_t* to = &rgb_[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) * 3];
    for (int x = 0; x < w; ++x) {
      const Rgb c = palette_[from[std::min(x, width_ - 1)]];  // the padding repeats the edge
      *to++ = c.r;
      *to++ = c.g;
      *to++ = c.b;
    }
  }
  if (const int e = av_frame_make_writable(picture_.get()); e < 0) {
    throw video_error(codec_, "a frame", e);
  }
  const std::uint8_t* planes[4] = {rgb_.data()};
  const int strides[4] = {w * 3};
  sws_scale(scaler_.get(), planes, strides, 0, h, picture_->data, picture_->linesize);
  const int delay = std::max(delay_cs, 1);  // two frames cannot share a timestamp
  picture_->pts = clock_;
  durations_[clock_] = delay;
  clock_ += delay;
  send(picture_.get());
  ++frames_;
}

void VideoWriter::send(const AVFrame* frame) {
  if (const int e = avcodec_send_frame(encoder_.get(), frame); e < 0) {
    throw video_error(codec_, "encoding a frame", e);
  }
  for (;;) {
    Owned<AVPacket> packet(av_packet_alloc());
    if (!packet) throw std::bad_alloc();
    const int received = avcodec_receive_packet(encoder_.get(), packet.get());
    if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return;
    if (received < 0) throw video_error(codec_, "encoding a frame", received);
    // The encoders give no durations; the last frame's would be lost without one.
    const auto d = durations_.find(packet->pts);
    if (d != durations_.end()) {
      packet->duration = d->second;
      durations_.erase(d);
    }
    packets_.push_back(std::move(packet));
  }
}

std::vector<std::uint8_t> VideoWriter::mux(std::int64_t moov_size) const {
  MemoryOutput output;  // outlives the muxer, which writes into it
  AVFormatContext* raw = nullptr;
  if (avformat_alloc_output_context2(&raw, nullptr, codec_.muxer, nullptr) < 0) {
    throw std::bad_alloc();
  }
  const Owned<AVFormatContext> muxer(raw);
  output.attach(muxer.get());
  AVStream* stream = avformat_new_stream(muxer.get(), nullptr);
  if (stream == nullptr) throw std::bad_alloc();
  stream->time_base = kTimeBase;
  if (const int e = avcodec_parameters_from_context(stream->codecpar, encoder_.get()); e < 0) {
    throw video_error(codec_, "the stream's parameters", e);
  }
  AVDictionary* options = nullptr;
  if (moov_size > 0) av_dict_set_int(&options, "moov_size", moov_size, 0);
  const int header = avformat_write_header(muxer.get(), &options);
  av_dict_free(&options);
  if (header < 0) throw video_error(codec_, "writing the header", header);
  for (const auto& coded : packets_) {
    const Owned<AVPacket> packet(av_packet_clone(coded.get()));
    if (!packet) throw std::bad_alloc();
    av_packet_rescale_ts(packet.get(), kTimeBase, stream->time_base);
    packet->stream_index = stream->index;
    if (const int e = av_write_frame(muxer.get(), packet.get()); e < 0) {
      throw video_error(codec_, "writing a frame", e);
    }
  }
  if (const int e = av_write_trailer(muxer.get()); e < 0) throw video_error(codec_, "finishing", e);
  return std::move(output).take();
}

// The size of the top-level box `type` in an MP4 file, 0 if there is none.
std::int64_t box_size(const std::vector<std::uint8_t>& file, const char* type) {
  std::size_t at = 0;
  while (at + 8 <= file.size()) {
    const std::uint32_t size = (std::uint32_t{file[at]} << 24) |
                               (std::uint32_t{file[at + 1]} << 16) |
                               (std::uint32_t{file[at + 2]} << 8) | file[at + 3];
    if (std::memcmp(&file[at + 4], type, 4) == 0) return size;
    if (size < 8) return 0;  // 0 (to the end) and 1 (64 bits): not around an MP4's index
    at += size;
  }
  return 0;
}

std::vector<std::uint8_t> VideoWriter::finish() && {
  if (frames_ == 0) throw Error(Error::Kind::Render, fmt::format("{}: no frames", codec_.label));
  send(nullptr);
  std::vector<std::uint8_t> file = mux(0);
  // An MP4's index (moov) goes last, where a browser must fetch the whole file to start. Muxed
  // again with room kept in front (and 8 bytes for the "free" box that fills the rest), it goes
  // first; FFmpeg's own "faststart" would announce itself on stderr and reopen the output.
  if (codec_.index_first) {
    const std::int64_t index = box_size(file, "moov");
    if (index == 0) throw video_error(codec_, "no index in the file written");
    file = mux(index + 8);
  }
  return file;
}

}  // namespace

bool video_available() {
  return true;
}

std::unique_ptr<FrameWriter> make_video_writer(OutputFormat format, const Palette& palette,
                                               int width, int height) {
  return std::make_unique<VideoWriter>(format, palette, width, height);
}

}  // namespace slidegif::detail
