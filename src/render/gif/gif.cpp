#include "render/gif/gif.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

#include "render/gif/gif_lzw_state.hpp"
#include "render/gif/lzw.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

int netscape_repeats(int loop) {
  if (loop == 0) return 0;   // count 0: forever
  if (loop == 1) return -1;  // no extension: a single play everywhere
  return loop - 1;
}

namespace {

void put_le16(std::vector<std::uint8_t>& out, int v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

int bits_for(int colors) {  // GIF code sizes start at 2 bits
  int bits = 2;
  while ((1 << bits) < colors) ++bits;
  return bits;
}

// An image's LZW codes start one bit wider than its minimum code size, which only has to
// cover the indices the image uses: a frame that only slides a tile uses a theme palette's first
// 63 colours and the transparent slot, so it codes with 7-bit codes at first, not 8 or 9.
int image_bits(const std::uint8_t* p, std::size_t n, std::uint8_t top) {
  for (std::size_t i = 0; i < n; ++i) top = std::max(top, p[i]);  // vectorised
  return bits_for(top + 1);
}

}  // namespace

GifEncoder::GifEncoder(const Palette& palette, int width, int height, int loop)
    : palette_(palette),
      width_(width),
      height_(height),
      repeats_(netscape_repeats(loop)),
      table_bits_(bits_for(palette.size())),
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
  put_le16(out_, width_);
  put_le16(out_, height_);
  // Global colour table of 2^table_bits_ entries, 8 bits per primary; background index 0.
  out_.push_back(static_cast<std::uint8_t>(0x80 | (7 << 4) | (table_bits_ - 1)));
  out_.push_back(0);
  out_.push_back(0);  // square pixels
  for (int i = 0; i < (1 << table_bits_); ++i) {
    const Rgb c = i < palette_.size() ? palette_[i] : Rgb{};
    out_.insert(out_.end(), {c.r, c.g, c.b});
  }
  if (repeats_ >= 0) {
    const std::string_view app = "NETSCAPE2.0";
    out_.insert(out_.end(), {0x21, 0xFF, 11});
    out_.insert(out_.end(), app.begin(), app.end());
    out_.insert(out_.end(), {3, 1});
    put_le16(out_, repeats_);
    out_.push_back(0);
  }
}

void GifEncoder::begin_image(const Rect& area, int delay_cs, bool transparent) {
  // Graphic control extension: disposal 1 ("leave in place"), so each frame draws over the last.
  out_.insert(out_.end(), {0x21, 0xF9, 4});
  out_.push_back(static_cast<std::uint8_t>((1 << 2) | (transparent ? 1 : 0)));
  put_le16(out_, delay_cs);
  out_.push_back(static_cast<std::uint8_t>(transparent ? palette_.transparent() : 0));
  out_.push_back(0);
  image_start_ = out_.size();
  out_.push_back(0x2C);  // image descriptor, no local colour table, not interlaced
  put_le16(out_, area.x);
  put_le16(out_, area.y);
  put_le16(out_, area.w);
  put_le16(out_, area.h);
  out_.push_back(0);
}

void GifEncoder::encode_first(IndexedView frame) {
  const auto w = static_cast<std::size_t>(width_);
  previous_.resize(w * static_cast<std::size_t>(height_));
  for (int y = 0; y < height_; ++y) std::memcpy(&previous_[y * w], frame.rows[y], w);
  detail::LzwWriter lzw(out_, image_bits(previous_.data(), previous_.size(), 0), *lzw_);
  lzw.put(previous_.data(), static_cast<int>(previous_.size()));
  lzw.finish();
}

Rect GifEncoder::changed_area(IndexedView frame, const Rect* dirty) const {
  return detail::changed_area(frame, previous_, dirty ? *dirty : Rect{0, 0, width_, height_});
}

