#include "render/plot/histogram_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "render/look/theme.hpp"
#include "render/text/text.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

constexpr double kTitlePt = 13;
constexpr double kLabelPt = 9;
constexpr int kLabelGap = 8;  // the least space between two labels on an axis

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

// The plot area the bars fill, in pixels, and its value axis.
struct Axes {
  int left, right, top, bottom;
  std::size_t bars;
  std::uint64_t top_value;  // the axis' top: a round number (linear) or a power of ten (log)
  bool log;

  int x(double d) const {
    return left + static_cast<int>(d * (right - left) / static_cast<double>(bars));
  }
  // The height of `v` above the bottom, as a share of the plot area.
  double share(std::uint64_t v) const {
    if (!log) return static_cast<double>(v) / static_cast<double>(top_value);
    return v == 0 ? 0.0
                  : std::log10(static_cast<double>(v)) / std::log10(static_cast<double>(top_value));
  }
  int y(std::uint64_t v) const {
    return bottom - static_cast<int>(std::lround(share(v) * (bottom - top)));
  }
};

// The axes' top value, then the plot area: left of it room for the widest value label.
Axes make_axes(const std::vector<std::uint64_t>& histogram, const PlotOptions& o,
               GlyphCache& glyphs) {
  const std::uint64_t peak = *std::max_element(histogram.begin(), histogram.end());
  Axes a{0, o.width - 30, 96, o.height - 60, histogram.size(), 0, o.log_scale};
  if (o.log_scale) {
    a.top_value = 10;
    while (a.top_value < peak) a.top_value *= 10;
  } else {
    const std::uint64_t step = tick_step(peak, 5);
    a.top_value = std::max<std::uint64_t>(step, (peak + step - 1) / step * step);
  }
  a.left = std::max(60, 8 + glyphs.measure(kLabelPt, thousands(a.top_value)).right + 8 + 4);
  return a;
}

// The value axis: ticks every round step (linear) or power of ten (log), each label at most
// as often as the labels' height allows.
void value_axis(PlotScene& s, GlyphCache& glyphs, const Axes& a, Rgb ink) {
  std::vector<std::uint64_t> ticks;
  if (a.log) {
    for (std::uint64_t v = 1; v <= a.top_value; v *= 10) ticks.push_back(v);
  } else {
    const std::uint64_t step = tick_step(a.top_value, 5);
    for (std::uint64_t v = 0; v <= a.top_value; v += step) ticks.push_back(v);
  }
  const int cap = glyphs.measure(kLabelPt, "0").height();
  int last_y = a.bottom + 1000;
  for (const std::uint64_t v : ticks) {
    const int y = a.y(v);
    s.lines.push_back({a.left - 4, y, a.left, y, ink});
    if (last_y - y < cap + kLabelGap) continue;  // too close to the label below
    s.texts.push_back({a.left - 8, y + cap / 2, kLabelPt, ink, thousands(v), TextAnchor::End});
    last_y = y;
  }
  s.texts.push_back({8, a.top - 14, kLabelPt, ink, a.log ? "states (log scale)" : "states"});
}

// The distance axis: a label every 1, 2, 5, 10... bars, the fewest that keep them apart.
void distance_axis(PlotScene& s, GlyphCache& glyphs, const Axes& a, Rgb ink) {
  const int widest = glyphs.measure(kLabelPt, std::to_string(a.bars - 1)).width();
  const double bar_w = static_cast<double>(a.right - a.left) / static_cast<double>(a.bars);
  std::size_t every = 1;
  for (const std::size_t e : {1, 2, 5, 10, 20, 50, 100}) {
    every = e;
    if (bar_w * static_cast<double>(e) >= widest + kLabelGap) break;
  }
  const int cap = glyphs.measure(kLabelPt, "0").height();
  for (std::size_t d = 0; d < a.bars; d += every) {
    const int x = a.x(static_cast<double>(d) + 0.5);
    s.lines.push_back({x, a.bottom, x, a.bottom + 4, ink});
    s.texts.push_back(
        {x, a.bottom + 8 + cap, kLabelPt, ink, std::to_string(d), TextAnchor::Middle});
  }
  s.texts.push_back({(a.left + a.right) / 2, a.bottom + 28 + cap, kLabelPt, ink,
                     "distance from the goal (moves)", TextAnchor::Middle});
  s.lines.push_back({a.left, a.bottom, a.right, a.bottom, ink});
  s.lines.push_back({a.left, a.top, a.left, a.bottom, ink});
}

