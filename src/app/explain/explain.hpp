#pragma once
// `explain`: a classic search run on one puzzle and drawn as it runs, for every front end. The
// search is recorded (solve/classic/search_trace.hpp), its frames written in the animation's
// language (what the algorithm expands first, the state taken with its g, h and f, the open
// and closed counts, a histogram of the expansions by depth), then the answer played move by
// move, and drawn (render/explain/explain_animation.hpp). A long search is summarised: the
// frames are every k-th expansion, and each says how many it skips.
//
//   app::ExplainRequest r{.method = parse_classic_method("astar")};
//   app::Explanation e = app::explain_search(start, goal, r, look);
//   Animation a = render_explanation(e.script, look, {OutputFormat::Gif});

#include <cstddef>

#include "app/job/job.hpp"
#include "render/explain/explain_animation.hpp"
#include "render/explain/search_tree_figure.hpp"
#include "slidegif/board.hpp"
#include "slidegif/render.hpp"
#include "solve/classic/classic.hpp"
#include "solve/classic/search_trace.hpp"
#include "solve/classic/search_tree.hpp"

namespace slidegif::app {

struct ExplainRequest {
  detail::ClassicMethod method;
  // The search's budget: a search stopped by it is drawn as far as it went, and says why.
  detail::ClassicLimits limits{.max_seconds = 10, .max_expanded = 1'000'000};
  // Frames of the search, about: between this and twice this many expansions are drawn.
  std::size_t search_frames = 150;
};

// The frames the board path of the answer gets at most; a longer answer shows several moves a
// frame.
inline constexpr std::size_t kMaxAnswerFrames = 100;

struct Explanation {
  detail::SearchTrace trace;
  detail::ExplainScript script;
};

// Runs the search and writes its script in look.lang ("en" or "zh"), paced to look's
// max_duration_ms (0: none) and speed, its delays from look.delay_ms. Throws what run_classic
// throws (Unsolvable, Unsupported past 16 cells) and Error(BadInput) for an unknown language.
Explanation explain_search(const Board& start, const Board& goal, const ExplainRequest& request,
                           const AnimationOptions& look);

// The explanation drawn in `look` with the services' font (its fallbacks completed for every
// word drawn; the built-in font without one). Throws as render_explanation().
Animation render_explained(const Explanation& explanation, AnimationOptions look,
                           const Services& services, const Encoding& encoding,
                           const RenderLimits& limits);

// The tree of a small search (at most kMaxTreeExpansions expansions) as a figure, its words in
// `lang`. Throws as search_tree() (a larger search is Error(BadInput)), and Error(BadInput) for
// an unknown language.
struct ExplainedTree {
  detail::ClassicResult result;  // the search's, as run_classic counts it
  detail::TreeFigure figure;
};
ExplainedTree explain_tree(const Board& start, const Board& goal, const ExplainRequest& request,
                           const std::string& lang);

}  // namespace slidegif::app
