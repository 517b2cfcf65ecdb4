// The captions' language on the command line: --lang, then the locale variables, else English.
#include "cli/language_choice.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_binary.hpp"

namespace slidegif::cli {
namespace {

std::string choose(const std::string& flag, LocaleEnv env, std::vector<std::string>* notes = {}) {
  return choose_language(flag, env, [&](const std::string& n) {
    if (notes) notes->push_back(n);
  });
}

TEST(LanguageChoice, TheFlagWinsAndAnUnknownOneIsEnglishWithANote) {
  std::vector<std::string> notes;
  EXPECT_EQ(choose("zh", {.lang = "en_US.UTF-8"}, &notes), "zh");
  EXPECT_EQ(choose("en", {.lc_all = "zh_CN.UTF-8"}, &notes), "en");
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(choose("klingon", {.lc_all = "zh_CN"}, &notes), "en");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("\"klingon\""), std::string::npos) << notes[0];
}

TEST(LanguageChoice, TheLocaleVariablesInPosixOrder) {
  std::vector<std::string> notes;
  EXPECT_EQ(choose("", {}, &notes), "en");
  EXPECT_EQ(choose("", {.lang = "zh_CN.UTF-8"}, &notes), "zh");
  EXPECT_EQ(choose("", {.lc_messages = "zh_TW", .lang = "en_GB"}, &notes), "zh");
  EXPECT_EQ(choose("", {.lc_all = "C", .lc_messages = "zh_TW", .lang = "zh"}, &notes), "en");
  EXPECT_EQ(choose("", {.lc_all = "", .lang = "zh@latin"}, &notes), "zh");
  EXPECT_EQ(choose("", {.lang = "fr_FR.UTF-8"}, &notes), "en");
  EXPECT_TRUE(notes.empty());  // a locale without captions is not the user's mistake
}

TEST(LanguageChoice, TheBinaryTakesLangAndNotesAnUnknownOne) {
  testing::TempDir dir;
  const auto zh = testing::run_binary(
      {testing::slidegif_binary(), "solve", "123456708", "--lang", "xx", "-o", dir.file("a.gif")},
      "", {{"LC_ALL", ""}, {"LANG", "C"}});
  EXPECT_EQ(zh.exit_code, 0) << zh.err;
  EXPECT_NE(zh.err.find("note: no captions in language \"xx\""), std::string::npos) << zh.err;
  // Same bytes as English asked for by name.
  const auto en = testing::run_binary(
      {testing::slidegif_binary(), "solve", "123456708", "--lang", "en", "-o", dir.file("b.gif")});
  EXPECT_EQ(en.exit_code, 0) << en.err;
  EXPECT_EQ(testing::read_file(dir.file("a.gif")), testing::read_file(dir.file("b.gif")));
  const auto chinese = testing::run_binary(
      {testing::slidegif_binary(), "solve", "123456708", "-o", dir.file("c.gif")}, "",
      {{"LC_ALL", ""}, {"LC_MESSAGES", ""}, {"LANG", "zh_CN.UTF-8"}});
  EXPECT_EQ(chinese.exit_code, 0) << chinese.err;
  EXPECT_NE(testing::read_file(dir.file("a.gif")), testing::read_file(dir.file("c.gif")));
}

}  // namespace
}  // namespace slidegif::cli
