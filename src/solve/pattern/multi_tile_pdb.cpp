#include "solve/pattern/multi_tile_pdb.hpp"

#include <algorithm>

#include "slidegif/error.hpp"
#include "solve/pattern/diagonal_reflection.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {

MultiTilePdb::MultiTilePdb(const Board& goal, Partition partition,
                           std::vector<std::span<const std::uint8_t>> tables, bool use_reflection)
    : goal_(goal), partition_(std::move(partition)), tables_(std::move(tables)) {
  const int n = goal.cells();
  if (n > kMaxBoardCells)
    throw Error(Error::Kind::BadInput,
                detail::format("multi-tile pattern databases serve boards of up to {} cells",
                               kMaxBoardCells));
  if (partition_.empty())
    throw Error(Error::Kind::BadInput, "a multi-tile database needs a pattern");
  check_partition(goal, partition_, kMaxTables);
  if (tables_.size() != partition_.size())
    throw Error(Error::Kind::BadInput, "one table per pattern is needed");
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    if (partition_[p].size() + 1 > kMaxPatternTiles)
      throw Error(Error::Kind::BadInput, "a multi-tile pattern has at most 8 tiles");
    check_table_bytes(p, tables_[p].size(),
                      multi_tile_entries(n, static_cast<int>(partition_[p].size())));
  }
  if (!use_reflection) return;
  if (auto r = diagonal_reflection(goal, partition_)) {
    reflect_ = true;
    transpose_ = std::move(r->cell);
    mirror_source_ = std::move(r->sources);
  }
}

// Each table's entry index for the board `state.where` describes, then the reflected board's,
// prefetched.
void MultiTilePdb::rank_all(State& state) const {
  const int n = goal_.cells();
  const auto& where = state.where;
  std::array<std::uint8_t, kMaxPatternTiles> cells{};
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    const Pattern& pat = partition_[p];
    cells[0] = where[0];
    for (std::size_t i = 0; i < pat.size(); ++i) cells[i + 1] = where[pat[i]];
    const int k = static_cast<int>(pat.size()) + 1;
    state.pending[p] = rank_placement(cells.data(), k, n);
    __builtin_prefetch(tables_[p].data() + state.pending[p]);
    if (!reflect_) continue;
    const Pattern& src = mirror_source_[p];
    cells[0] = transpose_[where[0]];
    for (std::size_t i = 0; i < src.size(); ++i) cells[i + 1] = transpose_[where[src[i]]];
    state.pending[kMaxTables + p] = rank_placement(cells.data(), k, n);
    __builtin_prefetch(tables_[p].data() + state.pending[kMaxTables + p]);
  }
}

int MultiTilePdb::read_all(const State& state) const {
  int h = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    h = std::max<int>(h, tables_[p][state.pending[p]]);
    if (reflect_) h = std::max<int>(h, tables_[p][state.pending[kMaxTables + p]]);
  }
  return h;
}

int MultiTilePdb::estimate(const std::uint8_t* tiles, State& out) const {
  for (int c = 0; c < goal_.cells(); ++c) out.where[tiles[c]] = static_cast<std::uint8_t>(c);
  rank_all(out);
  return read_all(out);
}

void MultiTilePdb::prepare(const std::uint8_t* /*tiles*/, Slide slide, const State& parent,
                           State& child) const {
  child.where = parent.where;
  child.where[slide.tile] = slide.to;
  child.where[0] = slide.from;
  rank_all(child);
}

int MultiTilePdb::finish(const State& child) const {
  return read_all(child);
}

int MultiTilePdb::update(const std::uint8_t* tiles, Slide slide, const State& parent,
                         State& child) const {
  prepare(tiles, slide, parent, child);
  return finish(child);
}

}  // namespace slidegif::detail
