#include "render/encode/prefix_code.hpp"

#include <algorithm>
#include <cassert>

namespace slidegif::detail {

namespace {

constexpr std::size_t kMaxNodes = 2 * PrefixCode::kMaxSymbols - 1;

struct Leaf {
  std::uint64_t weight;
  int symbol;
  bool operator<(const Leaf& o) const {
    return weight != o.weight ? weight < o.weight : symbol < o.symbol;
  }
};

// The depth of each of `n` leaves (sorted by weight) in a Huffman tree: two queues, of leaves
// and of merged nodes, whose weights both only grow; returns the deepest.
int tree_depths(const std::array<Leaf, PrefixCode::kMaxSymbols>& leaves, std::size_t n,
                std::array<int, kMaxNodes>& depth) {
  std::array<std::uint64_t, kMaxNodes> weight;
  std::array<std::size_t, kMaxNodes> parent;
  for (std::size_t i = 0; i < n; ++i) weight[i] = leaves[i].weight;
  const std::size_t nodes = 2 * n - 1;
  std::size_t leaf = 0, merged = n, made = n;
  auto take = [&] {
    if (leaf < n && (merged == made || weight[leaf] <= weight[merged])) return leaf++;
    return merged++;
  };
  for (; made < nodes; ++made) {
    const std::size_t a = take(), b = take();
    weight[made] = weight[a] + weight[b];
    parent[a] = parent[b] = made;
  }
  int deepest = 0;
  depth[nodes - 1] = 0;
  for (std::size_t i = nodes - 1; i-- > 0;) {
    depth[i] = depth[parent[i]] + 1;
    if (i < n) deepest = std::max(deepest, depth[i]);
  }
  return deepest;
}

constexpr std::array<std::uint8_t, 256> kReversedBytes = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned i = 0; i < 8; ++i) t[b] |= static_cast<std::uint8_t>(((b >> i) & 1U) << (7 - i));
  }
  return t;
}();

// The low `bits` bits of `code` in reverse order.
std::uint16_t reversed(std::uint32_t code, int bits) {
  const unsigned r =
      (unsigned{kReversedBytes[code & 0xFFU]} << 8) | kReversedBytes[(code >> 8) & 0xFFU];
  return static_cast<std::uint16_t>(r >> (16 - bits));
}

}  // namespace

PrefixCode::PrefixCode(std::span<const std::uint32_t> counts, int max_length)
    : size_(counts.size()) {
  assert(counts.size() <= kMaxSymbols && max_length <= 15);
  std::array<Leaf, kMaxSymbols> leaves;
  std::size_t n = 0;
  for (std::size_t s = 0; s < counts.size(); ++s) {  // without a branch: counts are erratic
    leaves[n] = {counts[s], static_cast<int>(s)};
    n += counts[s] > 0 ? 1 : 0;
  }
  used_ = static_cast<int>(n);
  if (n == 1) lengths_[static_cast<std::size_t>(leaves[0].symbol)] = 1;
  if (n < 2) return;
  // Too deep: count every rare symbol as if seen more often (doubling the floor) and retry.
  std::array<int, kMaxNodes> depth;
  for (std::uint64_t floor = 1;; floor *= 2) {
    std::array<Leaf, kMaxSymbols> raised;
    for (std::size_t i = 0; i < n; ++i)
      raised[i] = {std::max(leaves[i].weight, floor), leaves[i].symbol};
    std::sort(raised.begin(), raised.begin() + static_cast<std::ptrdiff_t>(n));
    if (tree_depths(raised, n, depth) > max_length) continue;
    for (std::size_t i = 0; i < n; ++i) {
      lengths_[static_cast<std::size_t>(raised[i].symbol)] = static_cast<std::uint8_t>(depth[i]);
    }
    break;
  }
  // Canonical codes: shorter first, then by symbol (RFC 1951, 3.2.2); `leaves` is in symbol
  // order.
  std::array<std::uint32_t, 16> per_length{}, next{};
  for (std::size_t i = 0; i < n; ++i)
    ++per_length[lengths_[static_cast<std::size_t>(leaves[i].symbol)]];
  std::uint32_t code = 0;
  for (std::size_t l = 1; l < 16; ++l) {
    code = (code + per_length[l - 1]) << 1;
    next[l] = code;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto s = static_cast<std::size_t>(leaves[i].symbol);
    codes_[s] = reversed(next[lengths_[s]]++, lengths_[s]);
  }
}

}  // namespace slidegif::detail
