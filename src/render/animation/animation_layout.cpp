#include "render/animation/animation_layout.hpp"

#include <utility>

#include "render/cache/drawing_cache_impl.hpp"

namespace slidegif::detail {

AnimationLayout lay_out_animation(const Board& start, const std::vector<Move>& moves,
                                  const AnimationOptions& options, DrawingCache* drawing) {
  const Language* found = find_language(options.lang);
  const Language& lang = found != nullptr ? *found : languages().front();
  const bool goal = shows_goal(start, moves, options);
  // Made even when not shown: making them is where an illegal move is refused.
  Captions captions =
      make_captions(start, moves, options.optimal, lang, false, goal, options.metric);
  if (!options.captions) captions = no_captions(captions.steps.size());
  auto glyphs = drawing != nullptr ? drawing->impl().glyphs(options.font)
                                   : std::make_shared<GlyphCache>(options.font);
  FrameText text{options.font, options.title, captions.all()};
  FrameLayout frame = compute_layout(start.shape(), options.tile_px, text, *glyphs);
  if (frame.captions_too_wide) {  // the short forms, if they are narrower
    Captions brief = make_captions(start, moves, options.optimal, lang, true, goal, options.metric);
    FrameText brief_text{options.font, options.title, brief.all()};
    FrameLayout brief_frame = compute_layout(start.shape(), options.tile_px, brief_text, *glyphs);
    if (brief_frame.width < frame.width || !brief_frame.captions_too_wide) {
      captions = std::move(brief);
      text = std::move(brief_text);
      frame = std::move(brief_frame);
    }
  }
  Board end = start;
  for (const Move m : moves) end.apply(m);  // legal: make_captions checked every move
  return {std::move(captions), std::move(text), std::move(frame), std::move(glyphs),
          std::move(end)};
}

FrameLayout animation_layout(const Board& start, const std::vector<Move>& moves,
                             const AnimationOptions& options) {
  const bool goal = shows_goal(start, moves, options);
  const auto steps = static_cast<std::size_t>(count_moves(moves, options.metric));
  check_animation(options, start.shape(), steps, RenderLimits{}, goal);
  return lay_out_animation(start, moves, fitted_options(options, start.shape(), steps, {}, goal))
      .frame;
}

}  // namespace slidegif::detail
