// libFuzzer target: the board and shape parsers (parse_board, parse_shape), which read every
// board a user or a client writes. Input layout: with a newline, the text before it is a size
// for parse_shape and the rest the board read with that shape; without one, the whole input is
// a board with its shape inferred. Seeds: tests/fuzz/corpus/board.
//
// Checks: malformed input fails with slidegif::Error only (anything else escapes and is a
// finding), and a board that parses is printed by format_board in a notation that parses back
// to the same board.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "slidegif/board.hpp"
#include "slidegif/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  std::optional<slidegif::Shape> shape;
  std::string_view board_text = input;
  if (newline != std::string_view::npos) {
    board_text = input.substr(newline + 1);
    try {
      shape = slidegif::parse_shape(input.substr(0, newline));
      if (shape->rows < slidegif::kMinSide || shape->rows > slidegif::kMaxSide ||
          shape->cols < slidegif::kMinSide || shape->cols > slidegif::kMaxSide) {
        __builtin_trap();  // parse_shape let a size out of range through
      }
    } catch (const slidegif::Error&) {
    }
  }
  try {
    const slidegif::Board board = slidegif::parse_board(board_text, shape);
    if (shape && board.shape() != *shape) __builtin_trap();
    if (slidegif::parse_board(slidegif::format_board(board)) != board) __builtin_trap();
  } catch (const slidegif::Error&) {
  }
  return 0;
}
