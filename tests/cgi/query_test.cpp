#include "cgi/query.hpp"

#include <gtest/gtest.h>

#include <string>

#include "cgi/limits.hpp"
#include "slidegif/error.hpp"

namespace slidegif::cgi {
namespace {

TEST(UrlDecode, PlusAndPercentEscapes) {
  EXPECT_EQ(url_decode("a+b%2Fc%2fd"), "a b/c/d");
  EXPECT_EQ(url_decode("%41%62"), "Ab");
  EXPECT_EQ(url_decode(""), "");
  EXPECT_EQ(url_decode("%00x"), std::string("\0x", 2));
}

TEST(UrlDecode, RejectsBrokenEscapes) {
  for (const char* bad : {"%", "%4", "%G1", "abc%z0", "%%"}) {
    EXPECT_THROW(url_decode(bad), Error) << bad;
  }
}

TEST(ParseQuery, SplitsAndDecodes) {
  const auto q = parse_query("start=283%2F104%2F765&random=1;title=hello+world&flag&&=x");
  ASSERT_EQ(q.size(), 5u);
  EXPECT_EQ(q[0], (std::pair<std::string, std::string>{"start", "283/104/765"}));
  EXPECT_EQ(q[1], (std::pair<std::string, std::string>{"random", "1"}));
  EXPECT_EQ(q[2], (std::pair<std::string, std::string>{"title", "hello world"}));
  EXPECT_EQ(q[3], (std::pair<std::string, std::string>{"flag", ""}));
  EXPECT_EQ(q[4], (std::pair<std::string, std::string>{"", "x"}));
}

TEST(ParseQuery, EmptyIsEmpty) {
  EXPECT_TRUE(parse_query("").empty());
}

TEST(ParseQuery, RefusesOverlongQuery) {
  EXPECT_NO_THROW(parse_query(std::string(kMaxQueryBytes, 'a')));
  try {
    parse_query(std::string(kMaxQueryBytes + 1, 'a'));
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("too long"), std::string::npos);
  }
}

}  // namespace
}  // namespace slidegif::cgi
