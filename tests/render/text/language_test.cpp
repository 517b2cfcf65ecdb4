// The caption tables: every language has every phrase with the English one's placeholders, the
// Chinese captions read naturally, and an unknown language is refused by the renderer's checks.

#include "render/text/language.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "render/animation/animation.hpp"
#include "render/text/captions.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> names;
  const std::string s(text);
  const std::regex re(R"(\{([a-z]+)\})");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

TEST(Language, EveryTableHasEveryPhraseWithTheSamePlaceholders) {
  const Language& english = languages().front();
  EXPECT_EQ(english.code, "en");
  ASSERT_GE(languages().size(), 2u);
  std::set<std::string_view> codes;
  for (const Language& l : languages()) {
    EXPECT_TRUE(codes.insert(l.code).second) << l.code;
    EXPECT_FALSE(l.name.empty()) << l.code;
    for (std::size_t p = 0; p < kPhraseCount; ++p) {
      const auto phrase = static_cast<Phrase>(p);
      EXPECT_FALSE(l[phrase].empty()) << l.code << " phrase " << p;
      EXPECT_EQ(placeholders(l[phrase]), placeholders(english[phrase])) << l.code << " " << p;
      EXPECT_NO_THROW(say(l, phrase, {.moves = 3, .step = 1, .total = 3, .tile = 2}));
    }
    EXPECT_EQ(find_language(l.code), &l);
  }
  EXPECT_EQ(find_language("xx"), nullptr);
  EXPECT_EQ(find_language(""), nullptr);
}

TEST(Language, MultiTileMovesNameTheirTiles) {
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string("UULDDRRUULDLDRRUULDLDRRUULLDDRR");
  const Captions en =
      make_captions(start, moves, true, languages().front(), false, false, Metric::MultiTile);
  ASSERT_EQ(en.steps.size(), 20u);
  EXPECT_EQ(en.first, "Start — 20 moves to go");
  EXPECT_EQ(en.steps[0], "Step 1 / 20 — tiles 5, 6 move down");  // the blank goes up twice
  EXPECT_EQ(en.steps[1], "Step 2 / 20 — tile 8 moves right");
  EXPECT_EQ(en.last, "Solved in 20 moves");
  const Captions zh =
      make_captions(start, moves, true, *find_language("zh"), true, false, Metric::MultiTile);
  EXPECT_EQ(zh.steps[0], "1/20：5、6 号向下");
}

TEST(Language, ChineseCaptionsReadNaturally) {
  const Language& zh = *find_language("zh");
  EXPECT_EQ(
      say(zh, Phrase::Step, {.step = 15, .total = 31, .tile = 4, .direction = Phrase::TileLeft}),
      "第 15/31 步：4 号方块向左移");
  const Board start = parse_board("867254301");
  const auto moves = moves_from_string("UULDDRRUULDLDRRUULDLDRRUULLDDRR");
  const Captions c = make_captions(start, moves, false, zh);
  EXPECT_EQ(c.first, "开始：还需 31 步");
  EXPECT_EQ(c.steps[0], "第 1/31 步：5 号方块向下移");  // the blank goes up
  EXPECT_EQ(c.steps[30], "第 31/31 步：8 号方块向左移");
  EXPECT_EQ(c.last, "完成！共 31 步（未证明最优）");
  EXPECT_EQ(make_captions(Board::standard_goal({3, 3}), {}, true, zh).first, "开始：已经复原");
}

TEST(Language, EnglishIsTheDefaultAndUnknownCodesAreRefused) {
  EXPECT_EQ(AnimationOptions{}.lang, "en");
  AnimationOptions o;
  o.lang = "xx";
  try {
    check_animation(o, {3, 3}, 5, RenderLimits{});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("unknown language \"xx\""), std::string::npos);
  }
}

}  // namespace
}  // namespace slidegif::detail
