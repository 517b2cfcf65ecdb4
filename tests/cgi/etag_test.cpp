#include "cgi/etag.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace slidegif::cgi {
namespace {

TEST(MakeEtag, StrongQuotedAndStable) {
  const std::string tag = make_etag("start=1");
  EXPECT_TRUE(std::regex_match(tag, std::regex("\"sg-[0-9a-f]{32}\""))) << tag;
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
