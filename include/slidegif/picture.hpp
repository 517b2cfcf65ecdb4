#pragma once
// A picture to cut into tiles (the classic picture puzzle): decoded from PNG, JPEG, WebP or GIF
// bytes through libgd, after the header's dimensions have been checked against the limits, so
// a hostile file (huge dimensions, a decompression bomb, a non-image) is refused before it can
// use much memory or time. The rendering library never opens files: a front end reads the
// bytes and hands them over.
//
//   slidegif::Picture p = slidegif::decode_picture("cat.png", bytes, limits);
//   options.picture = p;

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "slidegif/color.hpp"
#include "slidegif/export.hpp"

namespace slidegif {

struct RenderLimits;

// Decoded pixels, opaque (transparency is flattened onto white). Copies share the pixels.
class SLIDEGIF_API Picture {
 public:
  Picture() = default;
  Picture(std::string name, int width, int height, std::vector<Rgb> pixels)
      : name_(std::move(name)),
        width_(width),
        height_(height),
        pixels_(std::make_shared<const std::vector<Rgb>>(std::move(pixels))) {}

  Picture with_name(std::string name) const {
    Picture p = *this;
    p.name_ = std::move(name);
    return p;
  }
  const std::string& name() const { return name_; }  // only appears in messages and keys
  int width() const { return width_; }
  int height() const { return height_; }
  bool empty() const { return !pixels_; }
  Rgb at(int x, int y) const { return row(y)[x]; }
  const Rgb* row(int y) const {
    return pixels_->data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
  }

 private:
  std::string name_;
  int width_ = 0, height_ = 0;
  std::shared_ptr<const std::vector<Rgb>> pixels_;
};

// Throws Error(BadInput) naming `name` for bytes that are no PNG, JPEG, WebP or GIF, a
// truncated or broken file, or one over `limits` (max_picture_bytes, max_picture_pixels, known
// from the header before anything is decoded).
SLIDEGIF_API Picture decode_picture(std::string name, std::span<const std::uint8_t> bytes,
                                    const RenderLimits& limits);

// The picture fitted to width x height: centre-cropped to that aspect, then scaled by area
// averaging (each output pixel the mean of the source area it covers). What a picture puzzle's
// solved board shows.
SLIDEGIF_API std::vector<Rgb> fit_picture(const Picture& picture, int width, int height);

}  // namespace slidegif
