// Signed URLs: the HMAC-SHA256 of the query without sig=, base64url; a server with a key answers
// only requests that carry it (403 otherwise), health checks excepted.
#include "cgi/signature.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <utility>

#include "cgi/handler.hpp"
#include "cgi/server_config.hpp"
#include "run_binary.hpp"
#include "test_font.hpp"

namespace slidegif::cgi {
namespace {

TEST(Signature, IsTheHmacSha256OfRfc4231InBase64Url) {
  // RFC 4231, test case 2: 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843.
  EXPECT_EQ(sign_query("Jefe", "what do ya want for nothing?"),
            "W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM");
}

bool matches(std::string_view key, std::string_view query) {
  return signature_matches(key, split_signature(query));
}

TEST(Signature, CoversTheQueryWithoutSigAsItCame) {
  EXPECT_EQ(split_signature("a=1&sig=XY&b=2").unsigned_part, "a=1&b=2");
  EXPECT_EQ(*split_signature("a=1&sig=XY&b=2").sig, "XY");
  EXPECT_EQ(split_signature("sig=XY").unsigned_part, "");
  EXPECT_FALSE(split_signature("a=1&signal=2").sig);
  const std::string q = "start=867254301&theme=dark";
  EXPECT_TRUE(matches("k", q + "&sig=" + sign_query("k", q)));
  EXPECT_TRUE(matches("k", "sig=" + sign_query("k", q) + "&" + q));
  EXPECT_FALSE(matches("other", q + "&sig=" + sign_query("k", q)));
  EXPECT_FALSE(matches("k", "start=867254301&theme=mint&sig=" + sign_query("k", q)));
  EXPECT_FALSE(matches("k", q));
  EXPECT_FALSE(matches("k", q + "&sig="));
}

Response get(const HandlerConfig& c, const std::string& query) {
  return handle_request({{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", query}}, c);
}

TEST(SignedUrls, OnlySignedRequestsAreAnsweredHealthChecksExcepted) {
  testing::TempDir dir;
  std::ofstream(dir.file("key")) << "s3cret\n";
  HandlerConfig c;
  c.services.font = [] { return testing::test_font(); };
  EXPECT_EQ(require_signatures(c, dir.file("key")), "");
  EXPECT_EQ(c.url_key, "s3cret");  // without the newline
  const std::string q = "start=123456708&tile=32";
  EXPECT_EQ(get(c, q + "&sig=" + sign_query("s3cret", q)).status, 200);
  const Response missing = get(c, q);
  EXPECT_EQ(missing.status, 403);
  EXPECT_NE(missing.body_text().find("sig= is missing"), std::string::npos);
  EXPECT_EQ(get(c, q + "&sig=" + sign_query("wrong", q)).status, 403);
  EXPECT_EQ(get(c, "start=123456780&tile=32&sig=" + sign_query("s3cret", q)).status, 403);
  EXPECT_EQ(get(c, "pictures=1").status, 403);
  EXPECT_EQ(get(c, "health=1").status, 200);
  // A key file that cannot be read: nothing is served unsigned.
  HandlerConfig broken;
  EXPECT_NE(require_signatures(broken, dir.file("missing")), "");
  EXPECT_EQ(get(broken, q + "&sig=" + sign_query("", q)).status, 500);
}

TEST(SignedUrls, WhatIsNotAKeyFileIsRefusedUnreadAndNothingIsServedUnsigned) {
  testing::TempDir dir;
  std::filesystem::create_directory(dir.file("dir"));
  ASSERT_EQ(::mkfifo(dir.file("fifo").c_str(), 0600), 0);  // nobody writes: reading would hang
  std::ofstream(dir.file("empty")) << " \n";
  std::ofstream(dir.file("long")) << std::string(5000, 'k');
  const std::pair<std::string, std::string> cases[] = {
      {dir.file("dir"), "not a regular file"},  {"/dev/zero", "not a regular file"},
      {dir.file("fifo"), "not a regular file"}, {dir.file("empty"), "is empty"},
      {dir.file("long"), "a key has at most"},  {"", "empty name"}};
  const std::string q = "start=123456708&tile=32";
  for (const auto& [file, why] : cases) {
    HandlerConfig c;
    EXPECT_NE(require_signatures(c, file).find(why), std::string::npos) << "'" << file << "'";
    EXPECT_TRUE(c.signed_urls);
    EXPECT_EQ(get(c, q).status, 500) << file;
    EXPECT_EQ(get(c, q + "&sig=" + sign_query("", q)).status, 500) << file;
  }
  HandlerConfig none;
  EXPECT_EQ(require_signatures(none, std::nullopt), "");
  EXPECT_FALSE(none.signed_urls);
}

}  // namespace
}  // namespace slidegif::cgi
