#include "solve/pattern/rank_steps.hpp"

namespace slidegif::detail {

RankSteps::RankSteps(int cells, const Partition& partition, std::vector<std::uint8_t> view,
                     const std::vector<Place>& member)
    : cells_(cells), view_(std::move(view)) {
  const std::size_t places = partition.size() * kMaxPatternTiles;
  weight_.assign(places, 0);
  between_.assign(places * static_cast<std::size_t>(cells), 0);
  for (std::size_t p = 0; p < partition.size(); ++p) {
    const int k = static_cast<int>(partition[p].size());
    std::int64_t w = 1;
    for (int j = k - 1; j >= 0; --j) {
      weight_[p * kMaxPatternTiles + static_cast<std::size_t>(j)] = w;
      w *= cells - j;
    }
    // Tile t between a and b: an earlier tile of the pattern takes one from the moved tile's
    // r; a later one's own r moves by one the other way.
    for (int j = 0; j < k; ++j) {
      const auto pj = p * kMaxPatternTiles + static_cast<std::size_t>(j);
      for (std::size_t t = 0; t < member.size(); ++t) {
        if (member[t].pattern != p || member[t].index == j) continue;
        const int i = member[t].index;
        between_[pj * static_cast<std::size_t>(cells) + t] =
            i < j ? -weight_[pj] : weight_[p * kMaxPatternTiles + static_cast<std::size_t>(i)];
      }
    }
  }
}

}  // namespace slidegif::detail
