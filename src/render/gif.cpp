#include "slidegif/gif.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string_view>

#include "lzw.hpp"
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

}  // namespace

Palette::Palette(std::vector<Rgb> colors) : colors_(std::move(colors)) {
  // The reserved transparent slot gets a colour no theme uses: should it ever show in a
  // decoded frame, it stands out (nearest() never picks it).
  colors_.push_back({1, 254, 3});
  if (colors_.size() > gdMaxColors) {
    throw Error(Error::Kind::Render,
                fmt::format("palette needs {} colours, GIF allows 256", colors_.size()));
  }
  for (int i = 0; i < transparent(); ++i) by_green_.push_back(static_cast<std::uint8_t>(i));
  std::stable_sort(by_green_.begin(), by_green_.end(),
                   [this](std::uint8_t a, std::uint8_t b) { return colors_[a].g < colors_[b].g; });
}

int Palette::nearest(Rgb c) const {
  // Entries in order of green, searched outwards from c's green: the distance is at least
  // 4 * (green difference)^2, so once both directions are that far off nothing closer is
  // left. Ties go to the lowest index, as a plain scan would.
  int best = 0;
  long best_d = LONG_MAX;
  auto consider = [&](int i) {
    const long d = distance(c, colors_[static_cast<std::size_t>(i)]);
    if (d < best_d || (d == best_d && i < best)) best_d = d, best = i;
  };
  auto green_gap = [&](std::size_t k) {
    const long dg = long{colors_[by_green_[k]].g} - c.g;
    return 4 * dg * dg;
  };
  const auto mid =
      std::lower_bound(by_green_.begin(), by_green_.end(), c.g,
                       [this](std::uint8_t i, std::uint8_t g) { return colors_[i].g < g; }) -
      by_green_.begin();
  std::ptrdiff_t lo = mid - 1, hi = mid;
  const auto n = static_cast<std::ptrdiff_t>(by_green_.size());
  while (lo >= 0 || hi < n) {
    const long gap_lo = lo >= 0 ? green_gap(static_cast<std::size_t>(lo)) : LONG_MAX;
    const long gap_hi = hi < n ? green_gap(static_cast<std::size_t>(hi)) : LONG_MAX;
    if (std::min(gap_lo, gap_hi) > best_d) break;
    if (gap_lo <= gap_hi) {
      consider(by_green_[static_cast<std::size_t>(lo--)]);
    } else {
      consider(by_green_[static_cast<std::size_t>(hi++)]);
    }
  }
  return best;
}

int Quantizer::index(Rgb c) {
  // A direct-mapped cache: antialiased art repeats a few hundred colours, and a collision only
  // costs a fresh search.
  const std::uint32_t key = pack(c) + 1;  // 0 marks an empty entry
  Entry& e = cache_[(key * 0x9E3779B1U) >> (32 - kCacheBits)];
  if (e.key != key) e = {key, static_cast<std::uint8_t>(palette_.nearest(c))};
  return e.index;
}

GdImage Quantizer::to_palette_image(const gdImage& src) {
  auto out = make_palette_image(src.sx, src.sy, palette_, 0);
  map(src, {0, 0, src.sx, src.sy}, *out);
  return out;
}

void Quantizer::map(const gdImage& src, Rect area, gdImage& dst) {
  const int x0 = std::max(area.x, 0), x1 = std::min({area.x + area.w, src.sx, dst.sx});
  const int y0 = std::max(area.y, 0), y1 = std::min({area.y + area.h, src.sy, dst.sy});
  std::uint32_t last_key = UINT32_MAX;
  int last_index = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const int p = src.tpixels[y][x];
      const Rgb c{static_cast<std::uint8_t>(gdTrueColorGetRed(p)),
                  static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
                  static_cast<std::uint8_t>(gdTrueColorGetBlue(p))};
      const auto key = pack(c);
      if (key != last_key) {  // runs of one colour are the common case
        last_key = key;
        last_index = index(c);
      }
      dst.pixels[y][x] = static_cast<unsigned char>(last_index);
    }
  }
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

