#include "app/explain/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "app/files/font_locator.hpp"
#include "slidegif/error.hpp"
#include "solve/support/format.hpp"

namespace slidegif::app {
namespace {

constexpr std::size_t kAlgorithms = 6;  // ClassicAlgorithm's values

// What an explanation says, in one language. Placeholders are fmt's named arguments: {n} the
// expansion's number, {g} {h} {f} {bound} {pass}, {open} {closed} {expanded} {generated},
// {stride} {skipped}, {k} {moves} and {unit} ("move" or "moves" as {moves} needs), {algorithm}.
struct Words {
  std::string_view code;
  std::array<std::string_view, kAlgorithms> algorithm;  // by ClassicAlgorithm
  std::array<std::string_view, 4> heuristic;            // by ClassicHeuristic
  std::array<std::string_view, kAlgorithms> rule;       // what it expands first
  std::string_view start;
  std::string_view step_f, step_bound, step_depth, step_from_start, step_from_goal, step_greedy,
      step_cost;
  std::string_view counts, counts_pass;
  std::string_view every, sampled;
  std::string_view bars, bars_pass;
  std::string_view found, found_not_fewest, answer, solved, stopped;
  std::string_view move_one, move_many;  // {unit}
  // The tree figure: its title's tail, what is under each state (by ClassicAlgorithm), the
  // legend (its {under}), IDA*'s pass.
  std::string_view tree_title;
  std::array<std::string_view, kAlgorithms> tree_under;
  std::string_view tree_legend, tree_pass;
};

constexpr Words kEnglish{
    "en",
    {"Breadth-first search", "Bidirectional BFS", "Uniform-cost search", "A*", "IDA*",
     "Greedy best-first"},
    {"", "misplaced tiles", "Manhattan distance", "Manhattan + linear conflict"},
    {"expands every state d moves away before any d+1 away",
     "expands a whole layer from the smaller side until the two sides meet",
     "expands the fewest moves so far (smallest g) first",
     "expands the smallest f = g + h first (ties: the deeper)",
     "goes depth-first, cutting off where f = g + h passes the bound",
     "expands the smallest h first: quick, but not the fewest moves"},
    "Start: {algorithm} begins here",
    "#{n}: g {g} · h {h} · f {f}",
    "#{n}: g {g} · h {h} · f {f} ≤ {bound}",
    "#{n}: depth {g}",
    "#{n}: depth {g} from the start",
    "#{n}: depth {g} from the goal",
    "#{n}: h {h} (g {g})",
    "#{n}: g {g}",
    "expanded {expanded} · open {open} · closed {closed}",
    "pass {pass}, bound {bound}: {closed} expanded in it, {expanded} in all",
    "every expansion is shown",
    "one expansion in {stride} is shown ({skipped} skipped before this one)",
    "states expanded, by depth g",
    "this pass's expansions, by depth g",
    "found {moves} {unit}: {expanded} expanded, {generated} generated",
    "found {moves} {unit} (not the fewest): {expanded} expanded, {generated} generated",
    "Answer: move {k} / {moves}",
    "Solved in {moves} {unit}",
    "Stopped after {expanded} expansions: {why}",
    "move",
    "moves",
    "{algorithm}: {expanded} expanded, {moves} {unit}",
    {"g {g}", "g {g}", "g {g}", "f {f}", "f {f}", "h {h}"},
    "#n: the order of expansion · under each state: {under} · grey: generated, never expanded · "
    "outlined: the answer",
    " · IDA*'s last pass, bound {bound}",
};

constexpr Words kChinese{
    "zh",
    {"广度优先搜索", "双向广度优先搜索", "一致代价搜索", "A*", "IDA*", "贪心最佳优先"},
    {"", "错位方块数", "曼哈顿距离", "曼哈顿距离 + 线性冲突"},
    {"先展开所有距离为 d 的状态，再展开距离为 d+1 的", "每次从较小的一侧展开一整层，直到两侧相遇",
     "先展开已走步数 g 最小的状态", "先展开 f = g + h 最小的状态（相同时取更深的）",
     "深度优先，f = g + h 超过界限处剪枝", "先展开 h 最小的状态：快，但步数不一定最少"},
    "开始：{algorithm} 从这里出发",
    "#{n}：g {g} · h {h} · f {f}",
    "#{n}：g {g} · h {h} · f {f} ≤ {bound}",
    "#{n}：深度 {g}",
    "#{n}：从起点出发，深度 {g}",
    "#{n}：从目标出发，深度 {g}",
    "#{n}：h {h}（g {g}）",
    "#{n}：g {g}",
    "已展开 {expanded} · 待展开 {open} · 已关闭 {closed}",
    "第 {pass} 轮，界限 {bound}：本轮展开 {closed}，共 {expanded}",
    "每次展开都已画出",
    "每 {stride} 次展开画出一次（此前略过 {skipped} 次）",
    "已展开的状态，按深度 g",
    "本轮的展开，按深度 g",
    "找到 {moves} 步：展开 {expanded}，生成 {generated}",
    "找到 {moves} 步（不是最少）：展开 {expanded}，生成 {generated}",
    "答案：第 {k} / {moves} 步",
    "{moves} 步完成",
    "展开 {expanded} 个状态后停止：{why}",
    "",
    "",
    "{algorithm}：展开 {expanded}，{moves} 步",
    {"g {g}", "g {g}", "g {g}", "f {f}", "f {f}", "h {h}"},
    "#n：展开的次序 · 每个状态下方：{under} · 灰色：已生成、未展开 · 描边：答案的路径",
    " · IDA* 的最后一轮，界限 {bound}",
};

const Words& words_for(const std::string& lang) {
  if (lang == "en") return kEnglish;
  if (lang == "zh") return kChinese;
  throw Error(Error::Kind::BadInput, fmt::format("unknown language \"{}\"; known: en, zh", lang));
}

std::string say(const Words& w, std::string_view pattern, const detail::TracedStep& s,
                const detail::ClassicResult& r, std::uint64_t stride = 1,
                std::uint64_t skipped = 0) {
  return fmt::format(fmt::runtime(pattern),
                     fmt::arg("unit", r.moves.size() == 1 ? w.move_one : w.move_many),
                     fmt::arg("n", detail::with_commas(s.number)), fmt::arg("g", s.g),
                     fmt::arg("h", s.h), fmt::arg("f", s.g + s.h), fmt::arg("bound", s.bound),
                     fmt::arg("pass", s.pass), fmt::arg("open", detail::with_commas(s.open)),
                     fmt::arg("closed", detail::with_commas(s.closed)),
                     fmt::arg("expanded", detail::with_commas(s.number)),
                     fmt::arg("generated", detail::with_commas(r.generated)),
                     fmt::arg("stride", detail::with_commas(stride)),
                     fmt::arg("skipped", detail::with_commas(skipped)),
                     fmt::arg("moves", r.moves.size()), fmt::arg("why", r.stopped));
}

std::string_view step_pattern(const Words& w, detail::ClassicAlgorithm a,
                              const detail::TracedStep& s) {
  switch (a) {
    case detail::ClassicAlgorithm::Bfs:
      return w.step_depth;
    case detail::ClassicAlgorithm::BidirectionalBfs:
      return s.backward ? w.step_from_goal : w.step_from_start;
    case detail::ClassicAlgorithm::UniformCost:
      return w.step_cost;
    case detail::ClassicAlgorithm::IdaStar:
      return w.step_bound;
    case detail::ClassicAlgorithm::Greedy:
      return w.step_greedy;
    case detail::ClassicAlgorithm::AStar:
      break;
  }
  return w.step_f;
}

std::string title_of(const Words& w, const detail::ClassicMethod& m) {
  const auto a = static_cast<std::size_t>(m.algorithm);
  const auto h = static_cast<std::size_t>(m.heuristic);
  return w.heuristic[h].empty() ? std::string(w.algorithm[a])
                                : fmt::format("{} · {}", w.algorithm[a], w.heuristic[h]);
}

// How long each kind of frame shows: the search's frames and the answer's share what
// max_duration_ms leaves after the holds, the answer a third at most.
struct Pace {
  int search_ms, answer_ms, first_ms, last_ms;
};

Pace pace(const AnimationOptions& look, std::size_t search, std::size_t answer) {
  const double speed = look.speed > 0 ? look.speed : 1;
  Pace p{look.delay_ms, look.delay_ms, look.first_hold_ms, look.last_hold_ms};
  if (look.max_duration_ms > 0) {
    const double left = std::max(0, look.max_duration_ms - p.first_ms - p.last_ms);
    if (answer > 0) {
      p.answer_ms = std::clamp(static_cast<int>(left / 3 / static_cast<double>(answer)),
                               kMinPacedDelayMs, look.delay_ms);
    }
    const double rest = left - static_cast<double>(p.answer_ms) * static_cast<double>(answer);
    if (search > 0) {
      p.search_ms = std::clamp(static_cast<int>(rest / static_cast<double>(search)),
                               kMinPacedDelayMs, look.delay_ms);
    }
  }
  const auto sped = [speed](int ms) {
    return std::max(detail::kMinExplainDelayMs, static_cast<int>(ms / speed));
  };
  return {sped(p.search_ms), sped(p.answer_ms), sped(p.first_ms), sped(p.last_ms)};
}

}  // namespace

Explanation explain_search(const Board& start, const Board& goal, const ExplainRequest& request,
                           const AnimationOptions& look) {
  const Words& w = words_for(look.lang);  // before the search
  Explanation out;
  out.trace = trace_classic(request.method, start, goal, request.limits, request.search_frames);
  const detail::SearchTrace& t = out.trace;
  const detail::ClassicResult& r = t.result;
  const detail::ClassicAlgorithm a = r.method.algorithm;
  const bool ida = a == detail::ClassicAlgorithm::IdaStar;
  detail::ExplainScript& script = out.script;
  script.title = title_of(w, r.method);
  script.goal = goal;
  script.bars_label = std::string(ida ? w.bars_pass : w.bars);
  const std::string rule(w.rule[static_cast<std::size_t>(a)]);
  const std::size_t every = r.moves.size() / kMaxAnswerFrames + 1;  // moves an answer frame
  const std::size_t answer = r.solved ? (r.moves.size() + every - 1) / every : 0;
  const Pace p = pace(look, t.steps.size(), answer);

  script.frames.push_back(
      {.board = start,
       .caption = fmt::format(fmt::runtime(w.start), fmt::arg("algorithm", script.title)),
       .notes = {rule, "", ""},
       .delay_ms = p.first_ms});
  std::uint64_t previous = 0;
  for (const detail::TracedStep& s : t.steps) {
    const std::uint64_t skipped = s.number - previous - 1;
    previous = s.number;
    const std::string counts = say(w, ida ? w.counts_pass : w.counts, s, r);
    script.frames.push_back({.board = s.board,
                             .caption = say(w, step_pattern(w, a, s), s, r),
                             .notes = {rule, counts,
                                       t.stride == 1 ? std::string(w.every)
                                                     : say(w, w.sampled, s, r, t.stride, skipped)},
                             .bars = s.by_depth,
                             .marked_bar = s.g,
                             .delay_ms = p.search_ms});
  }
  if (!r.solved) {
    detail::ExplainFrame& last = script.frames.back();
    last.caption =
        say(w, w.stopped, t.steps.empty() ? detail::TracedStep{.board = start} : t.steps.back(), r);
    last.delay_ms = p.last_ms;
    return out;
  }
  const detail::TracedStep& end = t.steps.back();
  const std::string found = say(w, r.optimal ? w.found : w.found_not_fewest, end, r);
  const std::string counts = say(w, ida ? w.counts_pass : w.counts, end, r);
  Board board = start;
  for (std::size_t k = 0; k < r.moves.size();) {
    const std::size_t upto = std::min(r.moves.size(), k + every);
    for (; k < upto; ++k) board.apply(r.moves[k]);
    const bool last = k == r.moves.size();
    script.frames.push_back({.board = board,
                             .caption = last ? say(w, w.solved, end, r)
                                             : fmt::format(fmt::runtime(w.answer), fmt::arg("k", k),
                                                           fmt::arg("moves", r.moves.size())),
                             .notes = {found, counts, ""},
                             .bars = end.by_depth,
                             .delay_ms = last ? p.last_ms : p.answer_ms});
  }
  if (r.moves.empty()) script.frames.back().delay_ms = p.last_ms;
  return out;
}

Animation render_explained(const Explanation& e, AnimationOptions look, const Services& services,
                           const Encoding& encoding, const RenderLimits& limits) {
  std::string text = e.script.title + e.script.bars_label;
  for (const detail::ExplainFrame& f : e.script.frames) {
    text += f.caption;
    for (const std::string& note : f.notes) text += note;
  }
  look.font = services.font ? services.font() : default_font();
  if (services.complete_font) look.font = services.complete_font(look.font, text);
  return render_explanation(e.script, look, encoding, limits);
}

ExplainedTree explain_tree(const Board& start, const Board& goal, const ExplainRequest& request,
                           const std::string& lang) {
  const Words& w = words_for(lang);
  const detail::SearchTree tree = search_tree(request.method, start, goal, request.limits);
  const detail::ClassicResult& r = tree.result;
  const auto a = static_cast<std::size_t>(request.method.algorithm);
  const std::string name = title_of(w, request.method);
  const std::string under(w.tree_under[a]);
  detail::TreeFigure fig;
  fig.title = fmt::format(fmt::runtime(w.tree_title), fmt::arg("algorithm", name),
                          fmt::arg("expanded", detail::with_commas(r.expanded)),
                          fmt::arg("moves", r.moves.size()),
                          fmt::arg("unit", r.moves.size() == 1 ? w.move_one : w.move_many));
  const std::string what = under.substr(0, under.find(' '));  // "f", "g" or "h"
  fig.legend = fmt::format(fmt::runtime(w.tree_legend), fmt::arg("under", what + " = g + h"));
  if (what != "f") fig.legend = fmt::format(fmt::runtime(w.tree_legend), fmt::arg("under", what));
  if (request.method.algorithm == detail::ClassicAlgorithm::IdaStar)
    fig.legend += fmt::format(fmt::runtime(w.tree_pass), fmt::arg("bound", tree.bound));
  for (const detail::TreeNode& n : tree.nodes) {
    fig.nodes.push_back({.board = n.board,
                         .parent = n.parent,
                         .above = n.expanded > 0 ? "#" + std::to_string(n.expanded) : "",
                         .below = fmt::format(fmt::runtime(under), fmt::arg("g", n.g),
                                              fmt::arg("h", n.h), fmt::arg("f", n.g + n.h)),
                         .expanded = n.expanded > 0,
                         .on_path = n.on_path});
  }
  return {r, std::move(fig)};
}

}  // namespace slidegif::app
