#pragma once
// What the caption band of an animation says: the start, each step, the solved board.
//
//   slidegif::detail::Captions c = slidegif::detail::make_captions(start, moves, /*optimal=*/true);
//   // c.first == "Start — 31 moves to go", c.steps[0] == "Step 1 / 31 — tile 5 moves down"

#include <string>
#include <vector>

#include "render/text/language.hpp"
#include "slidegif/board.hpp"

namespace slidegif::detail {

struct Captions {
  std::vector<std::string> steps;  // steps[k] while move k+1 is made and after it
  std::string first, last;
  std::string goal;  // over the goal frame; empty without one
  // Every caption: the font is sized so the longest of them fits.
  std::vector<std::string> all() const;
};

// Throws Error(BadInput) for a move that leaves the board: made first, the captions are where an
// illegal move is refused before anything is drawn. `optimal` false says so in the last one.
// In `lang`'s words (English by default); `brief`: the short forms of the step and "not proven
// optimal" phrases, for a band too narrow for the long ones. `goal`: with a goal caption.
// `metric`: MultiTile counts and captions a run of moves one way as one move of its tiles.
Captions make_captions(const Board& start, const std::vector<Move>& moves, bool optimal,
                       const Language& lang = languages().front(), bool brief = false,
                       bool goal = false, Metric metric = Metric::SingleTile);
// The same count of (empty) captions: an animation without a caption band.
Captions no_captions(std::size_t moves);

}  // namespace slidegif::detail
