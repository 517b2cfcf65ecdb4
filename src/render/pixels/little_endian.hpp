#pragma once
// Unsigned integers as little-endian bytes, whatever the host: the coded pieces' records
// (coded_move.cpp), the saved sprite sets (drawing_cache_io.cpp) and glyphs
// (glyph_snapshot.cpp), which files carry from the program that wrote them to the one that
// reads them.
//
//   std::vector<std::uint8_t> out;
//   slidegif::detail::write_le<std::uint32_t>(out, 7);
//   auto v = slidegif::detail::read_le<std::uint32_t>(out.data());  // 7
//   slidegif::detail::LittleEndianReader in(out);                    // bounds-checked
//   auto w = in.get<std::uint32_t>();                        // 7; in.ok() says it was there

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace slidegif::detail {

template <std::unsigned_integral T>
void write_le(std::vector<std::uint8_t>& out, T v) {
  for (std::size_t b = 0; b < sizeof v; ++b) out.push_back(static_cast<std::uint8_t>(v >> (8 * b)));
}

template <std::unsigned_integral T>
T read_le(const std::uint8_t* p) {
  T v = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&v, p, sizeof v);  // one load: GCC does not merge the loop's (the WebP writer
                                   // reads words in its inner loops)
  } else {
    for (std::size_t b = 0; b < sizeof v; ++b) v |= static_cast<T>(T{p[b]} << (8 * b));
  }
  return v;
}

// Reads little-endian values from bytes that may be damaged: past the end it returns zeros and
// stays failed, so a reader checks ok() once after a group of fields rather than before each.
class LittleEndianReader {
 public:
  explicit LittleEndianReader(std::span<const std::uint8_t> bytes)
      : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  template <std::unsigned_integral T>
  T get() {
    return take(sizeof(T)) ? read_le<T>(p_ - sizeof(T)) : T{0};
  }
  std::int32_t get_i32() { return static_cast<std::int32_t>(get<std::uint32_t>()); }
  std::int64_t get_i64() { return static_cast<std::int64_t>(get<std::uint64_t>()); }
  // The next n bytes, or null past the end.
  const std::uint8_t* bytes(std::size_t n) { return take(n) ? p_ - n : nullptr; }
  bool ok() const { return ok_; }
  bool at_end() const { return ok_ && p_ == end_; }

 private:
  bool take(std::size_t n) {
    ok_ = ok_ && n <= static_cast<std::size_t>(end_ - p_);
    if (ok_) p_ += n;
    return ok_;
  }
  const std::uint8_t* p_;
  const std::uint8_t* end_;
  bool ok_ = true;
};

}  // namespace slidegif::detail
