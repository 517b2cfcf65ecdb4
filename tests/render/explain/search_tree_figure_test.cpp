// The tree figure's scene: a board of cells per node, an edge per child, the way outlined in the
// title's colour, greyed nodes in no tile face colour; wider with more leaves; refusals.
#include "render/explain/search_tree_figure.hpp"

#include <gtest/gtest.h>

#include "render/look/theme.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::detail {
namespace {

TreeFigure small_tree(int leaves) {
  TreeFigure fig{.title = "A*", .legend = "legend"};
  const Board root = parse_board("123405786");
  fig.nodes.push_back(
      {.board = root, .above = "#1", .below = "f 2", .expanded = true, .on_path = true});
  for (int i = 0; i < leaves; ++i) {
    fig.nodes.push_back(
        {.board = root, .parent = 0, .below = "f 4", .expanded = i == 0, .on_path = i == 0});
  }
  return fig;
}

TEST(SearchTreeFigure, ABoardPerNodeAnEdgePerChildTheWayOutlined) {
  const Theme& theme = find_theme("classic");
  const PlotScene s = tree_scene(small_tree(3), "classic", testing::test_font());
  // 9 cells a node, and an outline for each of the two nodes on the way.
  EXPECT_EQ(s.rects.size(), 4 * 9 + 2u);
  // Three edges, the one on the way doubled.
  EXPECT_EQ(s.lines.size(), 3 + 1u);
  int outlined = 0, faces = 0;
  for (const PlotRect& r : s.rects) {
    outlined += r.fill == theme.title ? 1 : 0;
    faces += r.fill == theme.face_top ? 1 : 0;
  }
  EXPECT_EQ(outlined, 2);
  EXPECT_EQ(faces, 2 * 8);  // the two expanded nodes' tiles; the greyed ones have none
  const PlotScene wide = tree_scene(small_tree(8), "classic", testing::test_font());
  EXPECT_GT(wide.width, s.width);
  EXPECT_EQ(wide.height, s.height);
  EXPECT_NE(encode_svg(s, "DejaVu Sans").find("<svg"), std::string::npos);
  EXPECT_GT(encode_png(s, testing::test_font()).size(), 100u);
}

TEST(SearchTreeFigure, RefusesWhatItCannotDraw) {
  EXPECT_THROW(tree_scene({}, "classic", testing::test_font()), Error);
  TreeFigure forward = small_tree(1);
  forward.nodes[0].parent = 1;
  EXPECT_THROW(tree_scene(forward, "classic", testing::test_font()), Error);
  TreeFigure mixed = small_tree(1);
  mixed.nodes.push_back({.board = Board::standard_goal({2, 2}), .parent = 0});
  EXPECT_THROW(tree_scene(mixed, "classic", testing::test_font()), Error);
  EXPECT_THROW(tree_scene(small_tree(1), "plaid", testing::test_font()), Error);
}

}  // namespace
}  // namespace slidegif::detail
