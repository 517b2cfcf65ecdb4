// The progress bar: its text, when it draws (a terminal or forced, ten times a second at most),
// and that it ends its line.
#include "app/files/progress.hpp"

#include <gtest/gtest.h>

#include <string>

namespace slidegif::app {
namespace {

using ::testing::internal::CaptureStderr;
using ::testing::internal::GetCapturedStderr;

TEST(ProgressBar, RenderShowsBarPercentTimeAndLabel) {
  EXPECT_EQ(ProgressBar::render("small 2/3", 0.45, 12.2, 20),
            "[#########...........]  45%    12 s  small 2/3");
  EXPECT_EQ(ProgressBar::render("x", 0, 0, 4), "[....]   0%     0 s  x");
  // Fractions outside 0..1 are clamped.
  EXPECT_EQ(ProgressBar::render("x", 1.7, 1, 4), "[####] 100%     1 s  x");
  EXPECT_EQ(ProgressBar::render("x", -1, 1, 4), "[....]   0%     1 s  x");
}

TEST(ProgressBar, ForcedDrawsInPlaceAtMostTenTimesASecondAndEndsTheLine) {
  CaptureStderr();
  {
    ProgressBar bar("job", /*force=*/true);
    bar.update(0.1);
    bar.update(0.2);  // within 100 ms of the last draw: skipped
    bar.set_label("done");
    bar.update(1.0);  // the end is always drawn
  }                   // the destructor finishes the line
  const std::string err = GetCapturedStderr();
  EXPECT_EQ(std::count(err.begin(), err.end(), '\r'), 2) << err;
  EXPECT_EQ(err.find(" 20%"), std::string::npos) << err;
  EXPECT_NE(err.find("100%"), std::string::npos) << err;
  EXPECT_NE(err.find("done"), std::string::npos) << err;
  EXPECT_EQ(err.back(), '\n');
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
}

TEST(ProgressBar, SilentWhenStderrIsNoTerminal) {
  CaptureStderr();  // stderr is a file now
  {
    ProgressBar bar("job");
    bar.update(0.5);
    bar.update(1.0);
    bar.finish();
  }
  EXPECT_EQ(GetCapturedStderr(), "");
}

}  // namespace
}  // namespace slidegif::app
