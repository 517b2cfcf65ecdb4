#include "render/encode/png_writer.hpp"

#include <fmt/format.h>
#include <libdeflate.h>  // crc32

#include <string_view>

#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

void put_be32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}
void put_be16(std::vector<std::uint8_t>& out, int v) {
  out.push_back(static_cast<std::uint8_t>(v >> 8));
  out.push_back(static_cast<std::uint8_t>(v));
}

// A chunk: length, type, data, and the CRC of type and data.
void put_chunk(std::vector<std::uint8_t>& out, std::string_view type,
               const std::vector<std::uint8_t>& data) {
  put_be32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = out.size();
  out.insert(out.end(), type.begin(), type.end());
  out.insert(out.end(), data.begin(), data.end());
  const auto crc = libdeflate_crc32(0, out.data() + start, out.size() - start);
  put_be32(out, static_cast<std::uint32_t>(crc));
}

// The signature, IHDR (8-bit palette) and PLTE; with `transparent`, tRNS making that index
// transparent.
std::vector<std::uint8_t> png_head(const Palette& palette, int width, int height,
                                   bool transparent) {
  std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> ihdr;
  put_be32(ihdr, static_cast<std::uint32_t>(width));
  put_be32(ihdr, static_cast<std::uint32_t>(height));
  ihdr.insert(ihdr.end(),
              {8, 3, 0, 0, 0});  // 8 bits, palette, deflate, no filter choice, progressive no
  put_chunk(out, "IHDR", ihdr);
  std::vector<std::uint8_t> plte;
  for (int i = 0; i < palette.size(); ++i)
    plte.insert(plte.end(), {palette[i].r, palette[i].g, palette[i].b});
  put_chunk(out, "PLTE", plte);
  if (transparent) {
    std::vector<std::uint8_t> trns(static_cast<std::size_t>(palette.transparent()) + 1, 255);
    trns.back() = 0;
    put_chunk(out, "tRNS", trns);
  }
  return out;
}

void check_size(int width, int height) {
  if (width < 1 || height < 1) {
    throw Error(Error::Kind::Render, fmt::format("a PNG cannot be {}x{} pixels", width, height));
  }
}

}  // namespace

ApngWriter::ApngWriter(const Palette& palette, int width, int height, int loop)
    : palette_(palette), width_(width), height_(height), loop_(loop) {
  check_size(width, height);
  previous_.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
}

void ApngWriter::add_frame(IndexedView frame, int delay_cs, const Rect& dirty) {
  const bool first = frames_ == 0;
  const Rect area = area_to_code(frame, previous_, dirty, first);
  std::vector<std::uint8_t> fctl;
  put_be32(fctl, sequence_++);
  put_be32(fctl, static_cast<std::uint32_t>(area.w));
  put_be32(fctl, static_cast<std::uint32_t>(area.h));
  put_be32(fctl, static_cast<std::uint32_t>(area.x));
  put_be32(fctl, static_cast<std::uint32_t>(area.y));
  put_be16(fctl, delay_cs);
  put_be16(fctl, 100);            // hundredths of a second, as GIF
  fctl.push_back(0);              // dispose: none
  fctl.push_back(first ? 0 : 1);  // blend: the first replaces, the others go over
  put_chunk(chunks_, "fcTL", fctl);
  const auto t = static_cast<std::uint8_t>(palette_.transparent());
  std::vector<std::uint8_t> data = deflater_.rows(frame, area, first ? nullptr : &previous_, t);
  if (first) {
    put_chunk(chunks_, "IDAT", data);
  } else {
    std::vector<std::uint8_t> fdat;
    put_be32(fdat, sequence_++);
    fdat.insert(fdat.end(), data.begin(), data.end());
    put_chunk(chunks_, "fdAT", fdat);
  }
  keep_area(frame, previous_, area);
  ++frames_;
}

std::vector<std::uint8_t> ApngWriter::finish() && {
  if (frames_ == 0) throw Error(Error::Kind::Render, "an APNG needs a frame");
  std::vector<std::uint8_t> out = png_head(palette_, width_, height_, /*transparent=*/true);
  std::vector<std::uint8_t> actl;
  put_be32(actl, static_cast<std::uint32_t>(frames_));
  put_be32(actl, static_cast<std::uint32_t>(loop_));  // plays; 0 is forever, as ours
  // acTL must come before IDAT; after PLTE and tRNS is as good as anywhere.
  put_chunk(out, "acTL", actl);
  out.insert(out.end(), chunks_.begin(), chunks_.end());
  put_chunk(out, "IEND", {});
  return out;
}

PngStillWriter::PngStillWriter(const Palette& palette, int width, int height, int index)
    : palette_(palette), width_(width), height_(height), index_(index) {
  check_size(width, height);
}

void PngStillWriter::add_frame(IndexedView frame, int /*delay_cs*/, const Rect& /*dirty*/) {
  if (seen_++ != index_) return;
  image_ = PngDeflater(PngDeflater::Frames::One).rows(frame, {0, 0, width_, height_}, nullptr, 0);
}

std::vector<std::uint8_t> PngStillWriter::finish() && {
  if (image_.empty()) {
    throw Error(Error::Kind::Render,
                fmt::format("frame {} was never drawn ({} frames)", index_, seen_));
  }
  std::vector<std::uint8_t> out = png_head(palette_, width_, height_, /*transparent=*/false);
  put_chunk(out, "IDAT", image_);
  put_chunk(out, "IEND", {});
  return out;
}

}  // namespace slidegif::detail
