#pragma once
// Bits packed least significant first into bytes, as WebP lossless (and deflate) read them.

#include <cstdint>
#include <utility>
#include <vector>

namespace slidegif::detail {

class BitWriter {
 public:
  // The low `n` bits of `bits` (n at most 32); the bits above them must be zero.
  void put(std::uint32_t bits, int n) {
    buffer_ |= std::uint64_t{bits} << used_;
    used_ += n;
    while (used_ >= 8) {
      bytes_.push_back(static_cast<std::uint8_t>(buffer_));
      buffer_ >>= 8;
      used_ -= 8;
    }
  }

  // The bytes, the last one padded with zero bits.
  std::vector<std::uint8_t> finish() && {
    if (used_ > 0) bytes_.push_back(static_cast<std::uint8_t>(buffer_));
    return std::move(bytes_);
  }

 private:
  std::vector<std::uint8_t> bytes_;
  std::uint64_t buffer_ = 0;
  int used_ = 0;
};

}  // namespace slidegif::detail
