#pragma once
// The input of `slidegif solve --batch`: lines of `START [GOAL]` (or `START ; GOAL` when the
// boards are written with spaces), blank lines and `#` comments. Separate from solving so that
// the tests and the fuzzer drive exactly this reader.

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

#include "slidegif/board.hpp"
#include "slidegif/puzzle.hpp"

namespace slidegif::cli {

// A line holds a start and maybe a goal, each at most kMaxBoardText characters.
inline constexpr std::size_t kMaxBatchLine = 2 * kMaxBoardText + 1;

// The next line without its '\n'; false at the end of input. Keeps at most kMaxBatchLine + 1
// characters of it, so one huge line costs no memory (and is then refused as too long).
bool read_batch_line(std::istream& in, std::string& line);

// Blank (spaces, tabs, a '\r') or a comment: no puzzle.
bool is_blank_or_comment(const std::string& line);

// Views into the line split.
struct BatchFields {
  std::string_view start;
  std::string_view goal;  // empty: the default goal
};
// "START ; GOAL", "START GOAL", "START", or a board written with spaces as a whole.
BatchFields split_batch_line(std::string_view line);

// The boards of one line into `puzzle`: the start, and the goal when the line names one (of the
// start's shape). Boards are read with `puzzle.shape` when it is set. Throws Error(BadInput)
// for a line over kMaxBatchLine or a malformed board.
void parse_batch_line(std::string_view line, PuzzleSpec& puzzle);

}  // namespace slidegif::cli
