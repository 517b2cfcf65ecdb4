#pragma once
// GIF writing for frames of palette indices: one fixed global palette for every frame, and
// frame-difference encoding (each frame after the first carries only the rectangle
// that changed, unchanged pixels inside it set to a reserved transparent index).
//
// The GIF stream and its LZW coding are written here rather than by gd's gdImageGifAnim*:
// - gd reads every pixel through gdImageGetPixel and a general-purpose compressor, and that
//   was a third of a CGI request's time; a table-driven LZW over the rows is several times
//   faster and compresses the same;
// - the changed rectangle is encoded straight from the frame and the previous one, with no
//   intermediate sub-image;
// - gd's own `previm` optimisation (libgd 2.3.3) marks at most one unchanged pixel per row
//   transparent and drops a frame identical to its predecessor together with its delay.
//
//   slidegif::detail::Palette palette({{255, 255, 255}, {0, 0, 0}});
//   slidegif::detail::GifEncoder gif(palette, w, h, /*loop=*/0);
//   std::vector<std::uint8_t> pixels(w * h, 1);  // all black
//   std::vector<const std::uint8_t*> rows;
//   for (int y = 0; y < h; ++y) rows.push_back(&pixels[y * w]);
//   gif.add_frame({rows.data(), w, h}, 50);
//   auto bytes = std::move(gif).finish();

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "render/pixels/frame_diff.hpp"
#include "render/pixels/palette.hpp"
#include "render/pixels/rect.hpp"

namespace slidegif::detail {

class LzwWriter;  // lzw.hpp

// Our `loop` (0 = forever, N = play N times) to the NETSCAPE2.0 repeat count. Browsers read the
// count as *repeats* after the first play, and no extension at all as "play once", so N plays
// become N-1 repeats and 1 play becomes -1 (no extension is written).
int netscape_repeats(int loop);

// How a difference frame codes the pixels of its area that did not change. Which is smallest
// depends on what moved (measured on the sample GIFs; DEVELOPERS.md), and the caller knows that.
enum class FrameCoding {
  // Transparent, except a one-colour gap inside a run of its own colour, which is coded as it is.
  Transparent,
  // ... and also any gap of up to two colour changes: a tile that jumped a whole cell leaves
  // short stretches of the board and the blank that read better as themselves.
  Bridged,
  // Every pixel as it is: a tile sliding part of a cell covers mostly its own face rows, and
  // whole rows of one colour code shorter than rows broken by transparent stretches.
  Whole,
  // Unchanged pixels transparent only along a stretch of two colours or more, so that a run of
  // one colour goes on (gifsicle's choice).
  Runs,
  // Transparent and Whole both, keeping the shorter (which wins depends on the picture).
  Shorter,
  // Transparent, Runs and Whole, keeping the shortest: for a picture's many colours.
  Shortest,
};

class GifEncoder {
 public:
  // `loop` as in AnimationOptions; frames are width x height indices into `palette`, which
  // must outlive the encoder.
  // Throws Error(Render) for a size GIF cannot hold (0 or over 65535).
  GifEncoder(const Palette& palette, int width, int height, int loop);
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;

  // `dirty`, if given, promises that pixels outside it equal the previous frame's, so only it
  // is compared. A frame identical to the previous one is still written (as a 1x1 transparent
  // image) so its delay is kept.
  // Throws Error(Render) for a frame of another size, or without rows.
  void add_frame(IndexedView frame, int delay_cs, const Rect* dirty = nullptr,
                 FrameCoding coding = FrameCoding::Transparent);
  int frames() const { return frames_; }
  // The smallest rectangle holding every pixel of `dirty` (or of the frame, if null) that
  // differs from the previous frame; empty if none does. A frame's columns can be chosen with
  // it before the frame is added.
  Rect changed_area(IndexedView frame, const Rect* dirty) const;
  // The whole GIF. Throws Error(Render) if no frame was added.
  std::vector<std::uint8_t> finish() &&;

