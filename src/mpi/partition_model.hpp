#pragma once
// What a distributed search (partitioned_search.hpp) of a board would need, before running it:
// memory from the partition's arithmetic, the exchange volume by sampling. Every state is
// expanded exactly once, so the children and those owned by another rank, counted over states
// drawn uniformly from the numbering, estimate the whole search's totals; the time follows
// from rates measured on runs that fit (docs/BENCHMARKS.md, "God's-eye view past one machine").
//
//   const PartitionModel m = model_partition(Board::standard_goal({3, 5}), 64, {});
//   m.exchanged_bytes();   // all ranks' traffic over the whole search

#include <cstdint>

#include "slidegif/board.hpp"

namespace slidegif::mpi {

struct PartitionModelOptions {
  std::uint64_t samples = 1'000'000;  // states drawn
  std::uint64_t seed = 1;
  std::uint64_t round_states = std::uint64_t{1} << 22;  // as PartitionedSearchOptions'
};

struct PartitionModel {
  std::uint64_t states = 0;
  int ranks = 1;
  std::uint64_t block_bytes = 0;  // a rank's block, two bits a state
  // The exchange buffers a rank fills in a round, at the sampled exchange (the search refuses
  // to start unless the worst case fits: most_rank_bytes()).
  std::uint64_t buffer_bytes = 0;
  double children_per_state = 0;  // sampled
  double exchanged_fraction = 0;  // sampled: of the children, those another rank owns

  std::uint64_t rank_bytes() const { return block_bytes + buffer_bytes; }
  double children() const { return static_cast<double>(states) * children_per_state; }
  double exchanged_states() const { return children() * exchanged_fraction; }
  double exchanged_bytes() const { return exchanged_states() * 8; }
};

PartitionModel model_partition(const Board& goal, int ranks, const PartitionModelOptions& options);

}  // namespace slidegif::mpi
