// `explore --plot`: a PNG (decoded by libgd here) of the theme's size and colours; an
// unwritable path is refused before the search, leaving nothing.
#include <gd.h>
#include <gtest/gtest.h>

#include "render/frame/theme.hpp"
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
    const Theme& t = find_theme(theme);
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

}  // namespace
}  // namespace slidegif