  // Coded pieces, copied in rather than coded again (gif_copied_frames.cpp; frame_sequence.cpp says
  // which frames). Each promises the same bytes as coding the frame would give; none may be
  // the first frame.
  //
  // The frame added last (graphic control extension, descriptor, coded data): a piece to copy
  // in later.
  std::span<const std::uint8_t> last_image() const;
  // Adds a frame whose image is `image` (from last_image()). The frame's pixels must then be
  // passed to keep_previous() before a frame is compared with them.
  void add_coded_frame(std::span<const std::uint8_t> image, int delay_cs);
  // Sets the previous frame's pixels in `area` to `frame`'s (what a copied frame showed).
  void keep_previous(IndexedView frame, const Rect& area);
  // The first rows of a split frame (below), coded: `bits` bits of LZW codes, least
  // significant first, ending with the clear code; the rectangle's top row.
  struct SplitHead {
    std::vector<std::uint8_t> bytes;
    std::size_t bits = 0;
    int top = 0;
  };
  // A frame within `area`, coded in two parts joined by an LZW clear code: the rows above
  // `split_y` (the head), then the rest. The rectangle keeps `area`'s columns; its top moves
  // down past rows above `split_y` that did not change, its bottom up past rows below it that
  // did not. Returns the head, which the overload below takes instead of coding those rows.
  // `coding` is Transparent or Bridged (others code as Transparent).
  SplitHead add_split_frame(IndexedView frame, int delay_cs, const Rect& area, int split_y,
                            FrameCoding coding = FrameCoding::Transparent);
  // The same with the rows above `split_y` already coded as `head` (from the overload above,
  // for the same pixels): only the rest is coded, and those rows of the previous frame are left
  // as they were (keep_previous() is the caller's).
  void add_split_frame(IndexedView frame, int delay_cs, const Rect& area, int split_y,
                       std::span<const std::uint8_t> head, std::size_t head_bits, int top,
                       FrameCoding coding = FrameCoding::Transparent);

 private:
  void write_header();
  // Graphic control extension and image descriptor of a frame at `area`.
  void begin_image(const Rect& area, int delay_cs, bool transparent);
  void encode_first(IndexedView frame);
  void encode_difference(IndexedView frame, const Rect& changed, FrameCoding coding);
  // Fills coded_ with the changed area as `coding` (not Shorter) codes it; previous_ takes the
  // area's new pixels if `update_previous`.
  void prepare(IndexedView frame, const Rect& changed, FrameCoding coding,
               bool update_previous = true);
  // A difference frame's transparent index: the lowest index its opaque pixels leave free, so
  // that its codes can be as narrow as its colours allow (gifsicle does the same); `t`, the
  // palette's reserved slot, when no lower one is free. Recodes `coded`'s transparent pixels.
  static std::uint8_t lowest_unused(std::vector<std::uint8_t>& coded, std::uint8_t t);
  void set_transparent_index(std::uint8_t index);  // the current frame's
  // Codes coded_ as an image's data into `out`, with other_'s alternatives; gives up, leaving
  // `out` as it was and returning false, if that takes more than `budget` bytes.
  bool code(FrameCoding coding, std::vector<std::uint8_t>& out,
            std::size_t budget = static_cast<std::size_t>(-1));
  // Rows [y0, y1) of `area` as encode_difference() codes them, into `lzw`.
  void code_rows(IndexedView frame, const Rect& area, int y0, int y1, detail::LzwWriter& lzw,
                 FrameCoding coding);
  void check_frame(IndexedView frame) const;
  // The first row of `area` that differs from the previous frame's, searching down to
  // `split_y`; and one past the last, searching up to it (at least one row past `top`).
  int first_changed_row(IndexedView frame, const Rect& area, int split_y) const;
  int end_of_changed_rows(IndexedView frame, const Rect& area, int split_y, int top) const;
  bool row_changed(IndexedView frame, const Rect& area, int y) const;

  const Palette& palette_;
  int width_;
  int height_;
  int repeats_;
  // The global colour table has 2^table_bits_ entries; split frames (gif_copied_frames.cpp) code
  // with that many bits, so that their head depends on the move alone, not on the caption.
  int table_bits_;
  int frames_ = 0;
  struct LzwState;  // the LZW dictionary, reused by every frame (gif.cpp)
  std::unique_ptr<LzwState> lzw_;
  std::vector<std::uint8_t> previous_;  // palette indices of the last frame shown
  std::vector<std::uint8_t> coded_;     // a difference frame's area, as it is coded
  std::vector<std::uint8_t> other_;     // ... and what each pixel may be coded as instead
  std::vector<std::uint8_t> scratch_;   // the shortest coding so far of a frame coded two ways
  std::vector<std::uint8_t> runs_;      // ... and the next one tried
  std::vector<std::uint8_t> out_;
  static constexpr std::size_t kControlBytes = 8;  // a graphic control extension's
  std::size_t image_start_ = 0;  // where the last image's descriptor begins in out_
};

}  // namespace slidegif::detail
