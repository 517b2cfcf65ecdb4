// The CGI's pictures: picture=NAME from the administrator's directory, ?pictures=1 as JSON,
// names that are paths or unknown refused with a 400, the picture and lang= in the ETag.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "app/files/picture_files.hpp"
#include "cgi/handler.hpp"
#include "gif_decoder.hpp"
#include "run_binary.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

const std::string kDir = SLIDEGIF_SOURCE_DIR "/samples/pictures";

HandlerConfig config(bool pictures = true) {
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  c.services.entropy = [] { return std::uint64_t{1}; };
  if (pictures) {
    c.picture_files = [] { return app::picture_files(kDir); };
    c.picture = [](std::string_view name, const RenderLimits& limits) {
      return app::read_named_picture(kDir, name, limits);
    };
  }
  return c;
}

Response get(const std::string& query, const HandlerConfig& c = config()) {
  return handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}}, c);
}

TEST(PictureHandler, ListsThePicturesAsJson) {
  const Response r = get("pictures=1");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.header("Content-Type"), "application/json");
  const auto json = nlohmann::json::parse(r.body_text());
  EXPECT_EQ(json["pictures"], (nlohmann::json{"mosaic", "sunset"}));
  EXPECT_EQ(json["files"], (nlohmann::json{"mosaic.png", "sunset.png"}));
  EXPECT_EQ(nlohmann::json::parse(get("pictures=1", config(false)).body_text())["pictures"],
            nlohmann::json::array());
}

TEST(PictureHandler, APictureByNameIsAGifAndPartOfTheTag) {
  const Response r = get("start=123456708&picture=sunset&tween=0");
  ASSERT_EQ(r.status, 200) << r.body_text();
  EXPECT_EQ(testing::DecodedGif::decode(r.body).frame_count(), 2);
  const Response other = get("start=123456708&picture=mosaic&tween=0");
  ASSERT_EQ(other.status, 200) << other.body_text();
  const Response plain = get("start=123456708&tween=0");
  EXPECT_NE(r.header("ETag"), other.header("ETag"));
  EXPECT_NE(r.header("ETag"), plain.header("ETag"));
  EXPECT_NE(r.body, plain.body);
  const Response numbered = get("start=123456708&picture=sunset&tween=0&numbers=1");
  EXPECT_NE(numbered.header("ETag"), r.header("ETag"));
  EXPECT_NE(numbered.body, r.body);
  const Response zh = get("start=123456708&tween=0&lang=zh");
  EXPECT_NE(zh.header("ETag"), plain.header("ETag"));
}

TEST(PictureHandler, PathsUnknownNamesAndMissingPicturesAre400) {
  for (const std::string name : {"..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "sunset.png", "a%20b"}) {
    const Response r = get("picture=" + name);
    EXPECT_EQ(r.status, 400) << name;
    EXPECT_NE(r.body_text().find("picture must be a picture's name"), std::string::npos)
        << r.body_text();
  }
  const Response unknown = get("picture=nosuch");
  EXPECT_EQ(unknown.status, 400);
  EXPECT_EQ(unknown.body_text(), "unknown picture \"nosuch\"\n");
  const Response none = get("picture=sunset", config(false));
  EXPECT_EQ(none.status, 400);
  EXPECT_EQ(none.body_text(), "this server has no pictures\n");
  EXPECT_EQ(get("lang=xx").status, 400);
}

TEST(PictureHandler, APictureItCannotUseIsNamedNotItsPath) {
  const testing::TempDir dir;
  std::ofstream(dir.file("big.png")) << std::string(4096, 'x');  // past the limit below
  std::ofstream(dir.file("broken.png")) << "not a PNG";
  HandlerConfig c = config();
  c.picture = [&dir](std::string_view name, const RenderLimits& limits) {
    RenderLimits tight = limits;
    tight.max_picture_bytes = 1024;
    return app::read_named_picture(dir.path(), name, tight);
  };
  for (const std::string name : {"big", "broken"}) {
    const Response r = get("picture=" + name, c);
    EXPECT_EQ(r.status, 400) << name;
    EXPECT_EQ(r.body_text().find(dir.path()), std::string::npos) << r.body_text();
    EXPECT_NE(r.body_text().find(name), std::string::npos) << r.body_text();
  }
}

}  // namespace
}  // namespace slidegif::cgi
