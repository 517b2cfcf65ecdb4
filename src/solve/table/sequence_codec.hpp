#pragma once
// The StateIndex numbering (state_index.hpp) with the board size N fixed at compile time, for
// the full search's inner loop: divisions by constants, unrolled ranking, and the children of
// a state ranked from the few sequence entries a move changes instead of from scratch.

#include <array>
#include <cstdint>

#include "solve/pattern/pattern.hpp"  // detail::count_bits

namespace slidegif::detail {

template <int N>
class SequenceCodec {
 public:
  static constexpr int M = N - 1;  // tiles in the sequence (the blank is not in it)
  static_assert(M <= 15, "decode keeps the unused values in 4-bit fields of a word");
  static constexpr int K = N - 3;  // entries ranked; the last two follow from parity

  // One rank of the sequence's first K entries, decoded, with both orders of the last two:
  // q[v] is the sequence whose last two are in order (v = 0) or swapped (v = 1).
  struct Row {
    std::array<std::array<std::uint8_t, M>, 2> q;
    std::array<std::uint8_t, M> digit;  // rank_placement's digits (0 past K)
    std::array<std::uint32_t, M> used;  // values of q[0..i-1] as a mask
    int parity;                         // inversions of the first K entries, mod 2
  };

  // W[i]: what digit i is worth in the rank; 0 for the two unranked entries, so a window
  // reaching into them needs no special case.
  static constexpr std::array<std::uint64_t, M> kWeights = [] {
    std::array<std::uint64_t, M> w{};
    std::uint64_t place = 1;
    for (int i = K - 1; i >= 0; --i) {
      w[static_cast<std::size_t>(i)] = place;
      place *= static_cast<std::uint64_t>(M - i);
    }
    return w;
  }();

  static void decode(std::uint64_t rank, Row& row) {
    int sum = 0;
    for (int i = K - 1; i >= 0; --i) {
      constexpr_divide(rank, i, row.digit[static_cast<std::size_t>(i)]);
      sum += row.digit[static_cast<std::size_t>(i)];
    }
    row.parity = sum & 1;
    // The values not used yet, in order, a nibble each: taking the digit-th is a shift and
    // a mask, where finding the digit-th set bit of a mask took a loop.
    std::uint64_t unused = kAllValues;
    std::uint32_t used = 0;
    for (int i = 0; i < K; ++i) {
      row.used[static_cast<std::size_t>(i)] = used;
      const int at = 4 * row.digit[static_cast<std::size_t>(i)];
      const auto v = static_cast<std::uint8_t>((unused >> at) & 15);
      row.q[0][static_cast<std::size_t>(i)] = v;
      used |= 1u << v;
      const std::uint64_t below = (std::uint64_t{1} << at) - 1;
      unused = (unused & below) | ((unused >> 4) & ~below);
    }
    const auto low = static_cast<std::uint8_t>(unused & 15);
    const auto high = static_cast<std::uint8_t>((unused >> 4) & 15);
    row.q[1] = row.q[0];
    row.q[0][K] = low;
    row.q[0][K + 1] = high;
    row.q[1][K] = high;
    row.q[1][K + 1] = low;
    row.used[K] = used;
    row.used[K + 1] = used | (1u << low);  // only read for ranks, whose weight there is 0
    row.digit[K] = row.digit[K + 1] = 0;
  }

  // The rank after the entries q[w .. w + len) are replaced by `fresh` (the same values in
  // another order): only their digits change, since the set before and after the window
  // stays the same.
  template <int kLen>
  static std::uint64_t rerank(const Row& row, std::uint64_t rank, int w,
                              const std::uint8_t* fresh) {
    std::uint32_t used = row.used[static_cast<std::size_t>(w)];
    for (int j = 0; j < kLen; ++j) {
      const int i = w + j;
      if (i >= K) break;
      const std::uint32_t v = fresh[j];
      const auto digit =
          static_cast<std::uint64_t>(v - slidegif::detail::count_bits(used & ((1u << v) - 1)));
      rank +=
          (digit - row.digit[static_cast<std::size_t>(i)]) * kWeights[static_cast<std::size_t>(i)];
      used |= 1u << v;
    }
    return rank;
  }

 private:
  // digit = rank % (M - i); rank /= (M - i), with i known per unrolled step.
  static void constexpr_divide(std::uint64_t& rank, int i, std::uint8_t& digit) {
    const auto base = static_cast<std::uint64_t>(M - i);
    digit = static_cast<std::uint8_t>(rank % base);
    rank /= base;
  }
  // 0, 1, ..., M - 1 in nibbles, lowest first (M is at most 15).
  static constexpr std::uint64_t kAllValues = [] {
    std::uint64_t list = 0;
    for (int v = M - 1; v >= 0; --v) list = list << 4 | static_cast<std::uint64_t>(v);
    return list;
  }();
};

}  // namespace slidegif::detail
