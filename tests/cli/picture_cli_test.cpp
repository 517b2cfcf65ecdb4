// --image through the real binary: a picture puzzle GIF, and a picture that cannot be used
// refused with exit status 2, a message naming it, and no file written.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "gif_decoder.hpp"
#include "run_binary.hpp"

namespace slidegif {
namespace {

const std::string kData = SLIDEGIF_SOURCE_DIR "/tests/data/pictures/";

TEST(PictureCli, ImageMakesAPicturePuzzle) {
  testing::TempDir dir;
  const auto r = testing::run_binary({testing::slidegif_binary(), "solve", "123456708", "--image",
                                      SLIDEGIF_SOURCE_DIR "/samples/pictures/sunset.png",
                                      "--numbers", "--dither", "-o", dir.file("p.gif")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The start, three sliding frames (the default), the whole picture.
  EXPECT_EQ(testing::DecodedGif::decode_file(dir.file("p.gif")).frame_count(), 5);
}

TEST(PictureCli, UnusablePicturesAreBadInputAndWriteNothing) {
  for (const std::string name :
       {"bomb.png", "truncated.png", "truncated.jpg", "not-an-image.png", "missing.png"}) {
    testing::TempDir dir;
    const auto r = testing::run_binary({testing::slidegif_binary(), "solve", "123456708", "--image",
                                        kData + name, "-o", dir.file("p.gif")});
    EXPECT_EQ(r.exit_code, 2) << name << ": " << r.err;
    EXPECT_NE(r.err.find(name), std::string::npos) << r.err;
    EXPECT_TRUE(dir.entries().empty()) << name;
  }
}

// Files that are no picture at all, or claim what they do not hold: each a one-line message naming
// the path (and not "not found": they exist), exit status 2, nothing written.
TEST(PictureCli, EmptyFilesDirectoriesDevicesAndLyingHeadersAreRefused) {
  testing::TempDir in;
  std::ofstream(in.file("empty.png")).close();
  // A PNG whose header promises a 16 x 16 image (its checksum wrong) and no image data after it.
  std::ofstream(in.file("lying.png"), std::ios::binary)
      << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x02\0\0\0", 29)
      << "not the image data the header promised";
  // A GIF claiming a 65535 x 65535 screen in its first ten bytes.
  std::ofstream(in.file("huge.gif"), std::ios::binary)
      << std::string("GIF89a\xff\xff\xff\xff\0\0\0;", 14);
  for (const std::string& path : {in.file("empty.png"), in.path(), std::string("/dev/zero"),
                                  in.file("lying.png"), in.file("huge.gif")}) {
    testing::TempDir out;
    const auto r = testing::run_binary({testing::slidegif_binary(), "solve", "123456708", "--image",
                                        path, "-o", out.file("p.gif")});
    EXPECT_EQ(r.exit_code, 2) << path << ": " << r.err;
    const std::string name = path.substr(path.rfind('/') + 1);
    EXPECT_NE(r.err.find(name), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.find("not found"), std::string::npos) << r.err;  // each path exists
    EXPECT_TRUE(out.entries().empty()) << path;
  }
}

}  // namespace
}  // namespace slidegif
