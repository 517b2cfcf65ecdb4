#include "solve/table/optimal_paths.hpp"

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"

namespace slidegif::detail {
namespace {

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

// State indices ordered by distance (a counting sort), so each layer is done after the last.
std::vector<std::uint64_t> by_distance(const FullSearch& all) {
  std::vector<std::uint64_t> start(all.histogram.size() + 1, 0);
  for (std::size_t d = 0; d < all.histogram.size(); ++d) start[d + 1] = start[d] + all.histogram[d];
  std::vector<std::uint64_t> order(all.index.size());
  for (std::uint64_t i = 0; i < all.index.size(); ++i) order[start[all.distance[i]]++] = i;
  return order;
}

}  // namespace

OptimalPaths optimal_paths(const FullSearch& all) {
  if (all.distance.size() != all.index.size()) {
    throw Error(Error::Kind::BadInput, "optimal paths need a search with exact distances");
  }
  const StateIndex& index = all.index;
  const Domain domain(index.shape());
  OptimalPaths out{std::vector<std::uint8_t>(index.size(), 0),
                   std::vector<std::uint64_t>(index.size(), 0)};
  out.solutions[index.goal_index()] = 1;
  Position here;
  for (std::uint64_t s : by_distance(all)) {
    const int d = all.distance[s];
    if (d == 0) continue;
    here.blank = index.decode(s, here.tiles.data());
    std::uint64_t paths = 0;
    int closer = 0;
    for (const Operator op : domain.operators(here.blank)) {
      const Slide slide = here.apply(op);
      const std::uint64_t n = index.of(here.tiles.data(), here.blank);
      here.undo(slide);
      if (all.distance[n] != d - 1) continue;
      ++closer;
      paths = saturating_add(paths, out.solutions[n]);
    }
    out.first_moves[s] = static_cast<std::uint8_t>(closer);
    out.solutions[s] = paths;
  }
  return out;
}

}  // namespace slidegif::detail
