#include <algorithm>
#include <cmath>
#include <vector>

#include "slidegif/picture.hpp"

namespace slidegif::detail {

namespace {

// One output pixel's source pixels along an axis and their weights (summing to 1).
struct Taps {
  std::vector<int> first;  // per output pixel: the first source pixel
  std::vector<std::vector<float>> weights;
};

// Output pixel k covers source [start + k * scale, start + (k + 1) * scale). Its filter is a box
// of that width (area averaging) when shrinking, and of one source pixel when enlarging, which
// is linear interpolation; both clipped to the crop [start, start + length].
Taps taps(double start, double length, int out, int source_size) {
  const double scale = length / out, width = std::max(scale, 1.0);
  const double lo_limit = start, hi_limit = std::min<double>(start + length, source_size);
  Taps t;
  for (int k = 0; k < out; ++k) {
    const double centre = start + (k + 0.5) * scale;
    const double lo = std::max(lo_limit, centre - width / 2);
    const double hi = std::min(hi_limit, centre + width / 2);
    const int i0 = static_cast<int>(std::floor(lo));
    const int i1 = std::max(i0 + 1, static_cast<int>(std::ceil(hi)));
    std::vector<float> w;
    double total = 0;
    for (int i = i0; i < i1; ++i) {
      const double overlap = std::max(0.0, std::min<double>(hi, i + 1) - std::max<double>(lo, i));
      w.push_back(static_cast<float>(overlap));
      total += overlap;
    }
    for (auto& x : w)
      x = total > 0 ? static_cast<float>(x / total) : 1.0f / static_cast<float>(w.size());
    t.first.push_back(std::clamp(i0, 0, source_size - 1));
    t.weights.push_back(std::move(w));
  }
  return t;
}

}  // namespace

}  // namespace slidegif::detail

namespace slidegif {

std::vector<Rgb> fit_picture(const Picture& picture, int width, int height) {
  const int sw = picture.width(), sh = picture.height();
  // The largest centred crop of the board's aspect.
  double cx = 0, cy = 0, cw = sw, ch = sh;
  if (static_cast<double>(sw) * height > static_cast<double>(width) * sh) {
    cw = static_cast<double>(sh) * width / height;
    cx = (sw - cw) / 2;
  } else {
    ch = static_cast<double>(sw) * height / width;
    cy = (sh - ch) / 2;
  }
  const detail::Taps tx = detail::taps(cx, cw, width, sw), ty = detail::taps(cy, ch, height, sh);
  // Rows first (only those the crop touches), then columns; floats in between.
  const int row0 = ty.first.front();
  const int row1 = std::min(sh, ty.first.back() + static_cast<int>(ty.weights.back().size()));
  std::vector<float> rows(static_cast<std::size_t>(row1 - row0) * width * 3);
  for (int y = row0; y < row1; ++y) {
    float* out = &rows[static_cast<std::size_t>(y - row0) * width * 3];
    const Rgb* in = picture.row(y);
    for (int x = 0; x < width; ++x) {
      float r = 0, g = 0, b = 0;
      const auto& w = tx.weights[static_cast<std::size_t>(x)];
      const int first = tx.first[static_cast<std::size_t>(x)];
      for (std::size_t k = 0; k < w.size(); ++k) {
        const Rgb p = in[std::min(sw - 1, first + static_cast<int>(k))];
        r += w[k] * p.r, g += w[k] * p.g, b += w[k] * p.b;
      }
      out[3 * x] = r, out[3 * x + 1] = g, out[3 * x + 2] = b;
    }
  }
  std::vector<Rgb> fitted;
  fitted.reserve(static_cast<std::size_t>(width) * height);
  auto byte = [](float v) {
    return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
  };
  for (int y = 0; y < height; ++y) {
    const auto& w = ty.weights[static_cast<std::size_t>(y)];
    for (int x = 0; x < width; ++x) {
      float r = 0, g = 0, b = 0;
      for (std::size_t k = 0; k < w.size(); ++k) {
        const int sy =
            std::min(row1 - 1, ty.first[static_cast<std::size_t>(y)] + static_cast<int>(k));
        const float* p = &rows[(static_cast<std::size_t>(sy - row0) * width + x) * 3];
        r += w[k] * p[0], g += w[k] * p[1], b += w[k] * p[2];
      }
      fitted.push_back({byte(r), byte(g), byte(b)});
    }
  }
  return fitted;
}

}  // namespace slidegif
