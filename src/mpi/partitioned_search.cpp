#include "mpi/partitioned_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdio>
#include <utility>

#include "app/machine/memory.hpp"
#include "mpi/partition.hpp"
#include "slidegif/error.hpp"
#include "solve/table/distance_stores.hpp"
#include "solve/table/state_index.hpp"

namespace slidegif::mpi {
namespace {

std::uint64_t sum(MPI_Comm comm, std::uint64_t value) {
  std::uint64_t total = 0;
  MPI_Allreduce(&value, &total, 1, MPI_UINT64_T, MPI_SUM, comm);
  return total;
}

std::string gigabytes(double bytes) {
  return fmt::format("{:.1f} GB", bytes / 1e9);
}

// Refuses, on every rank and before anything is allocated, a search the ranks sharing one
// machine could not hold in its memory together.
void check_memory(Shape shape, MPI_Comm comm, int ranks, const PartitionedSearchOptions& o) {
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int here = 1;
  MPI_Comm_size(node, &here);
  MPI_Comm_free(&node);
  const double rank_bytes =
      static_cast<double>(most_rank_bytes(detail::reachable_states(shape), ranks, o.round_states));
  const auto memory = static_cast<double>(app::machine_memory_bytes());
  // The most crowded machine, and the smallest memory, across the ranks.
  std::array<double, 2> worst{rank_bytes * here, -memory};
  MPI_Allreduce(MPI_IN_PLACE, worst.data(), 2, MPI_DOUBLE, MPI_MAX, comm);
  const double need = worst[0];
  const double have = -worst[1];
  if (need <= have * 0.9) return;
  throw Error(Error::Kind::Unsupported,
              fmt::format("a {} search over {} ranks needs {} a rank ({} in all), {} on the "
                          "busiest machine, which has {}: spread the ranks over more machines",
                          format_shape(shape), ranks, gigabytes(rank_bytes),
                          gigabytes(rank_bytes * ranks), gigabytes(need), gigabytes(have)));
}

// The children of one round, queued by owner, then swapped in one all-to-all exchange.
class Exchange {
 public:
  Exchange(MPI_Comm comm, int ranks)
      : comm_(comm),
        queued_(static_cast<std::size_t>(ranks)),
        send_counts_(static_cast<std::size_t>(ranks)),
        recv_counts_(static_cast<std::size_t>(ranks)),
        send_at_(static_cast<std::size_t>(ranks)),
        recv_at_(static_cast<std::size_t>(ranks)) {}

  void queue(int owner, std::uint64_t state) {
    queued_[static_cast<std::size_t>(owner)].push_back(state);
  }

  // Sends every rank what was queued for it; returns what the others sent here.
  const std::vector<std::uint64_t>& swap() {
    send_.clear();
    for (std::size_t r = 0; r < queued_.size(); ++r) {
      send_at_[r] = static_cast<int>(send_.size());
      send_counts_[r] = static_cast<int>(queued_[r].size());
      send_.insert(send_.end(), queued_[r].begin(), queued_[r].end());
      queued_[r].clear();
    }
    sent_ += send_.size();
    MPI_Alltoall(send_counts_.data(), 1, MPI_INT, recv_counts_.data(), 1, MPI_INT, comm_);
    std::int64_t total = 0;
    for (std::size_t r = 0; r < recv_counts_.size(); ++r) {
      recv_at_[r] = static_cast<int>(total);
      total += recv_counts_[r];
    }
    if (total > INT_MAX) {  // MPI counts are ints: a round this large cannot be received
      std::fprintf(stderr,
                   "slidegif-mpi: a round's exchange is over 2^31 states: use a smaller "
                   "--round-states\n");
      MPI_Abort(comm_, 1);
    }
    received_.resize(static_cast<std::size_t>(total));
    MPI_Alltoallv(send_.data(), send_counts_.data(), send_at_.data(), MPI_UINT64_T,
                  received_.data(), recv_counts_.data(), recv_at_.data(), MPI_UINT64_T, comm_);
    return received_;
  }

  // States sent so far, and restarts the count.
  std::uint64_t take_sent() { return std::exchange(sent_, 0); }

