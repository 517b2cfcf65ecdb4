#pragma once
// The bytes a MovePieces store keeps for one move (move_pieces.hpp): each of its frames, in
// order, as a record of
//   u8 kind (0: a whole frame, as GifEncoder::last_image() gives it; 1: the head of a split
//   frame), u32 byte count, u16 first column and u16 width of a head's frame, u32 bit count
//   and u16 top row (a head's; all 0 for an image), the bytes,
// integers little-endian. The same bytes in memory and in a pieces file.
//
//   std::vector<std::uint8_t> coded;
//   slidegif::detail::append_piece(coded, {.bytes = gif.last_image()});
//   auto frames = slidegif::detail::read_pieces(coded);  // nullopt if malformed

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace slidegif::detail {

struct CodedPiece {
  bool split = false;    // the head of a frame split at the caption band
  std::size_t bits = 0;  // a head's length in bits
  int top = 0;           // a head's first row in the frame
  int x = 0, w = 0;      // a head's frame's columns
  std::span<const std::uint8_t> bytes;
};

void append_piece(std::vector<std::uint8_t>& coded, const CodedPiece& piece);
// The frames of a coded move, viewing `coded`; nullopt if the records do not add up.
std::optional<std::vector<CodedPiece>> read_pieces(std::span<const std::uint8_t> coded);

}  // namespace slidegif::detail
