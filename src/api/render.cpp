// The public render(): what app::render_job does for a job, for a start and its moves, with the
// built-in font when none is given.
#include "slidegif/render.hpp"

#include "app/files/font_locator.hpp"
#include "render/animation/animation.hpp"

namespace slidegif {

Animation render(const Board& start, const std::vector<Move>& moves,
                 const AnimationOptions& options, const Encoding& encoding,
                 const RenderLimits& limits) {
  AnimationOptions look = options;
  if (look.font.empty()) look.font = app::default_font();
  return detail::render_animation(start, moves, look, limits, nullptr, nullptr, encoding);
}

}  // namespace slidegif
