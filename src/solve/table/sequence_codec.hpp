#pragma once
// The StateIndex numbering (state_index.hpp) with the board size N fixed at compile time, for
// the full search's inner loop: divisions by constants, unrolled ranking, and the children of
// a state ranked from the few sequence entries a move changes instead of from scratch.

#include <array>
#include <cstdint>

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
    int parity;                         // inversions of the first K entries, mod 2
    // unused[i]: the values q[0][i..] are chosen from, in nibbles (see decode), so a change
    // of the low digits re-places only the entries from the first changed one on.
    std::array<std::uint64_t, K + 1> unused;
  };

  // W[i]: what digit i is worth in the rank; 0 for the two unranked entries, so a window
  // reaching into them needs no special case in its sum.
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
    row.unused[0] = kAllValues;
    place_from(0, row);
  }

  // The row of rank + delta from the row of rank: the scan of a layer decodes ranks in rising
  // order a few apart, so adding delta to the digits (a carry or two) and re-placing the
  // entries from the first changed digit costs a fraction of decode's divisions (for a
  // larger step decode is cheaper). delta must keep the rank in range.
  static void advance(std::uint32_t delta, Row& row) {
    if (delta != 0) place_from(carry<K - 1>(delta, row), row);
  }

  // A vertical move rotates a window of kLen entries by one; only their digits change, since
  // the set of values before and after the window stays the same. A digit counts the smaller
  // values after its entry, so the entries the moved one passes gain or lose one where it is
  // smaller, and the moved one's digit changes by how many of them are smaller than it: a few
  // comparisons, no ranking from scratch. `which` is the order of the last two (Row::q).

  // The rank of q[which] after q[w .. w + kLen) rotates left (q[w] goes to the window's end).
  template <int kLen>
  static std::uint64_t rotate_left(const Row& row, int which, std::uint64_t rank, int w) {
    const std::uint8_t* q = row.q[static_cast<std::size_t>(which)].data();
    const std::uint8_t x = q[w];
    std::int64_t delta = 0;
    int smaller = 0;  // entries of the window smaller than x
    for (int j = 1; j < kLen; ++j) {
      const int i = w + j;
      const int passed = x < q[i] ? 1 : 0;
      smaller += 1 - passed;
      delta += weight(i - 1) * (digit(row, which, i) + passed) - weight(i) * digit(row, which, i);
    }
    delta +=
        weight(w + kLen - 1) * (digit(row, which, w) - smaller) - weight(w) * digit(row, which, w);
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(rank) + delta);
  }

  // The rank of q[which] after q[w .. w + kLen) rotates right (q[w + kLen - 1] goes first).
  template <int kLen>
  static std::uint64_t rotate_right(const Row& row, int which, std::uint64_t rank, int w) {
    const std::uint8_t* q = row.q[static_cast<std::size_t>(which)].data();
    const int last = w + kLen - 1;
    const std::uint8_t x = q[last];
    std::int64_t delta = 0;
    int smaller = 0;
    for (int j = 0; j + 1 < kLen; ++j) {
      const int i = w + j;
      const int passed = x < q[i] ? 1 : 0;
      smaller += 1 - passed;
      delta += weight(i + 1) * (digit(row, which, i) - passed) - weight(i) * digit(row, which, i);
    }
    delta +=
        weight(w) * (digit(row, which, last) + smaller) - weight(last) * digit(row, which, last);
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(rank) + delta);
  }

 private:
  // Adds delta to digit I and carries on up (a division by a constant a digit); returns the
  // first digit changed.
  template <int I>
  static int carry(std::uint32_t delta, Row& row) {
    constexpr auto kBase = static_cast<std::uint32_t>(M - I);
    auto& digit = row.digit[static_cast<std::size_t>(I)];
    const std::uint32_t sum = digit + delta;
    const auto next = static_cast<std::uint8_t>(sum % kBase);
    row.parity ^= (next ^ digit) & 1;
    digit = next;
    if constexpr (I > 0) {
      if (sum >= kBase) return carry<I - 1>(sum / kBase, row);
    }
    return I;
  }

  // Places q[0][first..] and q[1] from the digits, taking the digit-th of the values still
  // unused: a shift and a mask on a nibble list, where finding the digit-th set bit of a mask
  // took a loop.
  static void place_from(int first, Row& row) {
    std::uint64_t unused = row.unused[static_cast<std::size_t>(first)];
    for (int i = first; i < K; ++i) {
      const int at = 4 * row.digit[static_cast<std::size_t>(i)];
      const auto v = static_cast<std::uint8_t>((unused >> at) & 15);
      row.q[0][static_cast<std::size_t>(i)] = v;  // both written here: copying q[0]'s bytes
      row.q[1][static_cast<std::size_t>(i)] = v;  // just stored stalls the load
      const std::uint64_t below = (std::uint64_t{1} << at) - 1;
      unused = (unused & below) | ((unused >> 4) & ~below);
      row.unused[static_cast<std::size_t>(i + 1)] = unused;
    }
    const auto low = static_cast<std::uint8_t>(unused & 15);
    const auto high = static_cast<std::uint8_t>((unused >> 4) & 15);
    row.q[0][K] = low;
    row.q[0][K + 1] = high;
    row.q[1][K] = high;
    row.q[1][K + 1] = low;
    row.digit[K] = row.digit[K + 1] = 0;
  }

  static std::int64_t weight(int i) {
    return static_cast<std::int64_t>(kWeights[static_cast<std::size_t>(i)]);
  }
  // Digit i of q[which]: the decoded one, and for the two unranked entries their own (the
  // second-to-last counts the last when they are out of order, which = 1).
  // Without a branch: where the window lies varies from state to state, and a test of i against
  // K was mispredicted often (a tenth of the search's mispredictions on 2x5).
  static std::int64_t digit(const Row& row, int which, int i) {
    return row.digit[static_cast<std::size_t>(i)] + (which & -static_cast<int>(i == K));
  }

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
