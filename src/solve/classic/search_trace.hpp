#pragma once
// A classic search recorded for drawing it (explain): its result, and some of its expansions
// spread evenly over the whole run, each with the counts of that moment. A search of any length
// keeps at most about 2 * max_steps of them, so a long one is summarised rather than cut short:
// the steps kept are every stride-th expansion (the stride doubling whenever the record fills),
// and the last expansion is always kept.
//
//   SearchTrace t = trace_classic({ClassicAlgorithm::AStar, ClassicHeuristic::Manhattan},
//                                 start, goal, {.max_expanded = 200'000}, 150);
//   // t.result as run_classic's; t.steps[i].board, .g, .h, .by_depth, ...

#include <cstdint>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/classic/classic.hpp"

namespace slidegif::detail {

struct TracedStep {
  std::uint64_t number = 0;  // the expansion's, from 1
  Board board;               // the state expanded
  int g = 0, h = 0;
  std::uint64_t open = 0, closed = 0;
  int bound = -1;  // IDA*: the pass's bound
  int pass = 0;    // IDA*: the pass, from 1; the others: 1
  bool backward = false;
  // Expansions so far (this pass's, for IDA*) by g: the histogram a layer at a time fills.
  std::vector<std::uint64_t> by_depth{};
};

struct SearchTrace {
  ClassicResult result;
  std::vector<TracedStep> steps;  // in order; the first and the last expansion among them
  std::uint64_t stride = 1;       // every stride-th expansion is kept
};

// Runs the search as run_classic does, keeping between max_steps and 2 * max_steps steps
// (all of them when there are fewer). Throws as run_classic; max_steps at least 1.
SearchTrace trace_classic(const ClassicMethod& method, const Board& start, const Board& goal,
                          const ClassicLimits& limits, std::size_t max_steps);

}  // namespace slidegif::detail
