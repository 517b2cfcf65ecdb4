// --image through the real binary: a picture puzzle GIF, and a picture that cannot be used
// refused with exit status 2, a message naming it, and no file written.
#include <gtest/gtest.h>

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
  EXPECT_EQ(testing::DecodedGif::decode_file(dir.file("p.gif")).frame_count(), 2);
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

}  // namespace
}  // namespace slidegif
