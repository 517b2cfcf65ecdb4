// The distance histogram's scene (explore --plot): no two labels overlap, on plots of few and
// many bars, small and huge counts, wide and narrow; a log axis shows the smallest layers;
// the PNG and the SVG are the one scene.

#include "render/plot/histogram_plot.hpp"

#include <gd.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "render/look/theme.hpp"
#include "render/text/text.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

struct Box {
  int left, right, top, bottom;
};

// Where a label's ink lies, measured as the PNG draws it.
Box ink_box(GlyphCache& glyphs, const PlotText& t) {
  const TextBox b = glyphs.measure(t.pt, t.text);
  const int x = t.anchor == TextAnchor::Start    ? t.x
                : t.anchor == TextAnchor::Middle ? t.x - (b.left + b.right) / 2
                                                 : t.x - b.right;
  return {x + b.left, x + b.right, t.baseline + b.top, t.baseline + b.bottom};
}

void expect_apart(const PlotScene& s, const std::string& what) {
  GlyphCache glyphs(testing::test_font());
  for (std::size_t i = 0; i < s.texts.size(); ++i) {
    const Box a = ink_box(glyphs, s.texts[i]);
    EXPECT_GE(a.left, 0) << what << ": " << s.texts[i].text;
    EXPECT_LE(a.right, s.width) << what << ": " << s.texts[i].text;
    for (std::size_t j = i + 1; j < s.texts.size(); ++j) {
      const Box b = ink_box(glyphs, s.texts[j]);
      const bool overlap =
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      EXPECT_FALSE(overlap) << what << ": '" << s.texts[i].text << "' and '" << s.texts[j].text
                            << "'";
    }
  }
}

// A bell of `n` layers peaking at `peak` states, one state at distance 0, `last` at the end.
std::vector<std::uint64_t> bell(int n, double peak, std::uint64_t last) {
  std::vector<std::uint64_t> h;
  for (int d = 0; d < n; ++d) {
    const double x = (d - 0.7 * n) / (0.18 * n);
    h.push_back(std::max<std::uint64_t>(1, static_cast<std::uint64_t>(peak * std::exp(-x * x))));
  }
  h.front() = 1;
  h.back() = last;
  return h;
}

TEST(HistogramPlot, NoTwoLabelsOverlap) {
  const std::vector<std::string> three = {"1,2,3,4/5,6,7,8/9,10,11,0", "2,1,3,4/5,6,7,8/9,10,11,0",
                                          "3,1,2,4/5,6,7,8/9,10,11,0"};
  for (const bool log : {false, true}) {
    for (const int width : {960, 480}) {
      PlotOptions o;
      o.font = testing::test_font();
      o.log_scale = log;
      o.width = width;
      const std::string what = std::string(log ? "log" : "linear") + " " + std::to_string(width);
      expect_apart(histogram_scene(bell(32, 24000, 2), "3x3", {"647850321", "867254301"}, o),
                   "3x3 " + what);
      expect_apart(histogram_scene(bell(54, 4e7, 18), "3x4", three, o), "3x4 " + what);
      expect_apart(histogram_scene(bell(120, 9e9, 1), "many", {"a"}, o), "120 bars " + what);
    }
  }
}

// Bar heights of a scene, in pixels, by distance (the rectangles in order).
std::vector<int> heights(const PlotScene& s) {
  std::vector<int> h;
  for (const PlotRect& r : s.rects) h.push_back(r.y1 - r.y0 + 1);
  return h;
}

TEST(HistogramPlot, ALogAxisShowsTheSmallLayersInProportionToTheirLogarithm) {
  std::vector<std::uint64_t> h = {1, 10, 100, 1000, 10000, 100000, 1000000, 3};
  PlotOptions o;
  o.font = testing::test_font();
  const auto linear = heights(histogram_scene(h, "t", {}, o));
  o.log_scale = true;
  const auto log = heights(histogram_scene(h, "t", {}, o));
  ASSERT_EQ(log.size(), h.size());
  EXPECT_LE(linear[2], 2) << "on a linear axis 100 of a million is a sliver";
  // Equal steps for each power of ten.
  for (std::size_t d = 2; d + 1 < h.size(); ++d)
    EXPECT_NEAR(log[d] - log[d - 1], log[2] - log[1], 1) << d;
  EXPECT_GE(log[0], 2) << "a layer of one state still shows";
  EXPECT_GT(log[7], log[0]);
  EXPECT_LT(log[7], log[1]);
}

TEST(HistogramPlot, ThePngAndTheSvgDrawTheSameScene) {
  PlotOptions o;
  o.font = testing::test_font();
  o.theme = "dark";
  const auto h = bell(32, 24000, 2);
  const PlotScene scene = histogram_scene(h, "3x3 <&>", {"647850321"}, o);
  const auto png = render_histogram_png(h, "3x3 <&>", {"647850321"}, o);
  gdImagePtr im =
      gdImageCreateFromPngPtr(static_cast<int>(png.size()), const_cast<std::uint8_t*>(png.data()));
  ASSERT_NE(im, nullptr);
  EXPECT_EQ(gdImageSX(im), scene.width);
  // Every bar's middle (inside its outline) is its fill colour.
  for (const PlotRect& r : scene.rects) {
    if (r.y1 - r.y0 < 4) continue;
    const int p = gdImageGetTrueColorPixel(im, (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);
    EXPECT_EQ((Rgb{static_cast<std::uint8_t>(gdTrueColorGetRed(p)),
                   static_cast<std::uint8_t>(gdTrueColorGetGreen(p)),
                   static_cast<std::uint8_t>(gdTrueColorGetBlue(p))}),
              r.fill);
  }
  gdImageDestroy(im);
  const std::string svg = render_histogram_svg(h, "3x3 <&>", {"647850321"}, o);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0U);
  std::size_t rects = 0, texts = 0;
  for (std::size_t at = 0; (at = svg.find("<rect ", at)) != std::string::npos; ++at) ++rects;
  for (std::size_t at = 0; (at = svg.find("<text ", at)) != std::string::npos; ++at) ++texts;
  EXPECT_EQ(rects, scene.rects.size() + 1);  // and the background
  EXPECT_EQ(texts, scene.texts.size());
  EXPECT_NE(svg.find("3x3 &lt;&amp;&gt;"), std::string::npos) << "text is escaped";
  EXPECT_NE(svg.find("font-family=\"DejaVu Sans, sans-serif\""), std::string::npos);
}

}  // namespace
}  // namespace slidegif::detail