GdImage copy_palette_image(const gdImage& src, const Palette& palette) {
  auto im = make_palette_image(src.sx, src.sy, palette, 0);
  for (int y = 0; y < src.sy; ++y)
    std::memcpy(im->pixels[y], src.pixels[y], static_cast<std::size_t>(src.sx));
  if (src.transparent >= 0) gdImageColorTransparent(im.get(), src.transparent);
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
    int sx = x0;
    // Eight pixels at a time where none of them is transparent (most of a tile sprite).
    const std::uint64_t transparent = static_cast<std::uint8_t>(t) * 0x0101010101010101ULL;
    for (; sx + 8 <= x1; sx += 8) {
      std::uint64_t word;
      std::memcpy(&word, from + sx, 8);
      const std::uint64_t x = word ^ transparent;  // a zero byte where the pixel is transparent
      if (((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) == 0) {
        std::memcpy(to + sx, &word, 8);
        continue;
      }
      for (int k = sx; k < sx + 8; ++k) {
        if (from[k] != t) to[k] = from[k];
      }
    }
    for (; sx < x1; ++sx) {
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

int netscape_repeats(int loop) {
  if (loop == 0) return 0;   // count 0: forever
  if (loop == 1) return -1;  // no extension: a single play everywhere
  return loop - 1;
}

namespace {

void put_u16(std::vector<std::uint8_t>& out, int v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

int bits_for(int colors) {  // GIF code sizes start at 2 bits
  int bits = 2;
  while ((1 << bits) < colors) ++bits;
  return bits;
}

}  // namespace

struct GifEncoder::LzwState : detail::LzwWriter::Table {};

GifEncoder::GifEncoder(const Palette& palette, int width, int height, int loop)
    : palette_(palette),
      width_(width),
      height_(height),
      repeats_(netscape_repeats(loop)),
      code_bits_(bits_for(palette.size())),
      lzw_(std::make_unique<LzwState>()) {
  if (width < 1 || height < 1 || width > 65535 || height > 65535) {
    throw Error(Error::Kind::Render, fmt::format("a GIF cannot be {}x{} pixels", width, height));
  }
  // Room for a few uncompressed frames up front: growing by doubling copies the GIF over and
  // over, and a CGI process pays for each fresh page it touches. Reserved pages never written
  // cost nothing.
  out_.reserve(std::min(std::size_t{16} << 20,
                        4 * static_cast<std::size_t>(width) * static_cast<std::size_t>(height)));
}

GifEncoder::~GifEncoder() = default;

void GifEncoder::write_header() {
  const std::string_view magic = "GIF89a";
  out_.insert(out_.end(), magic.begin(), magic.end());
  put_u16(out_, width_);
  put_u16(out_, height_);
  // Global colour table of 2^code_bits_ entries, 8 bits per primary; background index 0.
  out_.push_back(static_cast<std::uint8_t>(0x80 | (7 << 4) | (code_bits_ - 1)));
  out_.push_back(0);
  out_.push_back(0);  // square pixels
  for (int i = 0; i < (1 << code_bits_); ++i) {
    const Rgb c = i < palette_.size() ? palette_[i] : Rgb{};
    out_.insert(out_.end(), {c.r, c.g, c.b});
  }
  if (repeats_ >= 0) {
    const std::string_view app = "NETSCAPE2.0";
    out_.insert(out_.end(), {0x21, 0xFF, 11});
    out_.insert(out_.end(), app.begin(), app.end());
    out_.insert(out_.end(), {3, 1});
    put_u16(out_, repeats_);
    out_.push_back(0);
  }
}

void GifEncoder::begin_image(const Rect& area, int delay_cs, bool transparent) {
  // Graphic control extension: disposal 1 ("leave in place"), so each frame draws over the last.
  out_.insert(out_.end(), {0x21, 0xF9, 4});
  out_.push_back(static_cast<std::uint8_t>((1 << 2) | (transparent ? 1 : 0)));
  put_u16(out_, delay_cs);
  out_.push_back(static_cast<std::uint8_t>(transparent ? palette_.transparent() : 0));
  out_.push_back(0);
  out_.push_back(0x2C);  // image descriptor, no local colour table, not interlaced
  put_u16(out_, area.x);
  put_u16(out_, area.y);
  put_u16(out_, area.w);
  put_u16(out_, area.h);
  out_.push_back(0);
}

void GifEncoder::encode_first(const gdImage& frame) {
  const auto w = static_cast<std::size_t>(width_);
  previous_.resize(w * static_cast<std::size_t>(height_));
  detail::LzwWriter lzw(out_, code_bits_, *lzw_);
  for (int y = 0; y < height_; ++y) {
    const unsigned char* row = frame.pixels[y];
    std::memcpy(&previous_[y * w], row, w);
    lzw.put(row, width_);
  }
  lzw.finish();
}

Rect GifEncoder::changed_area(const gdImage& frame, const Rect* dirty) const {
  Rect area{0, 0, width_, height_};
  if (dirty != nullptr) {
    const int x0 = std::max(0, dirty->x), y0 = std::max(0, dirty->y);
    const int x1 = std::min(width_, dirty->x + dirty->w),
              y1 = std::min(height_, dirty->y + dirty->h);
    area = {x0, y0, x1 - x0, y1 - y0};
  }
  if (area.empty()) return {};
  // Per row: memcmp skips unchanged rows, then only the ends are searched (the columns already
  // inside [min_x, max_x] cannot widen the box).
  const auto w = static_cast<std::size_t>(width_);
  int min_x = INT_MAX, min_y = INT_MAX, max_x = -1, max_y = -1;
  for (int y = area.y; y < area.y + area.h; ++y) {
    const unsigned char* row = frame.pixels[y];
    const std::uint8_t* prev = &previous_[y * w];
    if (std::memcmp(row + area.x, prev + area.x, static_cast<std::size_t>(area.w)) == 0) continue;
    int x0 = area.x;
    while (x0 + 8 <= area.x + area.w && std::memcmp(row + x0, prev + x0, 8) == 0) x0 += 8;
    while (row[x0] == prev[x0]) ++x0;
    int x1 = area.x + area.w - 1;
    while (x1 - 8 >= x0 && std::memcmp(row + x1 - 7, prev + x1 - 7, 8) == 0) x1 -= 8;
    while (row[x1] == prev[x1]) --x1;
    min_x = std::min(min_x, x0);
    max_x = std::max(max_x, x1);
    min_y = std::min(min_y, y);
    max_y = y;
  }
  if (max_x < 0) return {};
  return {min_x, min_y, max_x - min_x + 1, max_y - min_y + 1};
}

namespace {

// Unchanged pixels between two changed pixels of their own colour keep that colour: the run
// then goes on unbroken instead of switching to transparent and back. (Keeping every unchanged
// pixel that continues a run measured larger: the colour tails break transparent runs.)
// The first index from x on whose byte is not v, eight bytes at a time: rows of a difference
// frame are mostly long transparent stretches.
std::size_t skip(const std::uint8_t* p, std::size_t x, std::size_t n, std::uint8_t v) {
  const std::uint64_t repeated = v * 0x0101010101010101ULL;
  for (; x + 8 <= n; x += 8) {
    std::uint64_t word;
    std::memcpy(&word, p + x, 8);
    if (word != repeated) break;
  }
  while (x < n && p[x] == v) ++x;
  return x;
}

// The first index from x on whose byte is v, eight bytes at a time.
std::size_t find(const std::uint8_t* p, std::size_t x, std::size_t n, std::uint8_t v) {
  const std::uint64_t repeated = v * 0x0101010101010101ULL;
  for (; x + 8 <= n; x += 8) {
    std::uint64_t word;
    std::memcpy(&word, p + x, 8);
    const std::uint64_t d = word ^ repeated;  // a zero byte where p[i] == v
    if (((d - 0x0101010101010101ULL) & ~d & 0x8080808080808080ULL) != 0) break;
  }
  while (x < n && p[x] != v) ++x;
  return x;
}

// The first index from x on where coded is not t or row is not c, eight at a time: the
// unchanged stretch of one colour that a gap may be.
std::size_t gap_end(const std::uint8_t* row, const std::uint8_t* coded, std::size_t x,
                    std::size_t n, std::uint8_t t, std::uint8_t c) {
  const std::uint64_t ts = t * 0x0101010101010101ULL, cs = c * 0x0101010101010101ULL;
  for (; x + 8 <= n; x += 8) {
    std::uint64_t a, b;
    std::memcpy(&a, coded + x, 8);
    std::memcpy(&b, row + x, 8);
    if (a != ts || b != cs) break;
  }
  while (x < n && coded[x] == t && row[x] == c) ++x;
  return x;
}

void bridge_gaps(const std::uint8_t* row, std::uint8_t* coded, std::size_t n, std::uint8_t t) {
  for (std::size_t x = skip(coded, 0, n, t); x < n; x = skip(coded, x, n, t)) {
    x = find(coded, x, n, t);  // the first unchanged pixel after a changed one
    if (x >= n) break;
    const std::uint8_t c = row[x - 1];
    const std::size_t end = gap_end(row, coded, x, n, t, c);
    if (end < n && coded[end] != t && row[end] == c) std::memcpy(coded + x, row + x, end - x);
    x = end;
  }
}

}  // namespace

void GifEncoder::encode_difference(const gdImage& frame, const Rect& changed) {
  const auto w = static_cast<std::size_t>(width_);
  const auto t = static_cast<std::uint8_t>(palette_.transparent());
  detail::LzwWriter lzw(out_, code_bits_, *lzw_);
  const auto cw = static_cast<std::size_t>(changed.w);
  coded_.resize(cw);
  std::uint8_t* coded = coded_.data();
  for (int y = changed.y; y < changed.y + changed.h; ++y) {
    const unsigned char* row = frame.pixels[y] + changed.x;
    std::uint8_t* prev = &previous_[y * w + static_cast<std::size_t>(changed.x)];
    if (std::memcmp(row, prev, cw) == 0) {  // common in the tall rectangles of caption changes
      std::memset(coded, t, cw);
      lzw.put(coded, changed.w);
      continue;
    }
    // Unchanged pixels become transparent, except where they bridge a run (bridge_gaps).
    for (std::size_t x = 0; x < cw; ++x) coded[x] = row[x] != prev[x] ? row[x] : t;
    bridge_gaps(row, coded, cw, t);
    std::memcpy(prev, row, cw);
    lzw.put(coded, changed.w);
  }
  lzw.finish();
}

void GifEncoder::add_frame(const gdImage& frame, int delay_cs, const Rect* dirty) {
  if (frame.trueColor || frame.sx != width_ || frame.sy != height_) {
    throw Error(Error::Kind::Render, "GIF frame has the wrong size or is not a palette image");
  }
  delay_cs = std::clamp(delay_cs, 0, 65535);
  if (frames_ == 0) {
    write_header();
    begin_image({0, 0, width_, height_}, delay_cs, false);
    encode_first(frame);
  } else if (const Rect changed = changed_area(frame, dirty); !changed.empty()) {
    begin_image(changed, delay_cs, true);
    encode_difference(frame, changed);
  } else {
    // Nothing changed: still write a frame, or viewers would lose this frame's delay.
    begin_image({0, 0, 1, 1}, delay_cs, true);
    const auto t = static_cast<std::uint8_t>(palette_.transparent());
    detail::LzwWriter lzw(out_, code_bits_, *lzw_);
    lzw.put(t);
    lzw.finish();
  }
  ++frames_;
}

std::vector<std::uint8_t> GifEncoder::finish() && {
  if (frames_ == 0) throw Error(Error::Kind::Render, "a GIF needs at least one frame");
  out_.push_back(0x3B);  // trailer
  return std::move(out_);
}

}  // namespace slidegif
