#include <fmt/format.h>
#include <gd.h>

#include <algorithm>
#include <cstdarg>
#include <memory>
#include <new>
#include <optional>
#include <string_view>

#include "render/pixels/image.hpp"
#include "slidegif/error.hpp"
#include "slidegif/picture.hpp"
#include "slidegif/render.hpp"

namespace slidegif::detail {

namespace {

enum class Format { Png, Jpeg, WebP, Gif };

struct Header {
  Format format;
  long long width = 0, height = 0;
};

using Bytes = std::span<const std::uint8_t>;

unsigned be16(Bytes b, std::size_t i) {
  return static_cast<unsigned>(b[i] << 8 | b[i + 1]);
}
unsigned long be32(Bytes b, std::size_t i) {
  return static_cast<unsigned long>(be16(b, i)) << 16 | be16(b, i + 2);
}
unsigned le16(Bytes b, std::size_t i) {
  return static_cast<unsigned>(b[i] | b[i + 1] << 8);
}
unsigned long le24(Bytes b, std::size_t i) {
  return le16(b, i) | static_cast<unsigned long>(b[i + 2]) << 16;
}
bool starts(Bytes b, std::size_t at, std::string_view magic) {
  return b.size() >= at + magic.size() &&
         std::equal(magic.begin(), magic.end(), b.begin() + static_cast<std::ptrdiff_t>(at),
                    [](char m, std::uint8_t c) { return static_cast<std::uint8_t>(m) == c; });
}

// JPEG: the first start-of-frame marker's size, walking the segments (bounded by the bytes).
std::optional<Header> jpeg_header(Bytes b) {
  std::size_t i = 2;
  while (i + 9 < b.size()) {
    if (b[i] != 0xFF) return std::nullopt;
    const std::uint8_t marker = b[i + 1];
    if (marker == 0xFF) {  // fill byte
      ++i;
      continue;
    }
    const bool sof =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof) return Header{Format::Jpeg, be16(b, i + 7), be16(b, i + 5)};
    i += 2 + be16(b, i + 2);
  }
  return std::nullopt;
}

// WebP: the size from the first chunk (lossy VP8, lossless VP8L or the extended VP8X).
std::optional<Header> webp_header(Bytes b) {
  if (b.size() < 30) return std::nullopt;
  if (starts(b, 12, "VP8 ") && b[23] == 0x9D && b[24] == 0x01 && b[25] == 0x2A) {
    return Header{Format::WebP, le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF};
  }
  if (starts(b, 12, "VP8L") && b[20] == 0x2F) {
    const unsigned long bits =
        b[21] | b[22] << 8 | b[23] << 16 | static_cast<unsigned long>(b[24]) << 24;
    return Header{Format::WebP, static_cast<long long>((bits & 0x3FFF) + 1),
                  static_cast<long long>(((bits >> 14) & 0x3FFF) + 1)};
  }
  if (starts(b, 12, "VP8X")) {
    return Header{Format::WebP, static_cast<long long>(le24(b, 24) + 1),
                  static_cast<long long>(le24(b, 27) + 1)};
  }
  return std::nullopt;
}

// The format and the size the file claims, from its first bytes; nothing is decoded.
std::optional<Header> read_header(Bytes b) {
  if (starts(b, 0, "\x89PNG\r\n\x1a\n") && b.size() >= 24 && starts(b, 12, "IHDR")) {
    return Header{Format::Png, static_cast<long long>(be32(b, 16)),
                  static_cast<long long>(be32(b, 20))};
  }
  if (b.size() >= 4 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return jpeg_header(b);
  if (starts(b, 0, "RIFF") && starts(b, 8, "WEBP")) return webp_header(b);
  if ((starts(b, 0, "GIF87a") || starts(b, 0, "GIF89a")) && b.size() >= 10) {
    return Header{Format::Gif, le16(b, 6), le16(b, 8)};
  }
  return std::nullopt;
}

// Whether a JPEG's data runs to its end-of-image marker (trailing zero bytes allowed): libjpeg
// only warns about a truncated file and libgd then returns it with grey rows.
bool jpeg_complete(Bytes b) {
  std::size_t n = b.size();
  while (n > 0 && b[n - 1] == 0) --n;
  return n >= 4 && b[n - 2] == 0xFF && b[n - 1] == 0xD9;
}

// libgd passes on libpng's and libjpeg's complaints about a broken file ("GD Warning: ...",
// several lines on stderr) besides returning null, and the null is what we go by: the message a
// user sees is ours, in one line. Its error handler is libgd's one process-wide setting,
// installed once (a function-local static: thread-safe, and never changed after).
void ignore_gd_message(int, const char*, va_list) {}
void silence_gd() {
  [[maybe_unused]] static const bool silenced = (gdSetErrorMethod(ignore_gd_message), true);
}

GdImage decode(Format f, Bytes b) {
  silence_gd();
  const int size = static_cast<int>(b.size());
  void* data = const_cast<std::uint8_t*>(b.data());  // libgd reads only
  switch (f) {
    case Format::Png:
      return GdImage(gdImageCreateFromPngPtr(size, data));
    case Format::Jpeg:
      if (!jpeg_complete(b)) return nullptr;
      return GdImage(gdImageCreateFromJpegPtrEx(size, data, 0));
    case Format::WebP:
      return GdImage(gdImageCreateFromWebpPtr(size, data));
    case Format::Gif:
      break;
  }
  return GdImage(gdImageCreateFromGifPtr(size, data));
}

Rgb flatten(int c, bool truecolor, const gdImage& im) {
  // gd's alpha is 0 (opaque) .. 127 (transparent); over white.
  const int r = truecolor ? gdTrueColorGetRed(c) : im.red[c];
  const int g = truecolor ? gdTrueColorGetGreen(c) : im.green[c];
  const int bl = truecolor ? gdTrueColorGetBlue(c) : im.blue[c];
  const int a = truecolor ? gdTrueColorGetAlpha(c) : (c == im.transparent ? 127 : im.alpha[c]);
  auto over_white = [a](int v) {
    return static_cast<std::uint8_t>((v * (127 - a) + 255 * a) / 127);
  };
  return {over_white(r), over_white(g), over_white(bl)};
}

}  // namespace

}  // namespace slidegif::detail

