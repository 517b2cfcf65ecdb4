// The full search's codec against ranking from scratch: a decoded rank ranks back to itself,
// and a vertical move's rotated window ranks to what rotate_left/rotate_right say, for every
// window length and place on small boards and random ranks of 2x7's; and stepping a decoded
// rank on (advance) gives what decoding the later rank gives.
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

// A row advanced from rank by delta against the row decoded at rank + delta.
template <int N>
void check_advance(std::uint64_t rank, std::uint32_t delta) {
  using Codec = SequenceCodec<N>;
  typename Codec::Row stepped{};
  typename Codec::Row decoded{};
  Codec::decode(rank, stepped);
  Codec::advance(delta, stepped);
  Codec::decode(rank + delta, decoded);
  ASSERT_EQ(stepped.q, decoded.q) << "N " << N << " rank " << rank << " + " << delta;
  ASSERT_EQ(stepped.digit, decoded.digit) << "N " << N << " rank " << rank << " + " << delta;
  ASSERT_EQ(stepped.parity, decoded.parity) << "N " << N << " rank " << rank << " + " << delta;
}

TEST(SequenceCodec, AdvancingARankDecodesTheLaterRank) {
  // Every step from every rank of 3x3, then steps in one walk: each advance starts from the
  // row the last one left, so an entry it failed to re-place would show later.
  for (std::uint64_t r = 0; r < ranks<9>(); ++r) {
    for (std::uint32_t delta = 0; r + delta < ranks<9>() && delta < 800; delta += 7)
      check_advance<9>(r, delta);
  }
  using Codec = SequenceCodec<14>;
  Codec::Row walked{};
  Codec::Row decoded{};
  std::mt19937_64 random(7);
  std::uint64_t rank = 0;
  Codec::decode(rank, walked);
  while (true) {
    const auto delta = static_cast<std::uint32_t>(1 + random() % (random() % 2 ? 5 : 5000));
    if (rank + delta >= ranks<14>() / 1000) break;
    rank += delta;
    Codec::advance(delta, walked);
    Codec::decode(rank, decoded);
    ASSERT_EQ(walked.q, decoded.q) << "2x7 rank " << rank;
    ASSERT_EQ(walked.parity, decoded.parity) << "2x7 rank " << rank;
  }
  for (int n = 0; n < 20000; ++n) {  // random ranks of 2x7, up to the last one
    const auto delta = static_cast<std::uint32_t>(random() % 70000);
    check_advance<14>(random() % (ranks<14>() - delta), delta);
  }
  check_advance<14>(ranks<14>() - 2, 1);
}

}  // namespace
}  // namespace slidegif::detail