namespace {

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

// Whether the gap [x, end) of unchanged pixels, between changed pixels x - 1 and end, changes
// colour at most `limit` times from one end to the other, counting both ends.
bool few_changes(const std::uint8_t* row, std::size_t x, std::size_t end, int limit) {
  int changes = 0;
  for (std::size_t i = x; i <= end && changes <= limit; ++i) changes += row[i] != row[i - 1];
  return changes <= limit;
}

// Unchanged pixels between two changed pixels are coded as they are when the run of colour goes
// on through them (no change: the first rule) or nearly (Bridged), instead of switching to
// transparent and back. (Keeping every unchanged pixel that continues a run measured larger:
// the colour tails break transparent runs.)
void bridge_gaps(const std::uint8_t* row, std::uint8_t* coded, std::size_t n, std::uint8_t t,
                 int limit) {
  for (std::size_t x = skip(coded, 0, n, t); x < n; x = skip(coded, x, n, t)) {
    x = find(coded, x, n, t);  // the first unchanged pixel after a changed one
    if (x >= n) break;
    const std::size_t end = skip(coded, x, n, t);
    if (end < n && few_changes(row, x, end, limit)) std::memcpy(coded + x, row + x, end - x);
    x = end;
  }
}

}  // namespace

void GifEncoder::encode_difference(IndexedView frame, const Rect& changed, FrameCoding coding) {
  if (coding != FrameCoding::Shorter && coding != FrameCoding::Shortest) {
    prepare(frame, changed, coding);
    code(coding, out_);
    return;
  }
  // The way most likely shortest first, into a side buffer (prepare() updates previous_ only
  // as the last step of the last call): whole for a numbered board's frame (Shorter), with
  // transparency for a picture's (Shortest). Each other way gives up once it is no shorter.
  const FrameCoding first =
      coding == FrameCoding::Shorter ? FrameCoding::Whole : FrameCoding::Transparent;
  const FrameCoding last =
      coding == FrameCoding::Shorter ? FrameCoding::Transparent : FrameCoding::Whole;
  prepare(frame, changed, first, false);
  scratch_.clear();
  code(first, scratch_);
  std::uint8_t index = out_[image_start_ - 2];  // code() set the frame's transparent index
  if (coding == FrameCoding::Shortest) {
    prepare(frame, changed, FrameCoding::Runs, false);
    runs_.clear();
    if (code(FrameCoding::Runs, runs_, scratch_.size() - 1)) {
      scratch_.swap(runs_);
      index = out_[image_start_ - 2];
    }
  }
  const std::size_t start = out_.size();
  prepare(frame, changed, last);
  if (!code(last, out_, scratch_.size() - 1)) {
    out_.resize(start);
    out_.insert(out_.end(), scratch_.begin(), scratch_.end());
    set_transparent_index(index);
  }
}

namespace {

// What else each pixel of a coded row may be coded as: an unchanged pixel coded transparent
// may be its own colour and one coded as its colour may be transparent (they show the same);
// a changed pixel only itself.
void fill_other(const std::uint8_t* row, const std::uint8_t* prev, const std::uint8_t* coded,
                std::uint8_t* other, std::size_t n, std::uint8_t t) {
  for (std::size_t x = 0; x < n; ++x)
    other[x] = row[x] != prev[x] ? coded[x] : coded[x] == t ? row[x] : t;
}

// other[i] in a frame's terms: `top` for the palette's transparent slot `t`, and coded[i]
// instead of what the frame's code size cannot carry (above `highest`). An unchanged pixel's own
// colour may equal `top` (no opaque pixel of the frame uses it): coded so, it shows transparent,
// which is the same colour. Vectorised.
void remap_other(std::uint8_t* __restrict other, const std::uint8_t* __restrict coded,
                 std::size_t n, std::uint8_t t, std::uint8_t top, std::uint8_t highest) {
  for (std::size_t i = 0; i < n; ++i) {  // both loaded unconditionally, so that it vectorises
    const std::uint8_t a = other[i], c = coded[i];
    const std::uint8_t o = a == t ? top : a;
    other[i] = o <= highest ? o : c;
  }
}

// A row as FrameCoding::Runs codes it (gifsicle's opttemplate.c): a stretch of unchanged pixels
// is made transparent from its start once it shows a second colour. The stretch runs on from
// row to row, as gifsicle's does.
struct RunsState {
  std::uint8_t* begin = nullptr;  // where the stretch began, in the coded area
  int colours = 0;                // 0: no stretch; 1: one colour so far; 2: made transparent
};

void runs_row(const std::uint8_t* row, const std::uint8_t* prev, std::uint8_t* coded, std::size_t n,
              std::uint8_t t, RunsState& s) {
  for (std::size_t x = 0; x < n; ++x) {
    if (row[x] != prev[x]) {
      s.colours = 0;
    } else if (s.colours == 0) {
      s.begin = coded + x;
      s.colours = 1;
    } else if (s.colours == 1 && row[x] != *(coded + x - 1)) {
      std::memset(s.begin, t, static_cast<std::size_t>(coded + x - s.begin));
      s.colours = 2;
    }
    coded[x] = s.colours > 1 ? t : row[x];
  }
}

}  // namespace

