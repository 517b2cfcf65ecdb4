// libFuzzer target: the `solve --batch` input reader (cli/batch_input.hpp) on arbitrary bytes:
// lines, comments, splitting into boards and parsing them, exactly as solve_batch() does before
// it solves. Seeds: tests/fuzz/corpus/batch.
//
// Checks: one line per '\n' (plus a last unterminated one), none longer than the reader keeps,
// a line's fields are pieces of it, and a bad line fails with slidegif::Error only.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "cli/batch_input.hpp"
#include "slidegif/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  std::size_t lines = 0;
  for (std::string line; slidegif::cli::read_batch_line(in, line);) {
    ++lines;
    if (line.size() > slidegif::cli::kMaxBatchLine + 1) __builtin_trap();
    if (line.find('\n') != std::string::npos) __builtin_trap();
    if (slidegif::cli::is_blank_or_comment(line)) continue;
    if (line.size() <= slidegif::cli::kMaxBatchLine) {
      const auto fields = slidegif::cli::split_batch_line(line);
      if (line.find(fields.start) == std::string::npos) __builtin_trap();
      if (line.find(fields.goal) == std::string::npos) __builtin_trap();
    }
    try {
      slidegif::PuzzleSpec spec;
      slidegif::cli::parse_batch_line(line, spec);
      if (!spec.start || (spec.goal && spec.goal->shape() != spec.start->shape())) {
        __builtin_trap();
      }
    } catch (const slidegif::Error&) {
    }
  }
  const std::size_t newlines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  const bool partial_last = !text.empty() && text.back() != '\n';
  if (lines != newlines + (partial_last ? 1 : 0)) __builtin_trap();
  return 0;
}
