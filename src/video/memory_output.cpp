#include "video/memory_output.hpp"

extern "C" {
#include <libavformat/avformat.h>
#include <libavutil/mem.h>
}

#include <cstring>
#include <new>

#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

constexpr int kBufferSize = 1 << 16;

// FFmpeg 6.1 made the written buffer const.
#if LIBAVFORMAT_VERSION_MAJOR >= 61
using WrittenBytes = const std::uint8_t*;
#else
using WrittenBytes = std::uint8_t*;
#endif

}  // namespace

MemoryOutput::~MemoryOutput() {
  if (io_ == nullptr) return;
  av_freep(&io_->buffer);
  avio_context_free(&io_);
}

void MemoryOutput::attach(AVFormatContext* muxer) {
  auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferSize));
  const auto written = [](void* opaque, WrittenBytes from, int size) -> int {
    auto* out = static_cast<MemoryOutput*>(opaque);
    const auto end = static_cast<std::size_t>(out->position_ + size);
    if (out->bytes_.size() < end) out->bytes_.resize(end);
    std::memcpy(out->bytes_.data() + out->position_, from, static_cast<std::size_t>(size));
    out->position_ += size;
    return size;
  };
  const auto seek = [](void* opaque, std::int64_t offset, int whence) -> std::int64_t {
    auto* out = static_cast<MemoryOutput*>(opaque);
    const auto size = static_cast<std::int64_t>(out->bytes_.size());
    switch (whence & ~AVSEEK_FORCE) {
      case AVSEEK_SIZE:
        return size;
      case SEEK_SET:
        break;
      case SEEK_CUR:
        offset += out->position_;
        break;
      case SEEK_END:
        offset += size;
        break;
      default:
        return AVERROR(EINVAL);
    }
    if (offset < 0) return AVERROR(EINVAL);
    out->position_ = offset;
    return offset;
  };
  if (buffer != nullptr) {
    io_ = avio_alloc_context(buffer, kBufferSize, /*write_flag=*/1, this, nullptr, +written, +seek);
  }
  if (io_ == nullptr) {
    av_free(buffer);
    throw std::bad_alloc();
  }
  muxer->pb = io_;
  muxer->flags |= AVFMT_FLAG_CUSTOM_IO;  // ours to free, not the muxer's
}

std::vector<std::uint8_t> MemoryOutput::take() && {
  avio_flush(io_);
  return std::move(bytes_);
}

}  // namespace slidegif::detail
