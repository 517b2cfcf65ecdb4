#pragma once
// slidegif: optimal sliding-tile puzzle solving, and its solutions as animations.
//
//   #include <slidegif/slidegif.hpp>
//
//   const slidegif::Board start = slidegif::parse_board("867254301");
//   const slidegif::Board goal = slidegif::Board::standard_goal(start.shape());
//   const slidegif::Solution s = slidegif::solve(start, goal);       // 31 moves, optimal
//   const slidegif::Animation gif = slidegif::render(start, s.moves);  // gif.bytes: a GIF file
//
// Link with slidegif::slidegif (CMake: find_package(slidegif CONFIG)) or `pkg-config --libs
// slidegif`. Every function reports failure by throwing slidegif::Error (error.hpp).

#include "slidegif/board.hpp"        // boards, shapes and moves: parse, format, apply
#include "slidegif/error.hpp"        // the one exception type, and its kinds
#include "slidegif/explain.hpp"      // the classic searches compared, and drawn as they run
#include "slidegif/format.hpp"       // the output formats
#include "slidegif/gods_eye.hpp"     // every position's distance, for boards up to 12 cells
#include "slidegif/puzzle.hpp"       // what to solve: given or random boards
#include "slidegif/render.hpp"       // animations of a solution, in a look
#include "slidegif/solvability.hpp"  // the parity theorem, with its facts
#include "slidegif/solve.hpp"        // optimal solving within a budget; random puzzles
#include "slidegif/version.hpp"      // SLIDEGIF_VERSION
