#pragma once
// The distance histogram of a whole state space (`explore --plot`) as a PNG or an SVG: one bar
// per distance, on a linear or a logarithmic axis, labelled so no two labels overlap, God's
// number and the antipodes marked, in a theme's colours.
//
//   PlotOptions o;
//   o.font = font;
//   o.log_scale = true;
//   std::vector<std::uint8_t> png = render_histogram_png(histogram, "3x3 ...", antipodes, o);

#include <cstdint>
#include <string>
#include <vector>

#include "render/plot/plot_scene.hpp"
#include "slidegif/font.hpp"

namespace slidegif::detail {

struct PlotOptions {
  Font font;  // measures every label (and draws them, in a PNG)
  std::string theme = "classic";
  int width = 960;
  int height = 540;
  // Bars by the logarithm of their count: the one state at distance 0 and the few antipodes
  // show beside the millions in the middle (on a linear axis they are a pixel high).
  bool log_scale = false;
};

// histogram[d]: the states at distance d (d = 0 .. God's number); `antipodes` lists those to
// name (the count is histogram.back()). Throws Error(Render) for an empty histogram or a font
// that cannot be read.
PlotScene histogram_scene(const std::vector<std::uint64_t>& histogram, const std::string& title,
                          const std::vector<std::string>& antipodes, const PlotOptions& options);

// The scene drawn as a PNG. Throws as histogram_scene(), and Error(Render) when drawing fails.
std::vector<std::uint8_t> render_histogram_png(const std::vector<std::uint64_t>& histogram,
                                               const std::string& title,
                                               const std::vector<std::string>& antipodes,
                                               const PlotOptions& options);
// The same as an SVG document (text in the font's family, for a browser to draw).
std::string render_histogram_svg(const std::vector<std::uint64_t>& histogram,
                                 const std::string& title,
                                 const std::vector<std::string>& antipodes,
                                 const PlotOptions& options);

}  // namespace slidegif::detail
