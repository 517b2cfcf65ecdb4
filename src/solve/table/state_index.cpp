#include "solve/table/state_index.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>

#include "slidegif/error.hpp"
#include "solve/pattern/pattern.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {
namespace {

constexpr int kMaxExactCells = 20;  // 21!/2 no longer fits 64 bits

// Inversions of a sequence, mod 2.
int parity_of(const std::uint8_t* q, int count) {
  int inversions = 0;
  for (int i = 0; i < count; ++i)
    for (int j = i + 1; j < count; ++j) inversions += q[j] < q[i];
  return inversions & 1;
}

std::string with_thousands(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::uint64_t reachable_states(Shape shape) {
  if (shape.cells() > kMaxExactCells) return UINT64_MAX;
  std::uint64_t n = 1;
  for (int i = 3; i <= shape.cells(); ++i) n *= static_cast<std::uint64_t>(i);
  return n;
}

std::string reachable_states_text(Shape shape) {
  if (shape.cells() <= kMaxExactCells) return with_thousands(reachable_states(shape));
  double log10 = 0;  // of N!/2
  for (int i = 3; i <= shape.cells(); ++i) log10 += std::log10(static_cast<double>(i));
  const double exponent = std::floor(log10);
  char text[32];
  std::snprintf(text, sizeof text, "%.1fe+%d", std::pow(10.0, log10 - exponent),
                static_cast<int>(exponent));
  return text;
}

StateIndex::StateIndex(const Board& goal) : shape_(goal.shape()), n_(goal.cells()) {
  if (n_ > kMaxIndexCells) {
    throw Error(
        Error::Kind::Unsupported,
        detail::format("a {} board has {} states; whole state spaces are numbered for "
                       "boards of at most {} cells",
                       format_shape(shape_), reachable_states_text(shape_), kMaxIndexCells));
  }
  size_ = reachable_states(shape_);
  // The goal's sequence fixes the parity class (solvability.hpp): the inversion parity with
  // an odd width, inversions + the blank's row with an even one.
  std::array<std::uint8_t, kMaxIndexCells> q{};
  int count = 0;
  for (int c = 0; c < n_; ++c)
    if (goal.at(c) != 0) q[static_cast<std::size_t>(count++)] = goal.at(c);
  const int goal_parity = parity_of(q.data(), count);
  const int goal_row = goal.blank() / shape_.cols;
  parity_.resize(static_cast<std::size_t>(n_));
  for (int c = 0; c < n_; ++c) {
    const int row_change = shape_.cols % 2 == 0 ? (c / shape_.cols - goal_row) & 1 : 0;
    parity_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(goal_parity ^ row_change);
  }
  goal_index_ = of(goal);
}

// Cloned for popcnt: a batch of 3x3 answers ranks each vertical step of its descents here.
SLIDEGIF_PDB_CLONES std::uint64_t StateIndex::of(const std::uint8_t* tiles, int blank) const {
  std::array<std::uint8_t, kMaxIndexCells> q{};
  int count = 0;
  for (int c = 0; c < n_; ++c)
    if (c != blank) q[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(tiles[c] - 1);
  const std::uint64_t rank = rank_placement(q.data(), n_ - 3, n_ - 1);
  return rank * static_cast<std::uint64_t>(n_) + static_cast<std::uint64_t>(blank);
}

std::uint64_t StateIndex::of(const Board& board) const {
  return of(board.tiles().data(), board.blank());
}

int StateIndex::decode(std::uint64_t index, std::uint8_t* tiles) const {
  const int m = n_ - 1;  // tiles in the sequence
  const int k = n_ - 3;  // entries ranked
  const int blank = static_cast<int>(index % static_cast<std::uint64_t>(n_));
  std::uint64_t rank = index / static_cast<std::uint64_t>(n_);
  std::array<int, kMaxIndexCells> digit{};
  int digit_sum = 0;
  for (int i = k - 1; i >= 0; --i) {
    const auto base = static_cast<std::uint64_t>(m - i);
    digit[static_cast<std::size_t>(i)] = static_cast<int>(rank % base);
    digit_sum += digit[static_cast<std::size_t>(i)];
    rank /= base;
  }
  // Digit i is how many unused values are below entry i (rank_placement), so it is also the
  // number of inversions entry i starts: the digits' sum is the prefix's inversion count.
  std::array<std::uint8_t, kMaxIndexCells> q{};
  std::uint64_t unused = (1ULL << m) - 1;
  for (int i = 0; i < k; ++i) {
    std::uint64_t avail = unused;
    for (int j = 0; j < digit[static_cast<std::size_t>(i)]; ++j) avail &= avail - 1;
    q[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(std::countr_zero(avail));
    unused &= ~(1ULL << q[static_cast<std::size_t>(i)]);
  }
  const auto low = static_cast<std::uint8_t>(std::countr_zero(unused));
  const auto high = static_cast<std::uint8_t>(63 - std::countl_zero(unused));
  const bool in_order = (digit_sum & 1) == parity_for_blank(blank);
  q[static_cast<std::size_t>(k)] = in_order ? low : high;
  q[static_cast<std::size_t>(k + 1)] = in_order ? high : low;
  for (int c = 0, at = 0; c < n_; ++c)
    tiles[c] = c == blank ? 0 : static_cast<std::uint8_t>(q[static_cast<std::size_t>(at++)] + 1);
  return blank;
}

Board StateIndex::board(std::uint64_t index) const {
  std::vector<std::uint8_t> tiles(static_cast<std::size_t>(n_));
  decode(index, tiles.data());
  return Board(shape_, std::move(tiles));
}

}  // namespace slidegif::detail
