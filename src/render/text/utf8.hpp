#pragma once
// Reading UTF-8 text one code point at a time, whatever bytes it holds.

#include <cstddef>
#include <string_view>

namespace slidegif::detail {

// One code point from UTF-8 at s[i], advancing i; a malformed byte stands for itself (as gd
// used to read it), so user text can never make us loop or read past the end.
inline char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  int len = b0 < 0x80 ? 1 : (b0 >> 5) == 0x6 ? 2 : (b0 >> 4) == 0xE ? 3 : (b0 >> 3) == 0x1E ? 4 : 0;
  if (len <= 1 || i + static_cast<std::size_t>(len) > s.size()) {
    ++i;
    return b0;
  }
  char32_t c = b0 & (0x7F >> len);
  for (int k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
    if ((b & 0xC0) != 0x80) {
      ++i;
      return b0;
    }
    c = (c << 6) | (b & 0x3F);
  }
  i += static_cast<std::size_t>(len);
  return c;
}

}  // namespace slidegif::detail
