// The script an explanation draws: a frame per expansion kept, what each says (in English and
// Chinese), the answer played, the pacing within max_duration_ms, a stopped search's last word.
#include "app/explain/explain.hpp"

#include <gtest/gtest.h>

#include "slidegif/error.hpp"

namespace slidegif {
namespace {

const Board kGoal = Board::standard_goal({3, 3});

AnimationOptions look(const std::string& lang = "en") {
  AnimationOptions o;
  o.lang = lang;
  return o;
}

TEST(Explain, AShortSearchShowsEveryExpansionThenTheAnswer) {
  const app::ExplainRequest bfs{.method = detail::parse_classic_method("bfs")};
  const app::Explanation e = app::explain_search(parse_board("123456708"), kGoal, bfs, look());
  ASSERT_TRUE(e.trace.result.solved);
  const auto& f = e.script.frames;
  // The start, each of the 4 expansions, the one move of the answer.
  ASSERT_EQ(f.size(), 1 + e.trace.result.expanded + 1);
  EXPECT_EQ(e.script.title, "Breadth-first search");
  EXPECT_EQ(f[0].caption, "Start: Breadth-first search begins here");
  EXPECT_EQ(f[1].caption, "#1: depth 0");
  EXPECT_EQ(f[1].notes.at(1), "expanded 1 · open 0 · closed 0");
  EXPECT_EQ(f[1].notes.at(2), "every expansion is shown");
  EXPECT_EQ(f[2].caption, "#2: depth 1");
  EXPECT_EQ(f.back().caption, "Solved in 1 move");
  EXPECT_EQ(f.back().board, kGoal);
  EXPECT_EQ(f.back().delay_ms, AnimationOptions{}.last_hold_ms);
}

TEST(Explain, ALongSearchIsSummarisedAndPacedWithinItsMinute) {
  const app::ExplainRequest astar{.method = detail::parse_classic_method("astar"),
                                  .search_frames = 100};
  const app::Explanation e = app::explain_search(parse_board("867254301"), kGoal, astar, look());
  ASSERT_TRUE(e.trace.result.solved);
  const auto& f = e.script.frames;
  EXPECT_LE(f.size(), 1 + 201 + 31u);
  EXPECT_GT(e.trace.stride, 1u);
  EXPECT_EQ(f[2].caption.rfind("#" + std::to_string(1 + e.trace.stride) + ": g ", 0), 0u)
      << f[2].caption;
  EXPECT_NE(f[2].notes.at(2).find("one expansion in " + std::to_string(e.trace.stride)),
            std::string::npos)
      << f[2].notes.at(2);
  int total = 0;
  for (const detail::ExplainFrame& x : f) total += x.delay_ms;
  EXPECT_LE(total, AnimationOptions{}.max_duration_ms);
  EXPECT_GE(total, AnimationOptions{}.max_duration_ms * 9 / 10);
  EXPECT_EQ(f.back().caption, "Solved in 31 moves");
}

TEST(Explain, ChineseCaptions) {
  const app::ExplainRequest ida{.method = detail::parse_classic_method("idastar")};
  const app::Explanation e = app::explain_search(parse_board("123456708"), kGoal, ida, look("zh"));
  EXPECT_EQ(e.script.title, "IDA* · 曼哈顿距离");
  EXPECT_EQ(e.script.frames[1].caption, "#1：g 0 · h 1 · f 1 ≤ 1");
  EXPECT_EQ(e.script.frames.back().caption, "1 步完成");
  EXPECT_THROW(app::explain_search(parse_board("123456708"), kGoal, ida, look("fr")), Error);
}

TEST(Explain, AStoppedSearchSaysWhereItStopped) {
  const app::ExplainRequest capped{
      .method = detail::parse_classic_method("astar-misplaced"),
      .limits = {.max_seconds = 10, .max_expanded = 500, .max_bytes = 1u << 30, .stop = nullptr}};
  const app::Explanation e = app::explain_search(parse_board("867254301"), kGoal, capped, look());
  EXPECT_FALSE(e.trace.result.solved);
  const detail::ExplainFrame& last = e.script.frames.back();
  EXPECT_EQ(last.caption.rfind("Stopped after 512 expansions: stopped at 512", 0), 0u)
      << last.caption;
}

}  // namespace
}  // namespace slidegif
