#pragma once
// A chart as a list of shapes and text in pixel coordinates: what a plot is laid out into once,
// then encoded as a PNG (libgd) or as SVG text, which draw the same picture.
//
//   PlotScene scene{960, 540, theme.canvas};
//   scene.texts.push_back({480, 20, 13, theme.title, "Title", TextAnchor::Middle});
//   std::vector<std::uint8_t> png = encode_png(scene, font);

#include <cstdint>
#include <string>
#include <vector>

#include "render/pixels/palette.hpp"
#include "slidegif/font.hpp"

namespace slidegif::detail {

enum class TextAnchor { Start, Middle, End };

struct PlotLine {
  int x0, y0, x1, y1;
  Rgb color;
};
// A filled rectangle, [x0, x1] x [y0, y1] inclusive, with an outline unless `outline` is fill.
struct PlotRect {
  int x0, y0, x1, y1;
  Rgb fill, outline;
};
struct PlotText {
  int x, baseline;  // the anchor's point: start, middle or end of the text, on its baseline
  double pt;        // points at 96 dpi, as GlyphCache takes them
  Rgb color;
  std::string text;
  TextAnchor anchor = TextAnchor::Start;
};

struct PlotScene {
  int width = 0, height = 0;
  Rgb background;
  std::vector<PlotRect> rects;  // drawn first, then the lines, then the text
  std::vector<PlotLine> lines;
  std::vector<PlotText> texts;
};

// The scene as a PNG, text in `font`. Throws Error(Render) when libgd cannot encode it.
std::vector<std::uint8_t> encode_png(const PlotScene& scene, const Font& font);
// The scene as a standalone SVG document; text names the font's family with sans-serif after it.
std::string encode_svg(const PlotScene& scene, const std::string& font_family);

}  // namespace slidegif::detail
