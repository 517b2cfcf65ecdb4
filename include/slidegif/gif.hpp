#pragma once
// GIF assembly on top of libgd: one fixed global palette for every frame, and our own
// frame-difference encoding (each frame after the first carries only the rectangle that changed,
// unchanged pixels inside it set to a reserved transparent index).
//
// Why not gd's own `previm` optimisation: in libgd 2.3.3 it marks at most one unchanged pixel
// per row transparent and drops a frame identical to its predecessor together with its delay.
//
//   slidegif::Palette palette({{255, 255, 255}, {0, 0, 0}});
//   slidegif::GifEncoder gif(palette, w, h, /*loop=*/0);
//   gif.add_frame(*frame, 50);
//   auto bytes = std::move(gif).finish();

#include <gd.h>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace slidegif {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

struct GdImageDeleter {
  void operator()(gdImagePtr im) const {
    if (im != nullptr) gdImageDestroy(im);
  }
};
using GdImage = std::unique_ptr<gdImage, GdImageDeleter>;

// An immutable colour table. The last entry is reserved as the transparent index used by
// frame-difference encoding; it is never drawn.
class Palette {
 public:
  // Throws Error(Render) when the colours plus the reserved slot exceed 256.
  explicit Palette(std::vector<Rgb> colors);
  int size() const { return static_cast<int>(colors_.size()); }  // including the reserved slot
  int transparent() const { return size() - 1; }
  const Rgb& operator[](int index) const { return colors_[static_cast<std::size_t>(index)]; }
  // The drawable entry closest to c (never the transparent slot).
  int nearest(Rgb c) const;

 private:
  std::vector<Rgb> colors_;
};

// Maps true colours to palette indices, remembering answers (antialiased art repeats colours).
class Quantizer {
 public:
  explicit Quantizer(const Palette& palette) : palette_(palette) {}
  int index(Rgb c);
  // A palette image holding `src` (a truecolour image) mapped through the palette.
  GdImage to_palette_image(const gdImage& src);

 private:
  const Palette& palette_;
  std::unordered_map<std::uint32_t, std::uint8_t> cache_;
};

// A palette image with exactly `palette` allocated in order, every pixel set to `fill`.
// Throws Error(Render) if gd cannot allocate it.
GdImage make_palette_image(int width, int height, const Palette& palette, int fill);
GdImage make_truecolor_image(int width, int height);

// Copies palette image `src` onto `dst` at (x, y), clipped, skipping src's transparent index if
// it has one. Both must share one palette (make_palette_image), so indices copy unchanged;
// gdImageCopy would look every pixel up by colour instead.
void copy_sprite(gdImage& dst, const gdImage& src, int x, int y);

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
};
Rect unite(const Rect& a, const Rect& b);

// Our `loop` (0 = forever, N = play N times) to gd's Loops argument. Browsers read the
// NETSCAPE2.0 count as *repeats* after the first play, and no extension at all as "play once",
// so N plays become N-1 repeats and 1 play becomes -1 (gd then writes no extension).
int gd_loops_for(int loop);

class GifEncoder {
 public:
  // `loop` as in AnimationOptions; frames must be palette images of width x height built with
  // make_palette_image(palette).
  GifEncoder(const Palette& palette, int width, int height, int loop);

  // `dirty`, if given, promises that pixels outside it equal the previous frame's, so only it
  // is compared. A frame identical to the previous one is still written (as a 1x1 transparent
  // image) so its delay is kept.
  void add_frame(const gdImage& frame, int delay_cs, const Rect* dirty = nullptr);
  int frames() const { return frames_; }
  std::vector<std::uint8_t> finish() &&;

 private:
  void append(void* data, int size);
  void emit(const gdImage& image, int left, int top, int delay_cs);

  const Palette& palette_;
  int width_;
  int height_;
  int loops_;
  int frames_ = 0;
  std::vector<std::uint8_t> previous_;  // palette indices of the last frame shown
  std::vector<std::uint8_t> out_;
};

}  // namespace slidegif
