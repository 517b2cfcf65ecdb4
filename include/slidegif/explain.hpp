#pragma once
// The classic searches that courses teach (breadth-first, bidirectional, uniform-cost, A*,
// IDA*, greedy best-first, with the misplaced-tiles, Manhattan and linear-conflict estimates)
// run side by side, and one of them drawn as it runs.
//
//   auto rows = slidegif::compare_searches(start, goal);  // every search, then slidegif's own
//   // rows[i].algorithm, .moves, .expanded, .generated, .max_held, .seconds, .stopped
//
//   slidegif::ExplainOptions how{.algorithm = "idastar"};
//   slidegif::Explanation e = slidegif::explain(start, goal, how);
//   // e.animation.bytes: a GIF of the search; e.run: its counts
//
// Counts are exact and the same on every machine: successors are made in the order U, D, L,
// R (the blank's direction), never back along the move that reached a state, and ties are
// broken as `slidegif help compare` says.

#include <cstdint>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/export.hpp"
#include "slidegif/format.hpp"
#include "slidegif/render.hpp"

namespace slidegif {

// One search's run on one puzzle.
struct SearchRun {
  std::string algorithm;  // "bfs", "astar-manhattan", ..., or "slidegif" (its own solve)
  std::string heuristic;  // "Manhattan", ...; slidegif's: the method it answered by
  bool solved = false;
  bool optimal = false;  // the search guarantees the fewest moves (all but greedy)
  std::vector<Move> moves;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;  // slidegif's own: not counted (0)
  std::uint64_t max_held = 0;   // the most states held at once, and their bytes
  std::uint64_t bytes = 0;
  double seconds = 0;
  std::string stopped;          // why it ended without an answer; empty when solved
  std::vector<int> thresholds;  // IDA*: each pass's bound
};

// What each search may spend; a search past a limit ends and says so in `stopped`.
struct RunLimits {
  double max_seconds = 10;
  std::uint64_t max_expanded = 50'000'000;
  std::uint64_t max_bytes = std::uint64_t{1} << 30;  // a breadth-first search needing more is
                                                     // not started
};

// Every name compare_searches() and ExplainOptions take, in table order ("slidegif" last).
// "astar", "idastar" and "greedy" are also taken, for the Manhattan ones.
SLIDEGIF_API std::vector<std::string> search_names();

// Runs the named searches (empty: all of search_names()) on one puzzle of up to 16 cells
// (slidegif's own takes any). Throws Error(BadInput) for an unknown name (before running any)
// or boards of different shapes, Error(Unsolvable) with the parity facts.
SLIDEGIF_API std::vector<SearchRun> compare_searches(
    const Board& start, const Board& goal, const std::vector<std::string>& algorithms = {},
    const RunLimits& limits = {});

struct ExplainOptions {
  std::string algorithm = "astar";  // a classic search's name (not "slidegif")
  RunLimits limits{.max_seconds = 10, .max_expanded = 1'000'000};
  // Expansions drawn, about (between this and twice this many); a longer search is drawn every
  // k-th expansion, each frame saying how many it skipped.
  int frames = 150;
  // A still of the search's tree instead of the animation: PNG (encoding Png) or SVG (any
  // other encoding's bytes are then SVG text). For searches of at most 60 expansions.
  bool tree = false;
};

struct Explanation {
  SearchRun run;
  Animation animation;  // the drawing: frames, size and the file's bytes
};

// The search drawn as it runs, in `look` (font, theme, tile size, language, tile notes, pace:
// the animation keeps within look.max_duration_ms) and `encoding`: the state being expanded
// with g, h and f, the open and closed counts, a histogram of expansions by depth, then the
// answer played. A search stopped by its limits is drawn as far as it went. Throws as
// compare_searches(), Error(BadInput) for "slidegif", options outside `limits` or a tree of
// more than 60 expansions.
SLIDEGIF_API Explanation explain(const Board& start, const Board& goal,
                                 const ExplainOptions& options = {},
                                 const AnimationOptions& look = {}, const Encoding& encoding = {},
                                 const RenderLimits& limits = {});

}  // namespace slidegif
