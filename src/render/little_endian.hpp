#pragma once
// Unsigned integers as little-endian bytes, whatever the host: the coded pieces' records
// (coded_move.cpp) and the saved sprite sets (drawing_cache_io.cpp), which files carry from the
// program that wrote them to the one that reads them.
//
//   std::vector<std::uint8_t> out;
//   slidegif::write_le<std::uint32_t>(out, 7);
//   auto v = slidegif::read_le<std::uint32_t>(out.data());  // 7

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace slidegif {

template <std::unsigned_integral T>
void write_le(std::vector<std::uint8_t>& out, T v) {
  for (std::size_t b = 0; b < sizeof v; ++b) out.push_back(static_cast<std::uint8_t>(v >> (8 * b)));
}

template <std::unsigned_integral T>
T read_le(const std::uint8_t* p) {
  T v = 0;
  for (std::size_t b = 0; b < sizeof v; ++b) v |= static_cast<T>(T{p[b]} << (8 * b));
  return v;
}

}  // namespace slidegif
