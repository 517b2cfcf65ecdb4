#pragma once
// Move pieces with one byte of each piece's coded frames flipped: stored in a pieces file with
// a valid checksum, they change a GIF only if the reader really copies them (the honest file
// gives the bytes of none).

#include <vector>

#include "render/cache/move_pieces.hpp"

namespace slidegif::testing {

inline detail::MovePieceCache altered_pieces(const detail::MovePieceCache& pieces) {
  detail::MovePieceCache out(pieces.bytes() + 1);
  for (const auto& [key, coded] : pieces.sorted()) {
    std::vector<std::uint8_t> v(coded.begin(), coded.end());
    v[v.size() / 2] ^= 0x55;
    out.keep(key, std::move(v));
  }
  return out;
}

}  // namespace slidegif::testing
