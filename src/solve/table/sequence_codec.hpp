#pragma once
// The StateIndex numbering (state_index.hpp) with the board size N fixed at compile time, for
// the full search's inner loop: divisions by constants, unrolled ranking, and the children of
// a state ranked from the few sequence entries a move changes instead of from scratch.

#include <array>
#include <bit>
#include <cstdint>

#include "solve/pattern/pattern.hpp"  // detail::count_bits

namespace slidegif::detail {

template <int N>
class SequenceCodec {
 public:
  static constexpr int M = N - 1;  // tiles in the sequence (the blank is not in it)
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
    std::uint32_t unused = (1u << M) - 1;
    int sum = 0;
    for (int i = K - 1; i >= 0; --i) {
      constexpr_divide(rank, i, row.digit[static_cast<std::size_t>(i)]);
      sum += row.digit[static_cast<std::size_t>(i)];
    }
    row.parity = sum & 1;
    std::uint32_t used = 0;
    for (int i = 0; i < K; ++i) {
      row.used[static_cast<std::size_t>(i)] = used;
      const auto v =
          static_cast<std::uint8_t>(select(unused, row.digit[static_cast<std::size_t>(i)]));
      row.q[0][static_cast<std::size_t>(i)] = v;
      used |= 1u << v;
      unused &= ~(1u << v);
    }
    const auto low = static_cast<std::uint8_t>(std::countr_zero(unused));
    const auto high = static_cast<std::uint8_t>(31 - std::countl_zero(unused));
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
  static std::uint64_t rerank(const Row& row, std::uint64_t rank, int w, const std::uint8_t* fresh,
                              int len) {
    std::uint32_t used = row.used[static_cast<std::size_t>(w)];
    for (int j = 0; j < len && w + j < K; ++j) {
      const int i = w + j;
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
  // The position of the n-th set bit of mask.
  static int select(std::uint32_t mask, int n) {
    for (int j = 0; j < n; ++j) mask &= mask - 1;
    return std::countr_zero(mask);
  }
};

}  // namespace slidegif::detail