void GifEncoder::prepare(IndexedView frame, const Rect& changed, FrameCoding coding,
                         bool update_previous) {
  const auto w = static_cast<std::size_t>(width_);
  const auto t = static_cast<std::uint8_t>(palette_.transparent());
  const int limit = coding == FrameCoding::Bridged ? 2 : 0;
  const auto cw = static_cast<std::size_t>(changed.w);
  coded_.resize(cw * static_cast<std::size_t>(changed.h));
  other_.resize(coded_.size());
  std::uint8_t* coded = coded_.data();
  RunsState runs;
  for (int y = changed.y; y < changed.y + changed.h; ++y, coded += cw) {
    const std::uint8_t* row = frame.rows[y] + changed.x;
    const std::uint8_t* prev = &previous_[y * w + static_cast<std::size_t>(changed.x)];
    if (coding == FrameCoding::Whole) {
      std::memcpy(coded, row, cw);
    } else if (coding == FrameCoding::Runs) {
      runs_row(row, prev, coded, cw, t, runs);
    } else if (std::memcmp(row, prev, cw) == 0) {  // common in caption changes' tall areas
      std::memset(coded, t, cw);
    } else {
      for (std::size_t x = 0; x < cw; ++x) coded[x] = row[x] != prev[x] ? row[x] : t;
      bridge_gaps(row, coded, cw, t, limit);
    }
  }
  // The alternatives once every row is coded: a Runs stretch may have turned pixels of rows
  // above transparent.
  coded = coded_.data();
  std::uint8_t* other = other_.data();
  for (int y = changed.y; y < changed.y + changed.h; ++y, coded += cw, other += cw) {
    const std::uint8_t* row = frame.rows[y] + changed.x;
    std::uint8_t* prev = &previous_[y * w + static_cast<std::size_t>(changed.x)];
    fill_other(row, prev, coded, other, cw, t);
    if (update_previous) std::memcpy(prev, row, cw);
  }
}

bool GifEncoder::code(FrameCoding coding, std::vector<std::uint8_t>& out, std::size_t budget) {
  const auto t = static_cast<std::uint8_t>(palette_.transparent());
  std::uint8_t top = t;
  if (coding != FrameCoding::Whole) top = lowest_unused(coded_, t);
  set_transparent_index(top);
  const int bits = image_bits(coded_.data(), coded_.size(), coding == FrameCoding::Whole ? 0 : top);
  // The alternatives in the frame's terms: its transparent index, and only indices its code
  // size can carry.
  const auto highest = static_cast<std::uint8_t>((1 << bits) - 1);
  const std::size_t n = coded_.size();
  std::uint8_t* other = other_.data();
  const std::uint8_t* coded = coded_.data();
  remap_other(other, coded, n, t, top, highest);
  const std::size_t start = out.size();
  detail::LzwWriter lzw(out, bits, *lzw_);
  constexpr std::size_t kSlice = 4096;  // pixels coded between checks of the budget
  for (std::size_t i = 0; i < n; i += kSlice) {
    lzw.put(coded + i, other + i, static_cast<int>(std::min(kSlice, n - i)));
    if (lzw.coded_bytes() > budget) {
      out.resize(start);
      return false;
    }
  }
  lzw.finish();
  if (out.size() - start > budget) {
    out.resize(start);
    return false;
  }
  return true;
}

