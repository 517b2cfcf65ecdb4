#include "cgi/response.hpp"

#include <gtest/gtest.h>

namespace slidegif::cgi {
namespace {

TEST(TextResponse, PlainTextOneLineWithLength) {
  const Response r = text_response(400, "bad\r\nInjected: yes");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.header("content-type"), "text/plain; charset=utf-8");
  EXPECT_EQ(r.body_text(), "bad  Injected: yes\n");
  EXPECT_EQ(r.header("Content-Length"), std::to_string(r.body.size()));
  EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(r.header("Nope"), "");
}

TEST(SerializeCgi, StatusLineHeadersBlankLineBody) {
  Response r;
  r.status = 200;
  r.headers = {{"Content-Type", "image/gif"}, {"Content-Length", "3"}};
  r.body = {'G', 'I', 'F'};
  EXPECT_EQ(serialize_cgi(r, false),
            "Status: 200 OK\r\nContent-Type: image/gif\r\nContent-Length: 3\r\n\r\nGIF");
}

TEST(SerializeCgi, HeadKeepsHeadersDropsBody) {
  Response r;
  r.headers = {{"Content-Length", "3"}};
  r.body = {'G', 'I', 'F'};
  EXPECT_EQ(serialize_cgi(r, true), "Status: 200 OK\r\nContent-Length: 3\r\n\r\n");
}

TEST(ReasonPhrase, KnownStatuses) {
  EXPECT_EQ(reason_phrase(304), "Not Modified");
  EXPECT_EQ(reason_phrase(405), "Method Not Allowed");
  EXPECT_EQ(reason_phrase(503), "Service Unavailable");
}

}  // namespace
}  // namespace slidegif::cgi
