// Layout: each leaf takes the next slot left to right, depth first; a parent sits midway over
// its first and last child (the tidy drawing of Wetherell and Shannon, without its compaction:
// these trees are small). A row per depth.
#include "render/explain/search_tree_figure.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "render/look/theme.hpp"
#include "render/pixels/mix.hpp"
#include "render/text/text.hpp"
#include "slidegif/error.hpp"

namespace slidegif::detail {
namespace {

constexpr int kCell = 16;  // a tile of a node's board
constexpr int kGap = 18;   // between two slots
constexpr int kTreeMargin = 20;
constexpr int kTitleH = 34;  // the title's band
constexpr int kLegendH = 28;
constexpr int kAboveH = 16;  // the line above a board
constexpr int kBelowH = 15;  // the line under it
constexpr int kRowGap = 22;  // between a row's lines and the next row's
constexpr double kSmallPt = 7.5;
constexpr double kTitlePt = 11;

[[noreturn]] void bad_tree(const std::string& message) {
  throw Error(Error::Kind::BadInput, message);
}

struct Placed {
  double x = 0;  // slot, fractional for parents
  int depth = 0;
};

// Slots and depths of every node; returns the slots used.
int place(const TreeFigure& fig, std::vector<Placed>& at) {
  const std::size_t n = fig.nodes.size();
  std::vector<std::vector<int>> children(n);
  std::vector<int> roots;
  for (std::size_t i = 0; i < n; ++i) {
    const int p = fig.nodes[i].parent;
    if (p < 0) {
      roots.push_back(static_cast<int>(i));
    } else {
      children[static_cast<std::size_t>(p)].push_back(static_cast<int>(i));
    }
  }
  at.assign(n, {});
  int next = 0;
  // Depth first without recursion: a tree of a few hundred nodes, but no stack to spend.
  struct Frame {
    int node;
    std::size_t child;
  };
  for (const int root : roots) {
    std::vector<Frame> stack{{root, 0}};
    at[static_cast<std::size_t>(root)].depth = 0;
    while (!stack.empty()) {
      Frame& f = stack.back();
      const auto& kids = children[static_cast<std::size_t>(f.node)];
      if (f.child < kids.size()) {
        const int c = kids[f.child++];
        at[static_cast<std::size_t>(c)].depth = at[static_cast<std::size_t>(f.node)].depth + 1;
        stack.push_back({c, 0});
        continue;
      }
      Placed& p = at[static_cast<std::size_t>(f.node)];
      p.x = kids.empty() ? next++
                         : (at[static_cast<std::size_t>(kids.front())].x +
                            at[static_cast<std::size_t>(kids.back())].x) /
                               2;
      stack.pop_back();
    }
    ++next;  // a slot between two trees
  }
  return std::max(1, next - 1);
}

void check(const TreeFigure& fig) {
  if (fig.nodes.empty()) bad_tree("a tree figure needs at least one node");
  if (fig.nodes.size() > kMaxTreeFigureNodes) {
    bad_tree(fmt::format("the tree has {} nodes; a figure holds {} at most", fig.nodes.size(),
                         kMaxTreeFigureNodes));
  }
  const Shape shape = fig.nodes.front().board.shape();
  for (std::size_t i = 0; i < fig.nodes.size(); ++i) {
    const TreeFigureNode& n = fig.nodes[i];
    if (n.parent >= static_cast<int>(i)) bad_tree("a tree node's parent must come before it");
    if (!(n.board.shape() == shape))
      bad_tree("every node of a tree figure has the same board shape");
  }
}

}  // namespace

PlotScene tree_scene(const TreeFigure& fig, const std::string& theme_name, const Font& font) {
  check(fig);
  const Theme& theme = find_theme(theme_name);
  const Shape shape = fig.nodes.front().board.shape();
  const int board_w = shape.cols * kCell, board_h = shape.rows * kCell;
  const int slot_w = board_w + kGap, row_h = kAboveH + board_h + kBelowH + kRowGap;
  std::vector<Placed> at;
  const int slots = place(fig, at);
  int depth = 0;
  for (const Placed& p : at) depth = std::max(depth, p.depth);
  GlyphCache glyphs(font);
  const TextBox title_box = glyphs.measure(kTitlePt, fig.title);
  const TextBox legend_box = glyphs.measure(kSmallPt, fig.legend);
  PlotScene s;
  s.width = std::max({2 * kTreeMargin + slots * slot_w,
                      2 * kTreeMargin + title_box.right - title_box.left,
                      2 * kTreeMargin + legend_box.right - legend_box.left});
  s.height = kTitleH + (depth + 1) * row_h + kLegendH;
  s.background = theme.canvas;
  const int left = (s.width - slots * slot_w) / 2 + kGap / 2;
  const auto board_x = [&](std::size_t i) {
    return left + static_cast<int>(at[i].x * slot_w + 0.5);
  };
  const auto board_y = [&](std::size_t i) { return kTitleH + at[i].depth * row_h + kAboveH; };
  const Rgb grey = mix(theme.canvas, theme.caption, 0.45);
  const Rgb pale = mix(theme.canvas, theme.board, 0.25);
  s.texts.push_back({s.width / 2, 22, kTitlePt, theme.title, fig.title, TextAnchor::Middle});
  for (std::size_t i = 0; i < fig.nodes.size(); ++i) {
    const TreeFigureNode& n = fig.nodes[i];
    const int x = board_x(i), y = board_y(i);
    if (n.parent >= 0) {
      const auto p = static_cast<std::size_t>(n.parent);
      const int px = board_x(p) + board_w / 2, py = board_y(p) + board_h + kBelowH - 2;
      const int cx = x + board_w / 2, cy = y - kAboveH + 1;
      const Rgb c = n.on_path ? theme.title : n.expanded ? theme.board : pale;
      s.lines.push_back({px, py, cx, cy, c});
      if (n.on_path) s.lines.push_back({px + 1, py, cx + 1, cy, c});
    }
    if (n.on_path)
      s.rects.push_back({x - 3, y - 3, x + board_w + 2, y + board_h + 2, theme.title, theme.title});
    for (int cell = 0; cell < shape.rows * shape.cols; ++cell) {
      const int cx = x + cell % shape.cols * kCell, cy = y + cell / shape.cols * kCell;
      const int tile = n.board.at(cell);
      const Rgb fill = tile == 0 ? (n.expanded ? theme.blank : pale)
                                 : (n.expanded ? theme.face_top : theme.canvas);
      s.rects.push_back(
          {cx, cy, cx + kCell - 1, cy + kCell - 1, fill, n.expanded ? theme.board : pale});
      if (tile != 0) {
        s.texts.push_back({cx + kCell / 2, cy + kCell - 4, kSmallPt,
                           n.expanded ? theme.digit : grey, std::to_string(tile),
                           TextAnchor::Middle});
      }
    }
    const Rgb text = n.expanded ? theme.caption : grey;
    s.texts.push_back({x + board_w / 2, y - 6, kSmallPt, text, n.above, TextAnchor::Middle});
    s.texts.push_back(
        {x + board_w / 2, y + board_h + 11, kSmallPt, text, n.below, TextAnchor::Middle});
  }
  s.texts.push_back(
      {s.width / 2, s.height - 10, kSmallPt, theme.caption, fig.legend, TextAnchor::Middle});
  return s;
}

std::vector<std::uint8_t> tree_png(const TreeFigure& figure, const std::string& theme,
                                   const Font& font) {
  return encode_png(tree_scene(figure, theme, font), font);
}

std::string tree_svg(const TreeFigure& figure, const std::string& theme, const Font& font) {
  return encode_svg(tree_scene(figure, theme, font), GlyphCache(font).family_name());
}

}  // namespace slidegif::detail
