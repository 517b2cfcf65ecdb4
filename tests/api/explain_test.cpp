// The public compare_searches() and explain() (include/slidegif/explain.hpp), as a program that
// links the library sees them: the rows' answers replayed, the names, the drawing read back by
// giflib, the tree, the refusals.
#include "slidegif/explain.hpp"

#include <gtest/gtest.h>

#include <string>

#include "gif_decoder.hpp"
#include "slidegif/error.hpp"

namespace slidegif {
namespace {

TEST(ApiExplain, EverySearchAndSlidegifsOwnReplayToTheGoal) {
  const Board start = parse_board("152703846"), goal = Board::standard_goal({3, 3});
  const std::vector<SearchRun> rows = compare_searches(start, goal);
  ASSERT_EQ(rows.size(), search_names().size());
  EXPECT_EQ(rows.back().algorithm, "slidegif");
  for (const SearchRun& r : rows) {
    ASSERT_TRUE(r.solved) << r.algorithm << ": " << r.stopped;
    Board end = start;
    end.apply_all(r.moves);
    EXPECT_EQ(end, goal) << r.algorithm;
    if (r.optimal) EXPECT_EQ(r.moves.size(), 8u) << r.algorithm;
  }
  EXPECT_THROW(compare_searches(start, goal, {"dfs"}), Error);
  EXPECT_THROW(compare_searches(start, parse_board("213456780")), Error);
}

TEST(ApiExplain, TheDrawingAndTheTree) {
  const Board start = parse_board("152703846"), goal = Board::standard_goal({3, 3});
  AnimationOptions small;
  small.tile_px = 24;  // the drawing is the render tests'; this is the API's wiring
  const Explanation e = explain(start, goal, {.algorithm = "bfs", .frames = 10}, small);
  EXPECT_EQ(e.run.algorithm, "bfs");
  EXPECT_EQ(e.run.moves.size(), 8u);
  const auto gif = testing::DecodedGif::decode(e.animation.bytes);
  EXPECT_EQ(gif.frame_count(), e.animation.frames);
  EXPECT_GT(e.animation.frames, 9);
  const Explanation tree = explain(parse_board("413026758"), goal, {.tree = true});
  const std::string svg(tree.animation.bytes.begin(), tree.animation.bytes.end());
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_EQ(tree.run.expanded, 6u);
  EXPECT_THROW(explain(start, goal, {.algorithm = "slidegif"}), Error);
  EXPECT_THROW(explain(start, goal, {.frames = 0}), Error);
}

}  // namespace
}  // namespace slidegif
