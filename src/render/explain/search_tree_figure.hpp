#pragma once
// A small search's tree as a textbook draws it (`slidegif explain --tree`): each state a small
// board, its children under it, what the caller writes above and below each (the order of
// expansion, f), states generated but never expanded greyed, the answer's way outlined. Laid
// out as a PlotScene, so it is a PNG or an SVG with the same picture.
//
//   TreeFigure fig{.title = "A* · Manhattan distance", .legend = "..."};
//   fig.nodes.push_back({.board = start, .above = "#1", .below = "f 8", .expanded = true});
//   std::vector<std::uint8_t> png = encode_png(tree_scene(fig, "classic", font), font);

#include <cstdint>
#include <string>
#include <vector>

#include "render/plot/plot_scene.hpp"
#include "slidegif/board.hpp"
#include "slidegif/font.hpp"

namespace slidegif::detail {

struct TreeFigureNode {
  Board board;
  int parent = -1;  // an earlier node's index; -1: a root (roots side by side)
  std::string above, below;
  bool expanded = false;  // false: greyed
  bool on_path = false;   // outlined, with the edge to its parent
};

struct TreeFigure {
  std::string title;
  std::string legend;  // a line under the tree
  std::vector<TreeFigureNode> nodes;
};

// Nodes in a tree figure at most (a wider one is unreadable as one picture).
inline constexpr std::size_t kMaxTreeFigureNodes = 400;

// Throws Error(BadInput) for no nodes, too many, a parent that does not come before its child,
// or boards of different shapes; Error(BadInput) for an unknown theme; Error(Render) when the
// font cannot be read.
PlotScene tree_scene(const TreeFigure& figure, const std::string& theme, const Font& font);

// The figure as a PNG, or as an SVG document (text in the font's family, for a browser to draw).
// Throw as tree_scene(), and Error(Render) when encoding fails.
std::vector<std::uint8_t> tree_png(const TreeFigure& figure, const std::string& theme,
                                   const Font& font);
std::string tree_svg(const TreeFigure& figure, const std::string& theme, const Font& font);

}  // namespace slidegif::detail
