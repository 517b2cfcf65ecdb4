// `explore --plot`: a PNG (decoded by libgd here) of the theme's size and colours; an
// unwritable path is refused before the search, leaving nothing.
#include <gd.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "render/look/theme.hpp"
#include "run_binary.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;
using testing::TempDir;

bool has_colour(gdImagePtr im, Rgb c) {
  for (int y = 0; y < gdImageSY(im); ++y)
    for (int x = 0; x < gdImageSX(im); ++x) {
      const int p = gdImageGetTrueColorPixel(im, x, y);
      if (gdTrueColorGetRed(p) == c.r && gdTrueColorGetGreen(p) == c.g &&
          gdTrueColorGetBlue(p) == c.b)
        return true;
    }
  return false;
}

TEST(ExplorePlot, APngInTheThemesColours) {
  TempDir dir;
  for (const char* theme : {"classic", "dark"}) {
    const std::string png = dir.file(std::string(theme) + ".png");
    const RunResult r = run_slidegif({"explore", "--size", "3", "--plot", png, "--theme", theme});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string bytes = testing::read_file(png);
    ASSERT_EQ(bytes.substr(0, 8), "\x89PNG\r\n\x1a\n");
    gdImagePtr im =
        gdImageCreateFromPngPtr(static_cast<int>(bytes.size()), const_cast<char*>(bytes.data()));
    ASSERT_NE(im, nullptr);
    EXPECT_EQ(gdImageSX(im), 960);
    EXPECT_EQ(gdImageSY(im), 540);
    const detail::Theme& t = detail::find_theme(theme);
    EXPECT_TRUE(has_colour(im, t.canvas));
    EXPECT_TRUE(has_colour(im, t.lip)) << "the bars";
    EXPECT_TRUE(has_colour(im, t.digit)) << "God's number's bar and marker";
    gdImageDestroy(im);
  }
}

TEST(ExplorePlot, AnUnwritablePathIsRefusedBeforeTheSearch) {
  TempDir dir;
  const RunResult r = run_slidegif({"explore", "--size", "3", "--plot", dir.file("no/such/p.png")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("cannot write " + dir.file("no/such/p.png")), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_TRUE(dir.entries().empty());
  const RunResult theme = run_slidegif({"explore", "--plot", dir.file("p.png"), "--theme", "neon"});
  EXPECT_EQ(theme.exit_code, 2);
  EXPECT_TRUE(dir.entries().empty());
}

TEST(ExplorePlot, ADirectoryIsRefusedBeforeTheSearch) {
  TempDir dir;
  const std::string db = dir.file("x.sqlite");
  const RunResult r = run_slidegif({"explore", "--size", "3", "--plot", dir.path(), "--db", db});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("cannot write " + dir.path() + ": Is a directory"), std::string::npos)
      << r.err;
  // Refused before the database was announced (and so before the search).
  EXPECT_EQ(r.err.find("writing " + db), std::string::npos) << r.err;
  EXPECT_TRUE(dir.entries().empty());
}

TEST(ExplorePlot, AnSvgByItsExtensionAndALogScale) {
  TempDir dir;
  const std::string svg = dir.file("plot.SVG");
  const RunResult r = run_slidegif({"explore", "--size", "3", "--plot", svg, "--log-scale"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = testing::read_file(svg);
  EXPECT_EQ(text.rfind("<?xml", 0), 0U);
  EXPECT_NE(text.find("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\""),
            std::string::npos);
  EXPECT_NE(text.find(">God's number 31</text>"), std::string::npos);
  EXPECT_NE(text.find(">states (log scale)</text>"), std::string::npos);
  // Well-formed XML, as an independent parser reads it.
  const std::string parse =
      "python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' '" + svg + "'";
  EXPECT_EQ(std::system(parse.c_str()), 0) << parse;
}

TEST(ExplorePlot, OtherExtensionsAndAStrayLogScaleAreRefusedBeforeTheSearch) {
  TempDir dir;
  const RunResult jpg = run_slidegif({"explore", "--size", "3", "--plot", dir.file("p.jpg")});
  EXPECT_EQ(jpg.exit_code, 2);
  EXPECT_NE(jpg.err.find(".png or an .svg"), std::string::npos) << jpg.err;
  const RunResult stray = run_slidegif({"explore", "--size", "3", "--log-scale"});
  EXPECT_EQ(stray.exit_code, 2);
  EXPECT_NE(stray.err.find("--plot"), std::string::npos) << stray.err;
  EXPECT_TRUE(stray.out.empty());
  EXPECT_TRUE(dir.entries().empty());
}

}  // namespace
}  // namespace slidegif
