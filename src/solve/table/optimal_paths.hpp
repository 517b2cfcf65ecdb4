#pragma once
// For every state of an exact full search (DistanceStorage::Exact): how many optimal first
// moves it has (neighbours one step closer) and how many distinct optimal solutions (a dynamic
// programme over the layers: paths(goal) = 1, paths(s) = the sum of paths(n) over the
// neighbours n one step closer). 3x3's largest count fits 64 bits easily; counts saturate at
// UINT64_MAX rather than wrap.
//
//   const FullSearch all = full_search(goal, {.storage = DistanceStorage::Exact});
//   const OptimalPaths paths = optimal_paths(all);
//   paths.solutions[all.index.of(board)];

#include <cstdint>
#include <vector>

#include "solve/table/full_search.hpp"

namespace slidegif::detail {

struct OptimalPaths {
  std::vector<std::uint8_t> first_moves;  // by state index
  std::vector<std::uint64_t> solutions;   // by state index
};

// Throws Error(BadInput) for a search without exact distances.
OptimalPaths optimal_paths(const FullSearch& exact);

}  // namespace slidegif::detail
