// The public compare and explain: the pipelines of app/explain with a library's services (its
// own solve without databases: nothing is built or read unasked).
#include "slidegif/explain.hpp"

#include "app/explain/comparison.hpp"
#include "app/explain/explain.hpp"
#include "app/files/font_locator.hpp"
#include "slidegif/error.hpp"

namespace slidegif {
namespace {

detail::ClassicLimits classic_limits(const RunLimits& l) {
  return {.max_seconds = l.max_seconds,
          .max_expanded = l.max_expanded,
          .max_bytes = l.max_bytes,
          .stop = nullptr};
}

SearchRun run_of(const std::string& name, const std::string& heuristic,
                 const detail::ClassicResult& r) {
  return {name,        heuristic,  r.solved, r.optimal, r.moves,   r.expanded,
          r.generated, r.max_held, r.bytes,  r.seconds, r.stopped, r.thresholds};
}

}  // namespace

std::vector<std::string> search_names() {
  std::vector<std::string> names;
  for (const detail::ClassicMethod& m : detail::all_classic_methods())
    names.push_back(classic_name(m));
  names.emplace_back(app::kOwnSearch);
  return names;
}

std::vector<SearchRun> compare_searches(const Board& start, const Board& goal,
                                        const std::vector<std::string>& algorithms,
                                        const RunLimits& limits) {
  std::vector<SearchRun> runs;
  for (const app::ComparisonRow& row :
       app::compare_searches(start, goal, algorithms, classic_limits(limits), app::Services{})) {
    runs.push_back(run_of(row.name, row.heuristic, row.result));
  }
  return runs;
}

Explanation explain(const Board& start, const Board& goal, const ExplainOptions& options,
                    const AnimationOptions& look, const Encoding& encoding,
                    const RenderLimits& limits) {
  if (options.frames < 1 || options.frames > 800) {
    throw Error(Error::Kind::BadInput, "ExplainOptions::frames is 1 to 800");
  }
  const app::ExplainRequest request{.method = detail::parse_classic_method(options.algorithm),
                                    .limits = classic_limits(options.limits),
                                    .search_frames = static_cast<std::size_t>(options.frames)};
  AnimationOptions drawn = look;
  if (drawn.font.empty()) drawn.font = app::default_font();
  Explanation out;
  if (options.tree) {
    const app::ExplainedTree t = app::explain_tree(start, goal, request, look.lang);
    if (encoding.format == OutputFormat::Png) {
      out.animation.bytes = tree_png(t.figure, look.theme, drawn.font);
    } else {
      const std::string svg = tree_svg(t.figure, look.theme, drawn.font);
      out.animation.bytes.assign(svg.begin(), svg.end());
    }
    out.animation.frames = 1;
    out.run = run_of(classic_name(request.method),
                     std::string(heuristic_label(request.method.heuristic)), t.result);
    return out;
  }
  const app::Explanation e = app::explain_search(start, goal, request, drawn);
  app::Services services;  // the font given, or the built-in one
  services.font = [&drawn] { return drawn.font; };
  out.animation = app::render_explained(e, drawn, services, encoding, limits);
  out.run = run_of(classic_name(request.method),
                   std::string(heuristic_label(request.method.heuristic)), e.trace.result);
  return out;
}

}  // namespace slidegif
