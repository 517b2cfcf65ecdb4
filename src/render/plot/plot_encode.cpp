// PlotScene's two encodings: a PNG through libgd (text through our GlyphCache, as the frames'),
// and SVG text a browser draws with its own copy of the font.
#include <fmt/format.h>
#include <gd.h>

#include "render/pixels/image.hpp"
#include "render/plot/plot_scene.hpp"
#include "render/text/text.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {

namespace {

int colour(gdImage& im, Rgb c) {
  return gdImageColorAllocate(&im, c.r, c.g, c.b);
}

std::string hex(Rgb c) {
  return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
}

std::string escaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::vector<std::uint8_t> encode_png(const PlotScene& scene, const Font& font) {
  GdImage im = make_truecolor_image(scene.width, scene.height);
  gdImageFilledRectangle(im.get(), 0, 0, scene.width - 1, scene.height - 1,
                         colour(*im, scene.background));
  for (const PlotRect& r : scene.rects) {
    gdImageFilledRectangle(im.get(), r.x0, r.y0, r.x1, r.y1, colour(*im, r.fill));
    if (!(r.outline == r.fill))
      gdImageRectangle(im.get(), r.x0, r.y0, r.x1, r.y1, colour(*im, r.outline));
  }
  for (const PlotLine& l : scene.lines)
    gdImageLine(im.get(), l.x0, l.y0, l.x1, l.y1, colour(*im, l.color));
  GlyphCache glyphs(font);
  for (const PlotText& t : scene.texts) {
    const TextBox box = glyphs.measure(t.pt, t.text);
    const int x = t.anchor == TextAnchor::Start    ? t.x
                  : t.anchor == TextAnchor::Middle ? t.x - (box.left + box.right) / 2
                                                   : t.x - box.right;
    glyphs.draw(*im, t.pt, x, t.baseline, t.color, t.text);
  }
  int size = 0;
  void* png = gdImagePngPtr(im.get(), &size);
  if (png == nullptr) throw Error(Error::Kind::Render, "libgd could not encode the PNG");
  std::vector<std::uint8_t> bytes(static_cast<std::uint8_t*>(png),
                                  static_cast<std::uint8_t*>(png) + size);
  gdFree(png);
  return bytes;
}

std::string encode_svg(const PlotScene& scene, const std::string& font_family) {
  // Pixel coordinates at half a pixel, so one-pixel lines and outlines are crisp, as in the PNG.
  std::string svg = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"{2}\"/>\n",
      scene.width, scene.height, hex(scene.background));
  for (const PlotRect& r : scene.rects) {
    const bool outlined = !(r.outline == r.fill);
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"{}/>\n", r.x0 + 0.5,
        r.y0 + 0.5, r.x1 - r.x0, r.y1 - r.y0, hex(r.fill),
        outlined ? fmt::format(" stroke=\"{}\" stroke-width=\"1\"", hex(r.outline)) : "");
  }
  for (const PlotLine& l : scene.lines) {
    svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\"/>\n",
                       l.x0 + 0.5, l.y0 + 0.5, l.x1 + 0.5, l.y1 + 0.5, hex(l.color));
  }
  // Sizes in points at 96 dpi are CSS pixels times 3/4.
  for (const PlotText& t : scene.texts) {
    const char* anchor = t.anchor == TextAnchor::Start    ? "start"
                         : t.anchor == TextAnchor::Middle ? "middle"
                                                          : "end";
    svg += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-family=\"{}, sans-serif\" font-weight=\"bold\" "
        "font-size=\"{:.2f}\" fill=\"{}\" text-anchor=\"{}\">{}</text>\n",
        t.x, t.baseline, escaped(font_family), t.pt / kPointsPerPixel, hex(t.color), anchor,
        escaped(t.text));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace slidegif::detail
