#pragma once
// What `slidegif pieces build` puts in a move-pieces file (pieces_file.hpp): every move of a
// board shape, coded as default requests draw it. A move's frames depend on the drawing
// settings and, when they change the caption, on the columns the caption changes (the step's
// digits, the tile's, the direction: move_pieces.hpp's key). So the moves are drawn inside
// animations as long as random requests (two-digit move counts): one starting with each move
// and one ending with each, which also covers every move in between, then four walks from the
// goal and back per move, whose captions change as random requests' do.
//
//   AnimationOptions o = ...;  // the server's defaults, font included
//   DrawingCache drawing;
//   MovePieceCache pieces = app::build_move_pieces({{3, 3}, {4, 4}}, o, drawing);

#include <functional>
#include <vector>

#include "render/animation/animation.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "slidegif/board.hpp"

namespace slidegif::app {

// Throws what render_animation throws for options it refuses. The sprites and glyphs are made
// once, in `drawing` (whose save_drawings() then holds them for the file). `progress`, if
// given, is told the fraction done now and then.
detail::MovePieceCache build_move_pieces(const std::vector<Shape>& shapes,
                                         const AnimationOptions& options,
                                         detail::DrawingCache& drawing,
                                         const std::function<void(double)>& progress = {});

}  // namespace slidegif::app
