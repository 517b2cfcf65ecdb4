#pragma once
// The distance histogram of a whole state space (`explore --plot`) as a PNG: one bar per
// distance, axes with labels, God's number and the antipodes marked, in a theme's colours.
//
//   PlotOptions o;
//   o.font = font;
//   std::vector<std::uint8_t> png = render_histogram_png(histogram, "3x3 ...", antipodes, o);

#include <cstdint>
#include <string>
#include <vector>

#include "slidegif/font.hpp"

namespace slidegif {

struct PlotOptions {
  Font font;
  std::string theme = "classic";
  int width = 960;
  int height = 540;
};

// histogram[d]: the states at distance d (d = 0 .. God's number); `antipodes` lists those to
// name (the count is histogram.back()). Throws Error(Render) when drawing fails.
std::vector<std::uint8_t> render_histogram_png(const std::vector<std::uint64_t>& histogram,
                                               const std::string& title,
                                               const std::vector<std::string>& antipodes,
                                               const PlotOptions& options);

}  // namespace slidegif
