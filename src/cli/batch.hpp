#pragma once
// `slidegif solve --batch FILE`: one puzzle per line, one answer line per puzzle, no GIFs.

#include <istream>

#include "app/job/job.hpp"
#include "cli/options.hpp"

namespace slidegif::cli {

// Each non-blank, non-comment line is `START [GOAL]` (or `START ; GOAL` when the boards are
// written with spaces). Prints `LENGTH MOVES` (or a JSON object) per line and, for a bad line,
// `error: line N: message` (JSON: {"line":N,"error":...}), then goes on. Returns the number of
// lines that failed. Each line is solved as `base` with the line's boards: --size (the shape)
// and --goal (the goal of lines that give none) come from there. `jobs` lines are solved at
// once, each still optimally (a line is one whole search on one thread), and the answers come
// out in input order, each as soon as those before it are out.
int solve_batch(std::istream& in, const app::Job& base, const JobFlags& flags, int jobs = 1);

// --jobs when not given: the machine's cores.
int default_batch_jobs();

}  // namespace slidegif::cli
