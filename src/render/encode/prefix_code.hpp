#pragma once
// Canonical prefix (Huffman) codes limited in length, as WebP lossless stores them: a code is
// sent as its lengths, and both sides derive the same codes from them.

#include <array>
#include <cstdint>
#include <span>

#include "render/encode/bit_writer.hpp"

namespace slidegif::detail {

class PrefixCode {
 public:
  // WebP's largest alphabet without a colour cache: 256 green values and 24 copy lengths.
  static constexpr int kMaxSymbols = 280;

  // The optimal code for symbols seen `counts[s]` times (at most kMaxSymbols of them), made
  // flatter until no code is longer than `max_length` bits. Unseen symbols get no code; a
  // lone symbol gets length 1 (and WebP spends no bits on it).
  PrefixCode(std::span<const std::uint32_t> counts, int max_length);

  std::span<const std::uint8_t> lengths() const { return {lengths_.data(), size_}; }
  int used() const { return used_; }

  void put(BitWriter& out, int symbol) const {
    const auto s = static_cast<std::size_t>(symbol);
    if (used_ > 1) out.put(codes_[s], lengths_[s]);
  }

 private:
  std::array<std::uint8_t, kMaxSymbols> lengths_{};
  std::array<std::uint16_t, kMaxSymbols>
      codes_;  // bit-reversed (set for used symbols): low bits are sent first
  std::size_t size_;
  int used_ = 0;
};

}  // namespace slidegif::detail
