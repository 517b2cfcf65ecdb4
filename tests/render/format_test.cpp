// Output formats in one place: the name's extension decides, anything else is refused with
// the list of formats.
#include "slidegif/format.hpp"

#include <gtest/gtest.h>

#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

TEST(OutputFormat, ByExtensionAnyCaseAndGifWithoutOne) {
  for (const char* name : {"a.gif", "dir.x/A.GIF", "-", "/dev/null", "out", "/tmp/a.b/out"})
    EXPECT_EQ(format_of_output_name(name), OutputFormat::Gif) << name;
}

TEST(OutputFormat, EachFormatByItsExtension) {
  EXPECT_EQ(format_of_output_name("a.webp"), OutputFormat::Webp);
  EXPECT_EQ(format_of_output_name("A.WebP"), OutputFormat::Webp);
  EXPECT_EQ(format_of_output_name("a.apng"), OutputFormat::Apng);
  EXPECT_EQ(format_of_output_name("thumb.png"), OutputFormat::Png);
  for (const auto& f : kOutputFormats) EXPECT_EQ(&format_info(f.format), &f);
}

TEST(OutputFormat, AnotherExtensionIsRefusedWithTheList) {
  for (const char* name : {"x.jpg", "x.svg", "movie.avi", "a.gif.bak"}) {
    try {
      format_of_output_name(name);
      FAIL() << name;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), Error::Kind::BadInput);
      EXPECT_NE(std::string(e.what()).find(std::string("cannot write ") + name), std::string::npos);
      EXPECT_NE(std::string(e.what()).find("the output formats are .gif, .webp, .apng, .png"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(OutputFormat, ByNameEachFormatOrTheList) {
  for (const auto& f : kOutputFormats) EXPECT_EQ(format_named(f.name), f.format) << f.name;
  try {
    format_named("avi");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_EQ(std::string(e.what()),
              "unknown format 'avi': the formats are gif, webp, apng, png, mp4, webm");
  }
}

}  // namespace
}  // namespace slidegif::detail
