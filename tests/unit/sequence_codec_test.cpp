// The full search's codec against ranking from scratch: a decoded rank ranks back to itself,
// and a vertical move's rotated window ranks to what rotate_left/rotate_right say, for every
// window length and place on small boards and random ranks of 2x7's.
#include "solve/table/sequence_codec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>

namespace slidegif::detail {
namespace {

// The rank of a sequence's first M - 2 entries, counted as the codec's numbering defines it:
// digit i is how many later entries are smaller, worth the product of the radices after it.
template <int N>
std::uint64_t reference_rank(const std::array<std::uint8_t, N - 1>& q) {
  constexpr int M = N - 1;
  std::uint64_t rank = 0;
  for (int i = 0; i < M - 2; ++i) {
    int smaller = 0;
    for (int k = i + 1; k < M; ++k)
      smaller += q[static_cast<std::size_t>(k)] < q[static_cast<std::size_t>(i)] ? 1 : 0;
    rank = rank * static_cast<std::uint64_t>(M - i) + static_cast<std::uint64_t>(smaller);
  }
  return rank;
}

template <int N>
std::uint64_t ranks() {
  std::uint64_t n = 1;
  for (int i = 3; i < N; ++i) n *= static_cast<std::uint64_t>(i);  // (N - 1)! / 2
  return n;
}

// Checks one rank: its decoding and every rotation of a window of kLen entries.
template <int N, int kLen>
void check_rank(std::uint64_t rank) {
  using Codec = SequenceCodec<N>;
  typename Codec::Row row{};
  Codec::decode(rank, row);
  for (int which = 0; which < 2; ++which) {
    const auto& q = row.q[static_cast<std::size_t>(which)];
    ASSERT_EQ(reference_rank<N>(q), rank) << "N " << N << " which " << which;
    for (int w = 0; w + kLen <= N - 1; ++w) {
      auto left = q;
      std::rotate(left.begin() + w, left.begin() + w + 1, left.begin() + w + kLen);
      ASSERT_EQ(Codec::template rotate_left<kLen>(row, which, rank, w), reference_rank<N>(left))
          << "N " << N << " rank " << rank << " which " << which << " w " << w;
      auto right = q;
      std::rotate(right.begin() + w, right.begin() + w + kLen - 1, right.begin() + w + kLen);
      ASSERT_EQ(Codec::template rotate_right<kLen>(row, which, rank, w), reference_rank<N>(right))
          << "N " << N << " rank " << rank << " which " << which << " w " << w;
    }
  }
}

TEST(SequenceCodec, EveryRankOfSmallBoardsRotatesAsRankedFromScratch) {
  for (std::uint64_t r = 0; r < ranks<6>(); ++r) check_rank<6, 2>(r);  // 2x3
  for (std::uint64_t r = 0; r < ranks<6>(); ++r) check_rank<6, 3>(r);  // 3x2
  for (std::uint64_t r = 0; r < ranks<9>(); ++r) check_rank<9, 3>(r);  // 3x3
  for (std::uint64_t r = 0; r < ranks<8>(); ++r) check_rank<8, 4>(r);  // 2x4
}

TEST(SequenceCodec, RandomRanksOfTheLargestBoardsRotateAsRankedFromScratch) {
  std::mt19937_64 random(14);
  for (int n = 0; n < 20000; ++n) {
    check_rank<14, 7>(random() % ranks<14>());  // 2x7
    check_rank<14, 2>(random() % ranks<14>());  // 7x2
    check_rank<12, 4>(random() % ranks<12>());  // 3x4
  }
  // The ends of the numbering, where digits are all 0 or all at their largest.
  check_rank<14, 7>(0);
  check_rank<14, 7>(ranks<14>() - 1);
}

}  // namespace
}  // namespace slidegif::detail
