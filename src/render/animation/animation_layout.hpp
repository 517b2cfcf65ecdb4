#pragma once
// An animation's captions and the frame layout sized for them: everything render_animation()
// draws besides the boards, worked out before the first pixel.
//
//   slidegif::detail::AnimationLayout l = slidegif::detail::lay_out_animation(start, moves,
//   options); slidegif::detail::FrameRenderer r(start.shape(), theme, palette, l.text, l.frame,
//   std::move(l.glyphs));

#include <memory>
#include <vector>

#include "render/animation/animation.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/look/frame_layout.hpp"
#include "render/text/captions.hpp"
#include "render/text/text.hpp"
#include "slidegif/board.hpp"

namespace slidegif::detail {

struct AnimationLayout {
  Captions captions;
  FrameText text;  // the font, the title and every caption
  FrameLayout frame;
  // The font as measured for `frame`: drawing goes on with the same cache (perhaps a
  // DrawingCache's, shared with other animations).
  std::shared_ptr<GlyphCache> glyphs;
  Board goal;  // the board after the last move (where a picture's tiles belong)
};

// The options are taken as they are (check_animation() is the caller's). Throws Error(BadInput)
// for an illegal move, Error(Render) when the font cannot be loaded. Measures with `drawing`'s
// glyphs of the font if given.
AnimationLayout lay_out_animation(const Board& start, const std::vector<Move>& moves,
                                  const AnimationOptions& options, DrawingCache* drawing = nullptr);

// The layout render_animation() draws these arguments in, after the same checks with the
// default RenderLimits (tests sample pixels with it).
FrameLayout animation_layout(const Board& start, const std::vector<Move>& moves,
                             const AnimationOptions& options);

}  // namespace slidegif::detail