namespace slidegif {

Picture decode_picture(std::string name, detail::Bytes bytes, const RenderLimits& limits) {
  auto refuse = [&name](const std::string& why) {
    throw Error(Error::Kind::BadInput, fmt::format("picture {}: {}", name, why));
  };
  if (static_cast<long long>(bytes.size()) > limits.max_picture_bytes) {
    refuse(fmt::format("{} bytes; the limit is {}", bytes.size(), limits.max_picture_bytes));
  }
  const std::optional<detail::Header> h = detail::read_header(bytes);
  if (!h) refuse("not a PNG, JPEG, WebP or GIF image (or its header is cut short)");
  if (h->width < 1 || h->height < 1)
    refuse(fmt::format("empty image ({}x{})", h->width, h->height));
  // Each side first: a PNG header may claim 2^32-1 by 2^32-1, whose product overflows.
  if (h->width > limits.max_picture_pixels || h->height > limits.max_picture_pixels ||
      h->width * h->height > limits.max_picture_pixels) {
    refuse(fmt::format("{}x{} pixels; the limit is {} pixels", h->width, h->height,
                       limits.max_picture_pixels));
  }
  const detail::GdImage im = decode(h->format, bytes);
  if (!im) {
    // libgd says null for a broken file and for a failed allocation alike. What it needed is
    // its decoded image (a truecolour row of ints a line) and the decoder's own state (zlib's
    // window, libjpeg's and libwebp's buffers: well under 1 MB): when twice that (one block
    // now is no proof the decoder's many blocks fitted then: a sweep of memory limits found
    // 1x answering 400 at 3 MB) cannot be had, the process is out of memory (a server answers
    // 503), not the file broken (400).
    const auto need = 2 * (static_cast<std::size_t>(h->width * h->height) * sizeof(int) +
                           static_cast<std::size_t>(h->height) * sizeof(int*)) +
                      (std::size_t{4} << 20);
    if (!std::unique_ptr<std::uint8_t[]>(new (std::nothrow) std::uint8_t[need]))
      throw std::bad_alloc();
    refuse("cannot be decoded (truncated or broken)");
  }
  if (im->sx != h->width || im->sy != h->height) {
    refuse(fmt::format("decoded as {}x{}, its header says {}x{}", im->sx, im->sy, h->width,
                       h->height));
  }
  std::vector<Rgb> pixels(static_cast<std::size_t>(im->sx) * static_cast<std::size_t>(im->sy));
  const bool truecolor = gdImageTrueColor(im.get());
  Rgb* out = pixels.data();
  for (int y = 0; y < im->sy; ++y) {
    for (int x = 0; x < im->sx; ++x) {
      const int c = truecolor ? im->tpixels[y][x] : im->pixels[y][x];
      *out++ = truecolor && gdTrueColorGetAlpha(c) == 0  // the common case, without blending
                   ? Rgb{static_cast<std::uint8_t>(gdTrueColorGetRed(c)),
                         static_cast<std::uint8_t>(gdTrueColorGetGreen(c)),
                         static_cast<std::uint8_t>(gdTrueColorGetBlue(c))}
                   : detail::flatten(c, truecolor, *im);
    }
  }
  return Picture(std::move(name), im->sx, im->sy, std::move(pixels));
}

}  // namespace slidegif
