#pragma once
// `slidegif solve --batch FILE`: one puzzle per line, one answer line per puzzle, no GIFs.

#include <istream>
#include <optional>

#include "cli/options.hpp"
#include "slidegif/board.hpp"

namespace slidegif::cli {

// Each non-blank, non-comment line is `START [GOAL]` (or `START ; GOAL` when the boards are
// written with spaces). Prints `LENGTH MOVES` (or a JSON object) per line and, for a bad line,
// `error: line N: message` (JSON: {"line":N,"error":...}), then goes on. Returns the number of
// lines that failed.
int solve_batch(std::istream& in, const std::optional<Board>& default_goal,
                const OutputFlags& flags);

}  // namespace slidegif::cli
