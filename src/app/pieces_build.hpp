#pragma once
// What `slidegif pieces build` puts in a move-pieces file (pieces_file.hpp): every move of a
// board shape, coded as default requests draw it. A move's frames depend on the drawing
// settings and, through the caption band's columns, on how wide the captions are; random
// requests of one shape nearly all share one width (two-digit move counts), so the moves are
// drawn inside animations of such a length: one starting with each move and one ending with
// each, which also covers every move in between. Of the fingerprints that come out, the one
// most pieces share per shape is kept.
//
//   AnimationOptions o = ...;  // the server's defaults, font included
//   MovePieceCache pieces = app::build_move_pieces({{3, 3}, {4, 4}}, o);

#include <vector>

#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/move_pieces.hpp"

namespace slidegif::app {

// Throws what render_animation throws for options it refuses.
MovePieceCache build_move_pieces(const std::vector<Shape>& shapes, const AnimationOptions& options);

}  // namespace slidegif::app
