#pragma once
// How the distributed search (partitioned_search.hpp) splits the states among ranks, and a
// state's children: shared by the search and its model (partition_model.hpp), so the model
// counts exactly what the search sends.

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "solve/board/domain.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::mpi {

// Rank r owns the states [r * block, (r + 1) * block) of the StateIndex numbering (the last
// rank fewer). Contiguous blocks keep a horizontal move's child, the next index, at home.
class Partition {
 public:
  Partition(std::uint64_t states, int ranks)
      : states_(states),
        block_((states + static_cast<std::uint64_t>(ranks) - 1) /
               static_cast<std::uint64_t>(ranks)) {}

  std::uint64_t block() const { return block_; }
  int owner(std::uint64_t state) const { return static_cast<int>(state / block_); }
  std::uint64_t begin(int rank) const {
    return std::min(states_, block_ * static_cast<std::uint64_t>(rank));
  }
  std::uint64_t end(int rank) const { return std::min(states_, begin(rank) + block_); }

 private:
  std::uint64_t states_;
  std::uint64_t block_;
};

inline constexpr std::uint64_t kMostChildren = 4;  // a state has at most four neighbours
inline constexpr std::uint64_t kExchangeBuffers =
    3;  // children queued, flattened to send, received

// A layer takes at most this many rounds (all-to-all exchanges): a tiny --round-states on a
// large block would otherwise mean millions of exchanges a layer, a search that never ends.
inline constexpr std::uint64_t kMostRoundsPerLayer = 4096;

// The states a rank scans a round: as asked, within the block and the rounds' limit.
inline std::uint64_t round_states_for(std::uint64_t block, std::uint64_t asked) {
  const std::uint64_t fewest = (block + kMostRoundsPerLayer - 1) / kMostRoundsPerLayer;
  return std::max<std::uint64_t>({1, fewest, std::min(asked, block)});
}

// A block's store: two bits a state, in whole 64-bit words.
inline std::uint64_t block_bytes(std::uint64_t block) {
  return (block + 31) / 32 * 8;
}

// The memory a rank needs at most: its block, two bits a state, and each round's children in
// the exchange buffers, were every child another rank's (8 bytes each).
inline std::uint64_t most_rank_bytes(std::uint64_t states, int ranks, std::uint64_t round_states) {
  const std::uint64_t block = Partition(states, ranks).block();
  return block_bytes(block) +
         kExchangeBuffers * kMostChildren * round_states_for(block, round_states) * 8;
}

// Calls claim(j) for each neighbour j of state i.
template <class Claim>
void expand_state(const detail::StateIndex& index, std::uint64_t i, Claim&& claim) {
  const Shape shape = index.shape();
  std::array<std::uint8_t, detail::kMaxIndexCells> tiles{};
  const int blank = index.decode(i, tiles.data());
  for (const Move m : kAllMoves) {
    const int to = detail::neighbour(shape, blank, m);
    if (to < 0) continue;
    if (to / shape.cols == blank / shape.cols) {
      // A horizontal move leaves the sequence of tiles alone: only the blank's cell changes.
      claim(static_cast<std::uint64_t>(static_cast<std::int64_t>(i) + (to - blank)));
      continue;
    }
    std::swap(tiles[static_cast<std::size_t>(blank)], tiles[static_cast<std::size_t>(to)]);
    claim(index.of(tiles.data(), to));
    std::swap(tiles[static_cast<std::size_t>(blank)], tiles[static_cast<std::size_t>(to)]);
  }
}

}  // namespace slidegif::mpi