std::uint8_t GifEncoder::lowest_unused(std::vector<std::uint8_t>& coded, std::uint8_t t) {
  std::array<bool, 256> used{};
  for (const std::uint8_t i : coded) used[i] = true;
  used[t] = false;
  const auto u =
      static_cast<std::uint8_t>(std::find(used.begin(), used.end(), false) - used.begin());
  if (u < t) std::replace(coded.begin(), coded.end(), t, u);
  return std::min(u, t);
}

void GifEncoder::set_transparent_index(std::uint8_t index) {
  out_[image_start_ - 2] = index;  // the graphic control extension's last byte but its end
}

void GifEncoder::code_rows(IndexedView frame, const Rect& changed, int y0, int y1,
                           detail::LzwWriter& lzw, FrameCoding coding) {
  const int limit = coding == FrameCoding::Bridged ? 2 : 0;
  const auto w = static_cast<std::size_t>(width_);
  const auto t = static_cast<std::uint8_t>(palette_.transparent());
  const auto cw = static_cast<std::size_t>(changed.w);
  coded_.resize(cw);
  other_.resize(cw);
  std::uint8_t* coded = coded_.data();
  std::uint8_t* other = other_.data();
  for (int y = y0; y < y1; ++y) {
    const std::uint8_t* row = frame.rows[y] + changed.x;
    std::uint8_t* prev = &previous_[y * w + static_cast<std::size_t>(changed.x)];
    if (std::memcmp(row, prev, cw) == 0) {  // common in the tall rectangles of caption changes
      std::memset(coded, t, cw);
      lzw.put(coded, row, changed.w);
      continue;
    }
    // Unchanged pixels become transparent, except where they bridge a run (bridge_gaps), and
    // either may be coded as the other.
    for (std::size_t x = 0; x < cw; ++x) coded[x] = row[x] != prev[x] ? row[x] : t;
    bridge_gaps(row, coded, cw, t, limit);
    fill_other(row, prev, coded, other, cw, t);
    std::memcpy(prev, row, cw);
    lzw.put(coded, other, changed.w);
  }
}

void GifEncoder::check_frame(IndexedView frame) const {
  if (frame.rows == nullptr || frame.width != width_ || frame.height != height_) {
    throw Error(Error::Kind::Render, "GIF frame has the wrong size or is not a palette image");
  }
}

void GifEncoder::add_frame(IndexedView frame, int delay_cs, const Rect* dirty, FrameCoding coding) {
  check_frame(frame);
  delay_cs = std::clamp(delay_cs, 0, 65535);
  if (frames_ == 0) {
    write_header();
    begin_image({0, 0, width_, height_}, delay_cs, false);
    encode_first(frame);
  } else if (const Rect changed = changed_area(frame, dirty); !changed.empty()) {
    begin_image(changed, delay_cs, true);
    encode_difference(frame, changed, coding);
  } else {
    // Nothing changed: still write a frame, or viewers would lose this frame's delay.
    begin_image({0, 0, 1, 1}, delay_cs, true);
    set_transparent_index(0);
    detail::LzwWriter lzw(out_, bits_for(1), *lzw_);
    lzw.put(0);
    lzw.finish();
  }
  ++frames_;
}

std::vector<std::uint8_t> GifEncoder::finish() && {
  if (frames_ == 0) throw Error(Error::Kind::Render, "a GIF needs at least one frame");
  out_.push_back(0x3B);  // trailer
  return std::move(out_);
}

}  // namespace slidegif::detail
