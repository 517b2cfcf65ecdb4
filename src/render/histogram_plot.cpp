#include "render/histogram_plot.hpp"

#include <fmt/format.h>
#include <gd.h>

#include <algorithm>
#include <cmath>

#include "render/frame/image.hpp"
#include "render/frame/theme.hpp"
#include "render/text/text.hpp"
#include "slidegif/error.hpp"

namespace slidegif {
namespace {

constexpr double kTitlePt = 13;
constexpr double kLabelPt = 9;

int colour(gdImage& im, Rgb c) {
  return gdImageColorAllocate(&im, c.r, c.g, c.b);
}

// A round step for about `ticks` axis labels up to `top`: 1, 2 or 5 times a power of ten.
std::uint64_t tick_step(std::uint64_t top, int ticks) {
  const double raw = static_cast<double>(top) / ticks;
  const double power = std::pow(10.0, std::floor(std::log10(std::max(raw, 1.0))));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) return static_cast<std::uint64_t>(m * power);
  return static_cast<std::uint64_t>(10 * power);
}

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The plot's geometry: the area the bars fill, in pixels.
struct Frame {
  int left, right, top, bottom;
  int x(double d, std::size_t bars) const {
    return left + static_cast<int>(d * (right - left) / static_cast<double>(bars));
  }
};

void draw_axes(gdImage& im, GlyphCache& glyphs, const Frame& f, std::uint64_t top, std::size_t bars,
               Rgb ink) {
  const int axis = colour(im, ink);
  gdImageLine(&im, f.left, f.bottom, f.right, f.bottom, axis);
  gdImageLine(&im, f.left, f.top, f.left, f.bottom, axis);
  const std::uint64_t step = tick_step(top, 5);
  for (std::uint64_t v = 0; v <= top; v += step) {
    const int y = f.bottom - static_cast<int>(static_cast<double>(v) / static_cast<double>(top) *
                                              (f.bottom - f.top));
    gdImageLine(&im, f.left - 4, y, f.left, y, axis);
    const std::string label = thousands(v);
    const TextBox box = glyphs.measure(kLabelPt, label);
    glyphs.draw(im, kLabelPt, f.left - 8 - box.right, y - box.top / 2, ink, label);
  }
  const std::size_t every = bars > 60 ? 10 : 5;
  for (std::size_t d = 0; d < bars; d += every) {
    const int x = f.x(static_cast<double>(d) + 0.5, bars);
    gdImageLine(&im, x, f.bottom, x, f.bottom + 4, axis);
    const std::string label = std::to_string(d);
    const TextBox box = glyphs.measure(kLabelPt, label);
    glyphs.draw(im, kLabelPt, x - box.width() / 2 - box.left, f.bottom + 8 - box.top, ink, label);
  }
  const std::string x_title = "distance from the goal (moves)";
  const TextBox xb = glyphs.measure(kLabelPt, x_title);
  glyphs.draw(im, kLabelPt, (f.left + f.right - xb.width()) / 2, f.bottom + 36, ink, x_title);
  glyphs.draw(im, kLabelPt, f.left - 60, f.top - 14, ink, "states");
}

void draw_bars(gdImage& im, const Frame& f, const std::vector<std::uint64_t>& histogram,
               std::uint64_t top, const Theme& theme) {
  const int bar = colour(im, theme.lip);
  const int edge = colour(im, theme.shadow);
  const int hardest = colour(im, theme.digit);
  const std::size_t bars = histogram.size();
  for (std::size_t d = 0; d < bars; ++d) {
    const int x0 = f.x(static_cast<double>(d) + 0.12, bars);
    const int x1 = std::max(x0 + 1, f.x(static_cast<double>(d) + 0.88, bars));
    const double share = static_cast<double>(histogram[d]) / static_cast<double>(top);
    // At least a pixel, so the rare first and last layers still show.
    const int y = std::min(f.bottom - 1, f.bottom - static_cast<int>(share * (f.bottom - f.top)));
    const bool last = d + 1 == bars;
    gdImageFilledRectangle(&im, x0, y, x1, f.bottom - 1, last ? hardest : bar);
    if (!last) gdImageRectangle(&im, x0, y, x1, f.bottom - 1, edge);
  }
}

// God's number and the antipodes, with a line down to the last bar.
void mark_antipodes(gdImage& im, GlyphCache& glyphs, const Frame& f,
                    const std::vector<std::uint64_t>& histogram,
                    const std::vector<std::string>& antipodes, const Theme& theme) {
  const std::size_t bars = histogram.size();
  const int gods = static_cast<int>(bars) - 1;
  const int x = f.x(gods + 0.5, bars);
  // Above the plot area, right-aligned, with a line down to the last bar.
  const int y = f.top - 14;
  gdImageLine(&im, x, y + 6, x, f.bottom - 6, colour(im, theme.digit));
  std::string line1 = fmt::format("God's number {}", gods);
  std::string line2 =
      fmt::format("{} antipode{}", thousands(histogram.back()), histogram.back() == 1 ? "" : "s");
  if (!antipodes.empty() && antipodes.size() <= 3)
    line2 += ": " + fmt::format("{}", fmt::join(antipodes, " "));
  const int right =
      std::max(glyphs.measure(kLabelPt, line1).right, glyphs.measure(kLabelPt, line2).right);
  const int left = std::max(f.left + 4, f.right - right);
  glyphs.draw(im, kLabelPt, left, y - 16, theme.title, line1);
  glyphs.draw(im, kLabelPt, left, y, theme.caption, line2);
}

}  // namespace

std::vector<std::uint8_t> render_histogram_png(const std::vector<std::uint64_t>& histogram,
                                               const std::string& title,
                                               const std::vector<std::string>& antipodes,
                                               const PlotOptions& options) {
  if (histogram.empty()) throw Error(Error::Kind::Render, "nothing to plot");
  const Theme& theme = find_theme(options.theme);
  GdImage im = make_truecolor_image(options.width, options.height);
  gdImageFilledRectangle(im.get(), 0, 0, options.width - 1, options.height - 1,
                         colour(*im, theme.canvas));
  GlyphCache glyphs(options.font);
  const TextBox tb = glyphs.measure(kTitlePt, title);
  glyphs.draw(*im, kTitlePt, (options.width - tb.width()) / 2 - tb.left, 14 - tb.top, theme.title,
              title);
  const Frame f{90, options.width - 30, 96, options.height - 60};
  const std::uint64_t peak = *std::max_element(histogram.begin(), histogram.end());
  const std::uint64_t step = tick_step(peak, 5);
  const std::uint64_t top = (peak + step - 1) / step * step;
  draw_bars(*im, f, histogram, top, theme);
  draw_axes(*im, glyphs, f, top, histogram.size(), theme.caption);
  mark_antipodes(*im, glyphs, f, histogram, antipodes, theme);
  int size = 0;
  void* png = gdImagePngPtr(im.get(), &size);
  if (png == nullptr) throw Error(Error::Kind::Render, "libgd could not encode the PNG");
  std::vector<std::uint8_t> bytes(static_cast<std::uint8_t*>(png),
                                  static_cast<std::uint8_t*>(png) + size);
  gdFree(png);
  return bytes;
}

}  // namespace slidegif
