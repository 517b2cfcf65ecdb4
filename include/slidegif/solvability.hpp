#pragma once
// Solvability by the parity theorem (necessary and sufficient):
//   width odd:  start and goal are mutually reachable iff their inversion parities match;
//   width even: iff (inversions + row of the blank) parities match.
// Inversions count pairs of tiles (blank left out) out of numeric order in row-major order.
//
//   const auto report = slidegif::check_solvable(slidegif::parse_board("213456780"),
//                                                slidegif::Board::standard_goal({3, 3}));
//   // report.solvable == false; report.explanation names both inversion counts

#include <string>

#include "slidegif/board.hpp"
#include "slidegif/export.hpp"

namespace slidegif {

struct ParityFacts {
  long inversions = 0;
  int blank_row = 0;  // 0-based from the top
  int parity = 0;     // inversions (+ blank_row when the width is even), mod 2
};

struct SolvabilityReport {
  bool solvable = false;
  ParityFacts start;
  ParityFacts goal;
  std::string explanation;  // one line: the facts behind the verdict
};

SLIDEGIF_API ParityFacts parity_facts(const Board& board);  // one board's side of the theorem
// Throws Error(BadInput) if the shapes differ.
SLIDEGIF_API SolvabilityReport check_solvable(const Board& start, const Board& goal);
// Throws Error(Unsolvable) with the report's explanation when not solvable.
SLIDEGIF_API void require_solvable(const Board& start, const Board& goal);

}  // namespace slidegif
