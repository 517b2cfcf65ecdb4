#include "cgi/etag.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace slidegif::cgi {
namespace {

// "sg-" and 32 lowercase hex digits, quoted (std::regex trips a GCC 12 warning under ASan).
bool strong_tag_shape(const std::string& t) {
  auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); };
  return t.size() == 37 && t.front() == '"' && t.back() == '"' && t.compare(1, 3, "sg-") == 0 &&
         std::all_of(t.begin() + 4, t.end() - 1, hex);
}

TEST(MakeEtag, StrongQuotedAndStable) {
  const std::string tag = make_etag("start=1");
  EXPECT_TRUE(strong_tag_shape(tag)) << tag;
  EXPECT_FALSE(strong_tag_shape("\"sg-" + std::string(32, 'g') + "\""));
  EXPECT_FALSE(strong_tag_shape("W/" + tag));
  EXPECT_EQ(tag, make_etag("start=1"));
  EXPECT_NE(tag, make_etag("start=2"));
}

TEST(EtagMatches, ListsWildcardAndWeakPrefix) {
  const std::string tag = make_etag("x");
  EXPECT_TRUE(etag_matches(tag, tag));
  EXPECT_TRUE(etag_matches("\"other\", " + tag, tag));
  EXPECT_TRUE(etag_matches(" W/" + tag + " ", tag));
  EXPECT_TRUE(etag_matches("*", tag));
  EXPECT_FALSE(etag_matches("", tag));
  EXPECT_FALSE(etag_matches("\"other\"", tag));
  EXPECT_FALSE(etag_matches(tag.substr(1), tag));  // unquoted is a different tag
  EXPECT_FALSE(etag_matches(",,", tag));
}

}  // namespace
}  // namespace slidegif::cgi
