#pragma once
// The God's-eye breadth-first search (solve/table/full_search.hpp) over several processes, for
// state spaces one machine's memory cannot hold (3x5: 653.8 G states; 4x4: 10.5 T). Built on
// MPI: every rank owns one contiguous block of the StateIndex numbering, two bits a state
// (not reached, open or expanded: solve/table/distance_stores.hpp's FrontierStore). A layer is
// expanded in rounds; in each, every rank scans a slice of its block, keeps the children it owns,
// and sends the others to their owners in one all-to-all exchange, as Korf's disk-based searches
// partition their states (Korf 2008). Contiguous blocks keep a horizontal move's child (the next
// index) at home; a vertical move's child is anywhere.
//
//   MPI_Init(...);
//   PartitionedSearch all = partitioned_search(Board::standard_goal({3, 4}), MPI_COMM_WORLD);
//   all.histogram.size() - 1;   // God's number: 53, on every rank
//
// Collective: every rank of the communicator calls it with the same arguments.

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::mpi {

struct PartitionedSearchOptions {
  // States each rank scans between two exchanges: bounds the exchange buffers (at most four
  // children a state, 8 bytes each, sent and received) against the number of exchanges.
  std::uint64_t round_states = std::uint64_t{1} << 22;
  // The last layer's states are gathered (sorted) when it has at most this many.
  std::uint64_t list_limit = 4096;
  // Rank 0 only: the fraction of the space reached, after each layer.
  std::function<void(double)> progress{};
};

struct PartitionedSearch {
  std::vector<std::uint64_t> histogram;  // states at each distance, on every rank
  // Children sent to another rank at each layer's expansion (all ranks together): the
  // exchange volume, 8 bytes each.
  std::vector<std::uint64_t> exchanged;
  std::uint64_t children = 0;            // children generated, all ranks, all layers
  std::vector<std::uint64_t> antipodes;  // rank 0: the last layer's indices, if listed
  bool antipodes_listed = false;
  int ranks = 1;
  std::uint64_t block_states = 0;  // the states each rank owns (the last rank fewer)
  std::uint64_t rounds = 0;        // all-to-all exchanges in all
  double seconds = 0;              // MPI_Wtime, from the first allocation to the answer

  int gods_number() const { return static_cast<int>(histogram.size()) - 1; }
};

// Throws Error(Unsupported) on every rank, before allocating, when the ranks on one machine
// together would need more than its physical memory; Error(BadInput) for a board the state
// index does not number.
PartitionedSearch partitioned_search(const Board& goal, MPI_Comm comm,
                                     const PartitionedSearchOptions& options = {});

}  // namespace slidegif::mpi
