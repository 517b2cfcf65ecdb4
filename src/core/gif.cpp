#include "slidegif/gif.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstring>

#include "slidegif/error.hpp"

namespace slidegif {

namespace {

std::uint32_t pack(Rgb c) {
  return (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b;
}

// "Redmean" weighted distance: cheap and much closer to perceived difference than plain RGB.
long distance(Rgb a, Rgb b) {
  const long rmean = (long{a.r} + b.r) / 2;
  const long dr = long{a.r} - b.r, dg = long{a.g} - b.g, db = long{a.b} - b.b;
  return (((512 + rmean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rmean) * db * db) >> 8);
}

struct GdFreeDeleter {
  void operator()(void* p) const { gdFree(p); }
};
using GdBuffer = std::unique_ptr<void, GdFreeDeleter>;

}  // namespace

Palette::Palette(std::vector<Rgb> colors) : colors_(std::move(colors)) {
  // The reserved transparent slot gets a colour no theme uses, so an exact-match lookup by
  // gdImageCopy never lands on it.
  colors_.push_back({1, 254, 3});
  if (colors_.size() > gdMaxColors) {
    throw Error(Error::Kind::Render,
                fmt::format("palette needs {} colours, GIF allows 256", colors_.size()));
  }
}

int Palette::nearest(Rgb c) const {
  int best = 0;
  long best_d = LONG_MAX;
  for (int i = 0; i < transparent(); ++i) {
    const long d = distance(c, colors_[static_cast<std::size_t>(i)]);
    if (d < best_d) {
      best_d = d;
      best = i;
      if (d == 0) break;
    }
  }
  return best;
}

int Quantizer::index(Rgb c) {
  const auto key = pack(c);
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  const int i = palette_.nearest(c);
  cache_.emplace(key, static_cast<std::uint8_t>(i));
  return i;
}

GdImage Quantizer::to_palette_image(const gdImage& src) {
  auto out = make_palette_image(src.sx, src.sy, palette_, 0);
  std::uint32_t last_key = UINT32_MAX;
  int last_index = 0;
  for (int y = 0; y < src.sy; ++y) {
    for (int x = 0; x < src.sx; ++x) {
      const int p = src.tpixels[y][x];
      const Rgb c{static_cast<std::uint8_t>(gdTrueColorGetRed(p)),
                  static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
                  static_cast<std::uint8_t>(gdTrueColorGetBlue(p))};
      const auto key = pack(c);
      if (key != last_key) {  // runs of one colour are the common case
        last_key = key;
        last_index = index(c);
      }
      out->pixels[y][x] = static_cast<unsigned char>(last_index);
    }
  }
  return out;
}

GdImage make_palette_image(int width, int height, const Palette& palette, int fill) {
  GdImage im(gdImageCreate(width, height));
  if (!im)
    throw Error(Error::Kind::Render, fmt::format("gd cannot create a {}x{} image", width, height));
  for (int i = 0; i < palette.size(); ++i) {
    // Set the table directly: gdImageColorAllocate would merge nothing but is O(n) per call and
    // we want the indices to be exactly the palette's.
    im->red[i] = palette[i].r;
    im->green[i] = palette[i].g;
    im->blue[i] = palette[i].b;
    im->alpha[i] = gdAlphaOpaque;
    im->open[i] = 0;
  }
  im->colorsTotal = palette.size();
  for (int y = 0; y < height; ++y)
    std::memset(im->pixels[y], fill, static_cast<std::size_t>(width));
  return im;
}

GdImage make_truecolor_image(int width, int height) {
  GdImage im(gdImageCreateTrueColor(width, height));
  if (!im)
    throw Error(Error::Kind::Render, fmt::format("gd cannot create a {}x{} image", width, height));
  return im;
}

void copy_sprite(gdImage& dst, const gdImage& src, int x, int y) {
  const int x0 = std::max(0, -x), x1 = std::min(src.sx, dst.sx - x);
  const int y0 = std::max(0, -y), y1 = std::min(src.sy, dst.sy - y);
  if (x0 >= x1) return;
  const int t = src.transparent;
  for (int sy = y0; sy < y1; ++sy) {
    const unsigned char* from = src.pixels[sy];
    unsigned char* to = dst.pixels[y + sy] + x;
    if (t < 0) {
      std::memcpy(to + x0, from + x0, static_cast<std::size_t>(x1 - x0));
      continue;
    }
    for (int sx = x0; sx < x1; ++sx) {
      if (from[sx] != t) to[sx] = from[sx];
    }
  }
}

Rect unite(const Rect& a, const Rect& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  const int x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
  const int x1 = std::max(a.x + a.w, b.x + b.w), y1 = std::max(a.y + a.h, b.y + b.h);
  return {x0, y0, x1 - x0, y1 - y0};
}

int gd_loops_for(int loop) {
  if (loop == 0) return 0;   // NETSCAPE count 0: forever
  if (loop == 1) return -1;  // no extension: a single play everywhere
  return loop - 1;
}

GifEncoder::GifEncoder(const Palette& palette, int width, int height, int loop)
    : palette_(palette), width_(width), height_(height), loops_(gd_loops_for(loop)) {}

void GifEncoder::append(void* data, int size) {
  GdBuffer owned(data);
  if (data == nullptr || size < 0)
    throw Error(Error::Kind::Render, "gd failed to encode a GIF frame");
  const auto* p = static_cast<const std::uint8_t*>(data);
  out_.insert(out_.end(), p, p + size);
}

void GifEncoder::emit(const gdImage& image, int left, int top, int delay_cs) {
  int size = 0;
  // gd takes a non-const image but only reads it.
  auto* im = const_cast<gdImagePtr>(&image);
  // Call first: the order in which arguments are evaluated would otherwise decide `size`.
  void* data = gdImageGifAnimAddPtr(im, &size, 0, left, top, delay_cs, gdDisposalNone, nullptr);
  append(data, size);
}

void GifEncoder::add_frame(const gdImage& frame, int delay_cs, const Rect* dirty) {
  if (frame.trueColor || frame.sx != width_ || frame.sy != height_) {
    throw Error(Error::Kind::Render, "GIF frame has the wrong size or is not a palette image");
  }
  delay_cs = std::clamp(delay_cs, 0, 65535);
  const auto w = static_cast<std::size_t>(width_);
  if (frames_ == 0) {
    int size = 0;
    void* data = gdImageGifAnimBeginPtr(const_cast<gdImagePtr>(&frame), &size, 1, loops_);
    append(data, size);
    emit(frame, 0, 0, delay_cs);
    previous_.resize(w * static_cast<std::size_t>(height_));
    for (int y = 0; y < height_; ++y) std::memcpy(&previous_[y * w], frame.pixels[y], w);
    ++frames_;
    return;
  }

  Rect area{0, 0, width_, height_};
  if (dirty != nullptr) {
    const int x0 = std::max(0, dirty->x), y0 = std::max(0, dirty->y);
    const int x1 = std::min(width_, dirty->x + dirty->w),
              y1 = std::min(height_, dirty->y + dirty->h);
    area = {x0, y0, x1 - x0, y1 - y0};
  }
  // Bounding box of the pixels that differ from the previous frame.
  int min_x = INT_MAX, min_y = INT_MAX, max_x = -1, max_y = -1;
  // Per row: memcmp skips unchanged rows, then only the ends are searched (the columns already
  // inside [min_x, max_x] cannot widen the box).
  const auto aw = static_cast<std::size_t>(std::max(area.w, 0));
  for (int y = area.y; y < area.y + area.h; ++y) {
    const unsigned char* row = frame.pixels[y];
    const std::uint8_t* prev = &previous_[y * w];
    if (std::memcmp(row + area.x, prev + area.x, aw) == 0) continue;
    int x0 = area.x;
    while (row[x0] == prev[x0]) ++x0;
    int x1 = area.x + area.w - 1;
    while (row[x1] == prev[x1]) --x1;
    min_x = std::min(min_x, x0);
    max_x = std::max(max_x, x1);
    min_y = std::min(min_y, y);
    max_y = y;
  }

  const int t = palette_.transparent();
  if (max_x < 0) {
    // Nothing changed: still write a frame, or viewers would lose this frame's delay.
    auto dot = make_palette_image(1, 1, palette_, t);
    gdImageColorTransparent(dot.get(), t);
    emit(*dot, 0, 0, delay_cs);
    ++frames_;
    return;
  }

  const int sw = max_x - min_x + 1, sh = max_y - min_y + 1;
  auto sub = make_palette_image(sw, sh, palette_, t);
  gdImageColorTransparent(sub.get(), t);
  for (int y = 0; y < sh; ++y) {
    const unsigned char* row = frame.pixels[min_y + y] + min_x;
    std::uint8_t* prev = &previous_[(min_y + y) * w + static_cast<std::size_t>(min_x)];
    unsigned char* out = sub->pixels[y];  // hoisted: gd's row table could alias otherwise
    int last = t;
    for (int x = 0; x < sw; ++x) {
      // An unchanged pixel is transparent, unless its colour continues the run to its left:
      // then writing the colour keeps the run (and LZW's string) going.
      const unsigned char c = row[x];
      if (c != prev[x] || c == last) {
        out[x] = c;
        prev[x] = c;
        last = c;
      } else {
        last = t;
      }
    }
  }
  emit(*sub, min_x, min_y, delay_cs);
  ++frames_;
}

std::vector<std::uint8_t> GifEncoder::finish() && {
  int size = 0;
  void* data = gdImageGifAnimEndPtr(&size);
  append(data, size);
  return std::move(out_);
}

}  // namespace slidegif
