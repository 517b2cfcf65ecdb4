// The front ends' fonts: the built-in default, and a named file read as given.
#include "app/files/font_locator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::app {
namespace {

TEST(FontLocator, AMissingPathIsBadInput) {
  for (const std::string& path :
       {std::string("/nonexistent/x.ttf"), std::string(SLIDEGIF_SOURCE_DIR)}) {
    try {
      load_font(path);
      FAIL() << path;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput);
      EXPECT_NE(std::string(e.what()).find("font file not found: " + path), std::string::npos);
    }
  }
}

TEST(FontLocator, TheDefaultIsBuiltInAndIsTheShippedFile) {
  const Font font = font_or_default("");
  EXPECT_NE(font.name().find(kDefaultFontFile), std::string::npos);
  const std::string file =
      testing::read_file(std::string(SLIDEGIF_SOURCE_DIR) + "/fonts/" + kDefaultFontFile);
  ASSERT_EQ(font.bytes().size(), file.size());
  EXPECT_TRUE(std::equal(font.bytes().begin(), font.bytes().end(), file.begin(),
                         [](std::uint8_t a, char b) { return a == static_cast<std::uint8_t>(b); }));
}

TEST(FontLocator, LoadReadsTheBytes) {
  const Font font = font_or_default(testing::kTestFontPath);
  EXPECT_EQ(font.name(), testing::kTestFontPath);
  const std::string file = testing::read_file(testing::kTestFontPath);
  ASSERT_EQ(font.bytes().size(), file.size());
  EXPECT_TRUE(std::equal(font.bytes().begin(), font.bytes().end(), file.begin(),
                         [](std::uint8_t a, char b) { return a == static_cast<std::uint8_t>(b); }));
  EXPECT_THROW(load_font("/nonexistent.ttf"), Error);
}

}  // namespace
}  // namespace slidegif::app
