#pragma once
// The formats other than GIF: each takes an animation's frames as the frame loop draws them (the
// whole frame in palette indices, and the rectangle outside which nothing changed) and writes
// them its own way. GIF has its own encoder (gif/), which the frame loop drives more closely to
// copy coded moves in.
//
//   auto writer = slidegif::detail::make_frame_writer({OutputFormat::Webp}, palette, w, h, loop);
//   writer->add_frame(view(*frame), 150, Rect{0, 0, w, h});  // ... once per frame
//   std::vector<std::uint8_t> webp = std::move(*writer).finish();

#include <cstdint>
#include <memory>
#include <vector>

#include "render/pixels/frame_diff.hpp"
#include "render/pixels/palette.hpp"
#include "render/pixels/rect.hpp"
#include "slidegif/format.hpp"

namespace slidegif::detail {

class FrameWriter {
 public:
  virtual ~FrameWriter() = default;
  // Adds a frame shown for `delay_cs` hundredths of a second (GIF's unit, so that every format
  // keeps the same timing); pixels outside `dirty` are the previous frame's.
  virtual void add_frame(IndexedView frame, int delay_cs, const Rect& dirty) = 0;
  // Frames in the file so far (a still's: 1 once it has its frame).
  virtual int frames() const = 0;
  // True once later frames can change nothing in the file (a still has its frame).
  virtual bool complete() const { return false; }
  // The whole file. Throws Error(Render) if the frames it needs were not added.
  virtual std::vector<std::uint8_t> finish() && = 0;
};

// A writer of `encoding` (not Gif) for frames of width x height indices into `palette` (which
// must outlive it), played `loop` times (0: forever). A still's frame is an index, from 0
// (still_frame_index() makes one of -1).
std::unique_ptr<FrameWriter> make_frame_writer(const Encoding& encoding, const Palette& palette,
                                               int width, int height, int loop);

// The still's frame asked for, as an index from 0; throws Error(BadInput) with the frames there
// are when it is not one of `frames`.
int still_frame_index(int frame, int frames);

}  // namespace slidegif::detail
