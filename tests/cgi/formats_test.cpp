// The endpoints' formats: format= names one, else the Accept header picks WebP or GIF (with
// Vary: Accept); each format has its Content-Type and its own ETag, and a 304 answers only the
// tag of the format asked for.

#include <gtest/gtest.h>

#include <string>

#include "cgi/handler.hpp"
#include "cgi/negotiate.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

HandlerConfig test_config() {
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  return c;
}

Response get(const std::string& query, const std::string& accept = {},
             const std::string& if_none_match = {}, const std::string& method = "GET") {
  Environment env{{"REQUEST_METHOD", method}, {"QUERY_STRING", query}};
  if (!accept.empty()) env.emplace("HTTP_ACCEPT", accept);
  if (!if_none_match.empty()) env.emplace("HTTP_IF_NONE_MATCH", if_none_match);
  return handle_request(env, test_config());
}

std::string magic(const Response& r, std::size_t offset, std::size_t n) {
  if (r.body.size() < offset + n) return {};
  return std::string(r.body.begin() + static_cast<long>(offset),
                     r.body.begin() + static_cast<long>(offset + n));
}

TEST(Accept, NamesTheTypeWithAQualityAboveZero) {
  EXPECT_TRUE(accepts("image/avif,image/webp,*/*", "image/webp"));  // Firefox
  EXPECT_TRUE(accepts("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
                      "image/webp"));  // Chromium
  EXPECT_TRUE(accepts(" IMAGE/WEBP ; q=0.5", "image/webp"));
  EXPECT_FALSE(accepts("image/webp;q=0", "image/webp"));
  EXPECT_FALSE(accepts("image/webp; q=0.000", "image/webp"));
  EXPECT_FALSE(accepts("image/*,*/*", "image/webp"));  // a wildcard promises nothing
  EXPECT_FALSE(accepts("image/webpx", "image/webp"));
  EXPECT_FALSE(accepts("", "image/webp"));
  EXPECT_EQ(format_for_accept("image/webp,*/*"), OutputFormat::Webp);
  EXPECT_EQ(format_for_accept("*/*"), OutputFormat::Gif);
}

TEST(Formats, TheAcceptHeaderPicksWebpOrGifAndSaysItVaries) {
  const Response webp = get("start=867254301", "image/avif,image/webp,*/*");
  ASSERT_EQ(webp.status, 200) << webp.body_text();
  EXPECT_EQ(webp.header("Content-Type"), "image/webp");
  EXPECT_EQ(magic(webp, 0, 4), "RIFF");
  EXPECT_EQ(magic(webp, 8, 4), "WEBP");
  EXPECT_EQ(webp.header("Vary"), "Accept");
  const Response gif = get("start=867254301", "*/*");
  ASSERT_EQ(gif.status, 200);
  EXPECT_EQ(gif.header("Content-Type"), "image/gif");
  EXPECT_EQ(magic(gif, 0, 6), "GIF89a");
  EXPECT_EQ(gif.header("Vary"), "Accept");
  EXPECT_EQ(get("start=867254301").header("Content-Type"), "image/gif");  // no Accept at all
  EXPECT_NE(webp.header("ETag"), gif.header("ETag"));
  EXPECT_LT(webp.body.size(), gif.body.size());
}

TEST(Formats, FormatNamesItWhateverTheClientAccepts) {
  struct Want {
    const char* format;
    const char* type;
    std::size_t offset;
    const char* magic;
  };
  for (const Want& w :
       {Want{"gif", "image/gif", 0, "GIF89a"}, Want{"webp", "image/webp", 8, "WEBP"},
        Want{"apng", "image/apng", 1, "PNG"}, Want{"png", "image/png", 1, "PNG"},
        // video, where the program links FFmpeg (slidegif.fcgi; e2e: the static CGI's 400)
        Want{"mp4", "video/mp4", 4, "ftyp"}, Want{"webm", "video/webm", 0, "\x1A\x45\xDF\xA3"}}) {
    const Response r = get(std::string("start=867254301&format=") + w.format, "image/webp");
    ASSERT_EQ(r.status, 200) << w.format << ": " << r.body_text();
    EXPECT_EQ(r.header("Content-Type"), w.type);
    EXPECT_EQ(magic(r, w.offset, std::string(w.magic).size()), w.magic) << w.format;
    EXPECT_EQ(r.header("Vary"), "") << "format= does not vary with Accept";
    EXPECT_EQ(r.header("Content-Length"), std::to_string(r.body.size()));
    const Response head = get(std::string("start=867254301&format=") + w.format, {}, {}, "HEAD");
    EXPECT_EQ(head.header("Content-Type"), w.type);
    EXPECT_EQ(head.header("ETag"), r.header("ETag"));
  }
}

TEST(Formats, A304AnswersOnlyTheTagOfTheFormatAskedFor) {
  const Response webp = get("start=867254301", "image/webp");
  const std::string tag(webp.header("ETag"));
  ASSERT_FALSE(tag.empty());
  const Response again = get("start=867254301", "image/webp", tag);
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(again.header("Vary"), "Accept");
  EXPECT_TRUE(again.body.empty());
  // The GIF the same URL gives another client is not that file.
  const Response gif = get("start=867254301", "image/gif", tag);
  EXPECT_EQ(gif.status, 200);
  EXPECT_EQ(gif.header("Content-Type"), "image/gif");
  // A still's frame is part of its tag.
  EXPECT_NE(get("start=867254301&format=png&frame=0").header("ETag"),
            get("start=867254301&format=png&frame=-1").header("ETag"));
}

TEST(Formats, WhatWeDoNotWriteIs400WithTheList) {
  for (const char* q : {"start=867254301&format=avi", "start=867254301&format=GIF89"}) {
    const Response r = get(q);
    EXPECT_EQ(r.status, 400) << q;
    EXPECT_NE(r.body_text().find("the formats are gif, webp, apng, png, mp4, webm"),
              std::string::npos)
        << r.body_text();
  }
  const Response frame = get("start=867254301&frame=2");
  EXPECT_EQ(frame.status, 400);
  EXPECT_NE(frame.body_text().find("format=png"), std::string::npos) << frame.body_text();
  const Response missing = get("start=867254301&format=png&frame=200");  // of 125
  EXPECT_EQ(missing.status, 400);
  EXPECT_NE(missing.body_text().find("no frame 200"), std::string::npos) << missing.body_text();
}

TEST(Health, IsAnsweredWithoutSolvingOrDrawing) {
  HandlerConfig c;  // no font: drawing anything would fail
  c.services.font = []() -> Font { throw std::runtime_error("the font was asked for"); };
  const Response r = handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "health=1"}}, c);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body_text(), "ok\n");
  EXPECT_EQ(r.header("Cache-Control"), "no-store");
  const Response head =
      handle_request({{"REQUEST_METHOD", "HEAD"}, {"QUERY_STRING", "health=1"}}, c);
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "health=maybe"}}, c).status,
            400);
}

}  // namespace
}  // namespace slidegif::cgi
