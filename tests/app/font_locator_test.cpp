// Finding and reading the font: an explicit path, the search path beside the executable, and
// what is said when nothing is found.
#include "app/font_locator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "run_binary.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;

TEST(FontLocator, AnExplicitPathIsUsedAsGiven) {
  EXPECT_EQ(locate_font(testing::kTestFontPath), testing::kTestFontPath);
}

TEST(FontLocator, AMissingExplicitPathIsBadInput) {
  for (const std::string& path :
       {std::string("/nonexistent/x.ttf"), std::string(SLIDEGIF_SOURCE_DIR)}) {
    try {
      locate_font(path);
      FAIL() << path;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput);
      EXPECT_NE(std::string(e.what()).find("font file not found: " + path), std::string::npos);
    }
  }
}

TEST(FontLocator, SearchesBesideTheExecutableFirst) {
  const auto dirs = font_search_path();
  ASSERT_EQ(dirs.size(), 3u);
  const fs::path exe_dir = fs::read_symlink("/proc/self/exe").parent_path();
  EXPECT_EQ(dirs[0], (exe_dir / ".." / "fonts").lexically_normal().string());
  EXPECT_EQ(dirs[1], (exe_dir / ".." / "share" / "slidegif" / "fonts").lexically_normal().string());
}

TEST(FontLocator, TheDefaultIsFoundOrTheSearchIsNamed) {
  // This test program lives in build/tests, where no fonts directory is beside it; the font is
  // found only if installed under the data directory.
  try {
    const std::string found = locate_font();
    EXPECT_EQ(fs::path(found).filename(), kDefaultFontFile);
    const auto dirs = font_search_path();
    EXPECT_NE(std::find(dirs.begin(), dirs.end(), fs::path(found).parent_path().string()),
              dirs.end());
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Render);
    EXPECT_EQ(e.hint(), Error::Hint::Font);
    EXPECT_NE(std::string(e.what()).find(kDefaultFontFile), std::string::npos);
    EXPECT_NE(std::string(e.what()).find(font_search_path()[0]), std::string::npos);
  }
}

TEST(FontLocator, LoadReadsTheBytes) {
  const Font font = load_font(testing::kTestFontPath);
  EXPECT_EQ(font.name(), testing::kTestFontPath);
  const std::string file = testing::read_file(testing::kTestFontPath);
  ASSERT_EQ(font.bytes().size(), file.size());
  EXPECT_TRUE(std::equal(font.bytes().begin(), font.bytes().end(), file.begin(),
                         [](std::uint8_t a, char b) { return a == static_cast<std::uint8_t>(b); }));
  EXPECT_THROW(load_font("/nonexistent.ttf"), Error);
}

}  // namespace
}  // namespace slidegif::app
