#include "solve/pattern/multi_tile_pdb.hpp"

#include <algorithm>

#include "slidegif/error.hpp"
#include "solve/format.hpp"

namespace slidegif {

MultiTilePdb::MultiTilePdb(const Board& goal, Partition partition,
                           std::vector<std::span<const std::uint8_t>> tables, bool use_reflection)
    : goal_(goal), partition_(std::move(partition)), tables_(std::move(tables)) {
  const int n = goal.cells();
  if (n > kMaxBoardCells)
    throw Error(Error::Kind::BadInput,
                detail::format("multi-tile pattern databases serve boards of up to {} cells",
                               kMaxBoardCells));
  if (partition_.empty() || partition_.size() > kMaxTables)
    throw Error(Error::Kind::BadInput,
                detail::format("a multi-tile database has 1 to {} patterns", kMaxTables));
  if (tables_.size() != partition_.size())
    throw Error(Error::Kind::BadInput, "one table per pattern is needed");
  std::uint64_t covered = 0;
  for (std::size_t p = 0; p < partition_.size(); ++p) {
    check_pattern(goal, partition_[p]);
    if (partition_[p].size() + 1 > kMaxPatternTiles)
      throw Error(Error::Kind::BadInput, "a multi-tile pattern has at most 8 tiles");
    for (auto t : partition_[p]) {
      if ((covered >> t) & 1) throw Error(Error::Kind::BadInput, "patterns overlap");
      covered |= 1ULL << t;
    }
    const auto need = multi_tile_entries(n, static_cast<int>(partition_[p].size()));
    if (tables_[p].size() != need)
      throw Error(
          Error::Kind::BadInput,
          detail::format("pattern table {} has {} bytes, expected {}", p, tables_[p].size(), need));
  }
  // The board reflected about its main diagonal needs as many moves when the goal's blank is
  // on the diagonal: the reflection maps the goal onto itself, tiles relabelled.
  const int side = goal.rows();
  const int b = goal.blank();
  reflect_ = use_reflection && goal.rows() == goal.cols() && b / side == b % side;
  if (!reflect_) return;
  std::array<std::uint8_t, kMaxBoardCells> mirror{};  // tile -> tile
  for (int c = 0; c < n; ++c)
    transpose_[static_cast<std::size_t>(c)] =
        static_cast<std::uint8_t>((c % side) * side + c / side);
  for (int c = 0; c < n; ++c) mirror[goal.at(c)] = goal.at(transpose_[static_cast<std::size_t>(c)]);
  std::array<std::uint8_t, kMaxBoardCells> unmirror{};
  for (int t = 0; t < n; ++t)
    unmirror[mirror[static_cast<std::size_t>(t)]] = static_cast<std::uint8_t>(t);
  for (const Pattern& pat : partition_) {
    Pattern src;
    for (auto t : pat) src.push_back(unmirror[t]);
    mirror_source_.push_back(std::move(src));
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

}  // namespace slidegif
