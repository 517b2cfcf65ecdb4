// `slidegif pieces build` through the real binary: it writes a move-pieces file where it is told
// (the file's contents and the CGI's use of it: tests/app/data/pieces_file_test.cpp,
// tests/e2e/http_test.sh), reports progress when asked, and refuses bad settings with a message
// and exit status 2, writing nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;
using testing::TempDir;

TEST(PiecesCli, BuildsAFileInTheDirectoryGiven) {
  TempDir dir;
  const RunResult r =
      run_slidegif({"pieces", "build", "--size", "2x2,2x3", "--dir", dir.path(), "--progress"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(dir.file("move-pieces.bin")), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("coded moves"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("coding moves"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("100%"), std::string::npos) << r.err;
  // The file and its trust stamp (checked as it was written), nothing else.
  auto entries = dir.entries();
  std::sort(entries.begin(), entries.end());
  EXPECT_EQ(entries, (std::vector<std::string>{"move-pieces.bin", "move-pieces.bin.ok"}));
  EXPECT_GT(testing::read_file(dir.file("move-pieces.bin")).size(), 4096u);
}

TEST(PiecesCli, AnUnusableDirectoryIsReportedBeforeAnyWork) {
  TempDir dir;
  const std::string file = dir.file("a-file");
  { std::ofstream(file) << "x"; }
  const RunResult r = run_slidegif({"pieces", "build", "--dir", file + "/sub", "--progress"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("cannot create directory " + file + "/sub"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("coding moves"), std::string::npos) << r.err;  // nothing was coded
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(PiecesCli, RefusesBadSettingsAndWritesNothing) {
  TempDir dir;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--size", ""}, "no board size"}, {{"--size", "9x9"}, "8x8"},
      {{"--size", "3x3,abc"}, "abc"},    {{"--theme", "nope"}, "nope"},
      {{"--tile", "0"}, "--tile"},       {{"--tween", "99"}, "--tween"},
  };
  for (const auto& [args, says] : cases) {
    std::vector<std::string> argv{"pieces", "build", "--dir", dir.path()};
    argv.insert(argv.end(), args.begin(), args.end());
    const RunResult r = run_slidegif(argv);
    EXPECT_EQ(r.exit_code, 2) << args.back() << ": " << r.err;
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_TRUE(dir.entries().empty()) << args.back();
  }
}

}  // namespace
}  // namespace slidegif
