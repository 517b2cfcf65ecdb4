#include "mpi/partition_model.hpp"

#include <algorithm>
#include <random>

#include "mpi/partition.hpp"

namespace slidegif::mpi {

PartitionModel model_partition(const Board& goal, int ranks, const PartitionModelOptions& options) {
  const detail::StateIndex index(goal);
  const Partition partition(index.size(), ranks);
  PartitionModel model;
  model.states = index.size();
  model.ranks = ranks;
  model.block_bytes = block_bytes(partition.block());
  std::mt19937_64 random(options.seed);
  std::uniform_int_distribution<std::uint64_t> pick(0, index.size() - 1);
  std::uint64_t children = 0;
  std::uint64_t away = 0;
  for (std::uint64_t s = 0; s < options.samples; ++s) {
    const std::uint64_t i = pick(random);
    const int home = partition.owner(i);
    expand_state(index, i, [&](std::uint64_t j) {
      ++children;
      away += partition.owner(j) != home;
    });
  }
  const auto samples = static_cast<double>(std::max<std::uint64_t>(1, options.samples));
  model.children_per_state = static_cast<double>(children) / samples;
  model.exchanged_fraction =
      children ? static_cast<double>(away) / static_cast<double>(children) : 0.0;
  const double round =
      static_cast<double>(round_states_for(partition.block(), options.round_states));
  model.buffer_bytes = static_cast<std::uint64_t>(
      kExchangeBuffers * round * model.children_per_state * model.exchanged_fraction * 8);
  return model;
}

}  // namespace slidegif::mpi
