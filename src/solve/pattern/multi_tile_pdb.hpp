#pragma once
// Pattern databases in the multi-tile metric (Metric::MultiTile), for boards of up to 16 cells.
//
// Single-tile databases add up (pattern_database.hpp): a move slides one tile, so it is counted
// in one pattern only. A line move slides several tiles, often of several patterns, so sums
// would count it more than once. These tables are taken at their largest instead, which needs
// each to count every move: a table holds, for every placement of its tiles *and the blank*, the
// fewest line moves to bring them home, the other tiles indistinguishable but in the way.
// Where the blank is matters: it often takes a move to fetch it. On 4x4, the top rows' tiles
// 1-6, 7-12 and 13-15, each also looked up for the board reflected about its diagonal (as the
// single-tile databases do), average 23.8 moves on random boards where the walking distance
// gives 15.9, and the searches take thousands of times fewer nodes (docs/BENCHMARKS.md).
//
//   auto goal = Board::standard_goal({4, 4});
//   auto part = preset_partition("mtm", goal);
//   std::vector<std::vector<std::uint8_t>> tables;
//   for (auto& p : part) tables.push_back(build_multi_tile_table(goal, p, {}));
//   MultiTilePdb h(goal, part, {tables[0], tables[1], tables[2]});
//   IdaStar<MultiTilePdb, Metric::MultiTile> search(goal, h, limits);

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"
#include "solve/pattern/multi_tile_table.hpp"
#include "solve/pattern/pattern.hpp"

namespace slidegif::detail {

// A heuristic (heuristic.hpp) in the multi-tile metric: the largest of the tables' entries,
// and of the reflected board's. Views `tables`; they must outlive it.
class MultiTilePdb {
 public:
  static constexpr int kMaxTables = 4;
  static constexpr int kMaxBoardCells = 16;  // the multi-tile search's limit (kMaxOptimalCells)

  // Throws Error(BadInput) for more than kMaxTables patterns, a larger board, overlapping
  // patterns or a table of the wrong size.
  MultiTilePdb(const Board& goal, Partition partition,
               std::vector<std::span<const std::uint8_t>> tables, bool use_reflection = true);

  struct State {
    std::array<std::uint8_t, kMaxBoardCells> where;     // tile -> cell, the blank's at 0
    std::array<std::uint64_t, 2 * kMaxTables> pending;  // prepare() -> finish(): the entries
  };
  int estimate(const std::uint8_t* tiles, State& out) const;
  int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const;
  // update() in two halves (heuristic.hpp's SplitHeuristic): every table changes at every
  // step, since each holds the blank, so a node's children ask for all their entries first.
  void prepare(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const;
  int finish(const State& child) const;

  const Board& goal() const { return goal_; }
  const Partition& partition() const { return partition_; }
  bool reflects() const { return reflect_; }

 private:
  void rank_all(State& state) const;
  int read_all(const State& state) const;

  Board goal_;
  Partition partition_;
  std::vector<std::span<const std::uint8_t>> tables_;
  bool reflect_ = false;
  std::vector<std::uint8_t> transpose_;  // cell -> reflected cell
  Partition mirror_source_;              // [p][i]: the tile whose mirror image is partition_[p][i]
};

}  // namespace slidegif::detail
