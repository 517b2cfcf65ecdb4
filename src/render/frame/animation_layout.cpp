#include "render/frame/animation_layout.hpp"

#include <utility>

#include "render/cache/drawing_cache_impl.hpp"

namespace slidegif {

AnimationLayout lay_out_animation(const Board& start, const std::vector<Move>& moves,
                                  const AnimationOptions& options, DrawingCache* drawing) {
  const Language* lang = find_language(options.lang);
  Captions captions =
      make_captions(start, moves, options.optimal, lang != nullptr ? *lang : languages().front());
  FrameText text{options.font, options.title, captions.all()};
  auto glyphs = drawing != nullptr ? drawing->impl().glyphs(options.font)
                                   : std::make_shared<GlyphCache>(options.font);
  const FrameLayout frame = compute_layout(start.shape(), options.tile_px, text, *glyphs);
  Board goal = start;
  for (const Move m : moves) goal.apply(m);  // legal: make_captions checked every move
  return {std::move(captions), std::move(text), frame, std::move(glyphs), std::move(goal)};
}

FrameLayout animation_layout(const Board& start, const std::vector<Move>& moves,
                             const AnimationOptions& options) {
  check_animation(options, start.shape(), moves.size(), RenderLimits{});
  return lay_out_animation(start, moves, options).frame;
}

}  // namespace slidegif