void bars(PlotScene& s, const Axes& a, const std::vector<std::uint64_t>& histogram,
          const Theme& theme) {
  for (std::size_t d = 0; d < a.bars; ++d) {
    const int x0 = a.x(static_cast<double>(d) + 0.12);
    const int x1 = std::max(x0 + 1, a.x(static_cast<double>(d) + 0.88));
    // At least two pixels, so the rare first and last layers still show.
    const int y = std::min(a.bottom - 2, a.y(histogram[d]));
    const bool last = d + 1 == a.bars;
    s.rects.push_back({x0, y, x1, a.bottom - 1, last ? theme.digit : theme.lip,
                       last ? theme.digit : theme.shadow});
  }
}

// God's number and the antipodes above the plot, right-aligned, with a line down to the last
// bar; the antipodes' names only when they fit beside the value axis' title.
void mark_antipodes(PlotScene& s, GlyphCache& glyphs, const Axes& a,
                    const std::vector<std::uint64_t>& histogram,
                    const std::vector<std::string>& antipodes, const Theme& theme) {
  const int gods = static_cast<int>(a.bars) - 1;
  const int x = a.x(gods + 0.5);
  const int y = a.top - 14;
  s.lines.push_back({x, y + 6, x, a.bottom - 6, theme.digit});
  const std::string count =
      fmt::format("{} antipode{}", thousands(histogram.back()), histogram.back() == 1 ? "" : "s");
  std::string line2 = count;
  if (!antipodes.empty() && antipodes.size() <= 3)
    line2 += ": " + fmt::format("{}", fmt::join(antipodes, " "));
  const int room = a.right - (8 + glyphs.measure(kLabelPt, "states (log scale)").right + kLabelGap);
  if (glyphs.measure(kLabelPt, line2).right > room) line2 = count;
  s.texts.push_back({a.right, y - 16, kLabelPt, theme.title, fmt::format("God's number {}", gods),
                     TextAnchor::End});
  s.texts.push_back({a.right, y, kLabelPt, theme.caption, line2, TextAnchor::End});
}

}  // namespace

PlotScene histogram_scene(const std::vector<std::uint64_t>& histogram, const std::string& title,
                          const std::vector<std::string>& antipodes, const PlotOptions& options) {
  if (histogram.empty()) throw Error(Error::Kind::Render, "nothing to plot");
  const Theme& theme = find_theme(options.theme);
  GlyphCache glyphs(options.font);
  PlotScene s{options.width, options.height, theme.canvas, {}, {}, {}};
  const TextBox tb = glyphs.measure(kTitlePt, title);
  s.texts.push_back(
      {options.width / 2, 14 - tb.top, kTitlePt, theme.title, title, TextAnchor::Middle});
  const Axes a = make_axes(histogram, options, glyphs);
  bars(s, a, histogram, theme);
  value_axis(s, glyphs, a, theme.caption);
  distance_axis(s, glyphs, a, theme.caption);
  mark_antipodes(s, glyphs, a, histogram, antipodes, theme);
  return s;
}

std::vector<std::uint8_t> render_histogram_png(const std::vector<std::uint64_t>& histogram,
                                               const std::string& title,
                                               const std::vector<std::string>& antipodes,
                                               const PlotOptions& options) {
  return encode_png(histogram_scene(histogram, title, antipodes, options), options.font);
}

std::string render_histogram_svg(const std::vector<std::uint64_t>& histogram,
                                 const std::string& title,
                                 const std::vector<std::string>& antipodes,
                                 const PlotOptions& options) {
  GlyphCache glyphs(options.font);
  return encode_svg(histogram_scene(histogram, title, antipodes, options), glyphs.family_name());
}

}  // namespace slidegif::detail
