#pragma once
// Where FFmpeg's muxer writes: memory, seekable as a file is (the MP4 muxer goes back to fill
// in sizes).
//
//   MemoryOutput out;   // declared before the muxer, which must not outlive it
//   out.attach(muxer);  // before avformat_write_header
//   ...                 // av_write_trailer
//   std::vector<std::uint8_t> file = std::move(out).take();

#include <cstdint>
#include <vector>

struct AVFormatContext;
struct AVIOContext;

namespace slidegif::detail {

class MemoryOutput {
 public:
  MemoryOutput() = default;
  ~MemoryOutput();
  MemoryOutput(const MemoryOutput&) = delete;
  MemoryOutput& operator=(const MemoryOutput&) = delete;

  // Makes `muxer` write here; throws Error(Render) when FFmpeg cannot allocate.
  void attach(AVFormatContext* muxer);
  // The bytes written, once the muxer is done.
  std::vector<std::uint8_t> take() &&;

 private:
  std::vector<std::uint8_t> bytes_;
  std::int64_t position_ = 0;  // where the next write goes
  AVIOContext* io_ = nullptr;
};

}  // namespace slidegif::detail
