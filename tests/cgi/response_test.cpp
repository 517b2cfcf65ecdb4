#include "cgi/response.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace slidegif::cgi {
namespace {

// What write_cgi() puts on a stream.
std::string written(const Response& r, bool head) {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&data, &size);
  EXPECT_TRUE(write_cgi(out, r, head));
  std::fclose(out);
  std::string text(data, size);
  std::free(data);
  return text;
}

TEST(TextResponse, PlainTextOneLineWithLength) {
  const Response r = text_response(400, "bad\r\nInjected: yes");
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.header("content-type"), "text/plain; charset=utf-8");
  EXPECT_EQ(r.body_text(), "bad  Injected: yes\n");
  EXPECT_EQ(r.header("Content-Length"), std::to_string(r.body.size()));
  EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(r.header("Nope"), "");
}

TEST(WriteCgi, StatusLineHeadersBlankLineBody) {
  Response r;
  r.status = 200;
  r.headers = {{"Content-Type", "image/gif"}, {"Content-Length", "3"}};
  r.body = {'G', 'I', 'F'};
  EXPECT_EQ(written(r, false),
            "Status: 200 OK\r\nContent-Type: image/gif\r\nContent-Length: 3\r\n\r\nGIF");
}

TEST(WriteCgi, HeadKeepsHeadersDropsBody) {
  Response r;
  r.headers = {{"Content-Length", "3"}};
  r.body = {'G', 'I', 'F'};
  EXPECT_EQ(written(r, true), "Status: 200 OK\r\nContent-Length: 3\r\n\r\n");
}

TEST(WriteCgi, AFailedWriteIsReported) {
  std::FILE* full = std::fopen("/dev/full", "w");
  ASSERT_NE(full, nullptr);
  Response r;
  r.body.assign(100'000, 'x');
  EXPECT_FALSE(write_cgi(full, r, false));
  std::fclose(full);
}

TEST(ReasonPhrase, KnownStatuses) {
  EXPECT_EQ(reason_phrase(304), "Not Modified");
  EXPECT_EQ(reason_phrase(403), "Forbidden");  // a missing or wrong sig= (signature.hpp)
  EXPECT_EQ(reason_phrase(404), "Not Found");
  EXPECT_EQ(reason_phrase(405), "Method Not Allowed");
  EXPECT_EQ(reason_phrase(503), "Service Unavailable");
}

}  // namespace
}  // namespace slidegif::cgi