 private:
  MPI_Comm comm_;
  std::vector<std::vector<std::uint64_t>> queued_;
  std::vector<std::uint64_t> send_, received_;
  std::vector<int> send_counts_, recv_counts_, send_at_, recv_at_;
  std::uint64_t sent_ = 0;
};

// The states of layer d, still open, gathered on rank 0 and sorted (elsewhere empty).
std::vector<std::uint64_t> gather_layer(MPI_Comm comm, detail::FrontierStore& block,
                                        std::uint64_t begin, int d) {
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  std::vector<std::uint64_t> mine;
  block.scan(0, block.words(), d, [&](std::uint64_t k) { mine.push_back(begin + k); });
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks));
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, comm);
  std::vector<int> at(static_cast<std::size_t>(ranks));
  int total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    at[r] = total;
    total += counts[r];
  }
  std::vector<std::uint64_t> all(rank == 0 ? static_cast<std::size_t>(total) : 0);
  MPI_Gatherv(mine.data(), count, MPI_UINT64_T, all.data(), counts.data(), at.data(), MPI_UINT64_T,
              0, comm);
  std::sort(all.begin(), all.end());
  return all;
}

}  // namespace

PartitionedSearch partitioned_search(const Board& goal, MPI_Comm comm,
                                     const PartitionedSearchOptions& options) {
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const detail::StateIndex index(goal);
  check_memory(goal.shape(), comm, ranks, options);
  MPI_Barrier(comm);
  const double started = MPI_Wtime();

  PartitionedSearch result;
  result.ranks = ranks;
  const std::uint64_t states = index.size();
  const Partition partition(states, ranks);
  const std::uint64_t block = partition.block();
  const std::uint64_t begin = partition.begin(rank);
  const std::uint64_t end = partition.end(rank);
  result.block_states = block;
  // Two bits a state: not reached, open (at an even or an odd distance), or expanded.
  detail::FrontierStore states_here(end - begin);
  if (index.goal_index() >= begin && index.goal_index() < end)
    states_here.set(index.goal_index() - begin, 0);
  result.histogram.push_back(1);

  // Every rank runs the same number of rounds a layer, so the exchanges pair up. A round
  // scans whole words of the store.
  constexpr std::uint64_t kPerWord = detail::FrontierStore::kPerWord;
  const std::uint64_t round =
      (round_states_for(block, options.round_states) + kPerWord - 1) / kPerWord;
  const std::uint64_t rounds = ((block + kPerWord - 1) / kPerWord + round - 1) / round;
  Exchange exchange(comm, ranks);
  std::uint64_t reached = 1;
  std::uint64_t children = 0;
  // Ends when every state is reached, the last layer left open for gather_layer.
  for (int d = 0; reached < states; ++d) {
    std::uint64_t fresh = 0;
    auto claim_here = [&](std::uint64_t j) {
      if (states_here.claim(j - begin, d + 1)) ++fresh;
    };
    auto claim = [&](std::uint64_t j) {
      ++children;
      if (j >= begin && j < end) {
        claim_here(j);
      } else {
        exchange.queue(partition.owner(j), j);
      }
    };
    for (std::uint64_t r = 0; r < rounds; ++r) {
      const std::uint64_t from = std::min(states_here.words(), r * round);
      const std::uint64_t to = std::min(states_here.words(), from + round);
      states_here.scan(from, to, d,
                       [&](std::uint64_t k) { expand_state(index, begin + k, claim); });
      for (const std::uint64_t j : exchange.swap()) claim_here(j);
    }
    result.rounds += rounds;
    const std::uint64_t layer = sum(comm, fresh);
    result.exchanged.push_back(sum(comm, exchange.take_sent()));
    if (layer == 0) break;
    result.histogram.push_back(layer);
    reached += layer;
    if (rank == 0 && options.progress)
      options.progress(static_cast<double>(reached) / static_cast<double>(states));
  }
  result.children = sum(comm, children);
  result.antipodes_listed = result.histogram.back() <= options.list_limit;
  if (result.antipodes_listed)
    result.antipodes = gather_layer(comm, states_here, begin, result.gods_number());
  result.seconds = MPI_Wtime() - started;
  return result;
}

}  // namespace slidegif::mpi
