#pragma once
// Additive disjoint pattern databases (Korf & Felner 2002) for boards of up to 64 cells.
//
// The tiles are split into disjoint patterns. A pattern's table holds, for every placement of
// its tiles, the fewest moves *of those tiles* that bring them home, the other tiles being
// indistinguishable and their moves free. Summing the tables over a partition stays
// admissible. Tables live in caller-provided memory (an mmap'ed file, a vector) and are only
// viewed here; the core does no file I/O.
//
// Entries are stored as 4-bit "excess over Manhattan": a pattern tile's move changes its
// Manhattan distance by exactly 1, so table value = Manhattan(pattern) + 2 * excess. Excess
// fits 4 bits on every pattern we ship; a larger excess is clamped, which stays admissible.
//
//   auto goal = Board::standard_goal({4, 4});
//   auto part = preset_partition("small", goal);
//   std::vector<std::vector<std::uint8_t>> tables;
//   for (auto& p : part) tables.push_back(build_pattern_table(goal, p, {}));
//   PdbHeuristic h(goal, part, {tables[0], tables[1], tables[2]});
//   IdaStar search(goal, h, limits);

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/domain.hpp"
#include "slidegif/manhattan.hpp"

namespace slidegif {

using Pattern = std::vector<std::uint8_t>;  // tile labels, in ranking order
using Partition = std::vector<Pattern>;

// Named partitions for 4x4, defined on goal *cells* so they follow any goal:
//   "small": 6-6-3 (about 6 MB, built in seconds), "large": 7-8 (about 290 MB).
// Throws Error(BadInput) for an unknown name or a shape that has no such preset.
Partition preset_partition(std::string_view name, const Board& goal);

// Placements of k tiles on `cells` cells: cells! / (cells - k)!.
std::uint64_t pattern_entries(int cells, int tiles);
// Bytes of a 4-bit table of that many entries.
inline std::uint64_t packed_bytes(std::uint64_t entries) {
  return (entries + 1) / 2;
}

// Index of a placement (cell of pattern tile i at cells[i]) in [0, pattern_entries).
std::uint64_t rank_placement(const std::uint8_t* cells, int tiles, int board_cells);

struct PdbBuildOptions {
  int threads = 0;                       // 0: std::thread::hardware_concurrency()
  std::function<void(double)> progress;  // fraction of placements reached, from one thread
};

struct PdbBuildStats {
  int max_value = 0;          // the largest table value (moves of pattern tiles)
  std::uint64_t clamped = 0;  // entries whose excess did not fit 4 bits
};

// Breadth-first search backwards from the goal placement over (placement, blank region):
// the blank walks freely through non-pattern cells, so one state covers a whole connected
// region and only pattern-tile moves cost. Returns the 4-bit packed table. Working memory is
// 4 bytes a placement when at most 8 cells are left free (2.1 GB for 4x4's 8-tile pattern),
// 8 bytes up to 16 free cells.
// Throws Error(BadInput) if the pattern is empty, has more than 9 tiles or names the blank.
std::vector<std::uint8_t> build_pattern_table(const Board& goal, const Pattern& pattern,
                                              const PdbBuildOptions& options,
                                              PdbBuildStats* stats = nullptr);

// The value of one entry of a packed table (the number of moves, not the excess), for tests.
int pattern_table_value(std::span<const std::uint8_t> packed, const Board& goal,
                        const Pattern& pattern, const std::uint8_t* cells);

// The sum of a partition's tables, maximised with the same sum on the board reflected about
// its main diagonal when the goal allows it (square board, goal blank on the diagonal): the
// reflected board needs exactly as many moves, so both sums are lower bounds.
// A heuristic (heuristic.hpp). Views `tables`; they must outlive it.
class PdbHeuristic {
 public:
  static constexpr int kMaxPatterns = 16;

  PdbHeuristic(const Board& goal, Partition partition,
               std::vector<std::span<const std::uint8_t>> tables, bool use_reflection = true);

  // heuristic.hpp's interface: a move looks up only the table holding the moved tile, and the
  // reflected table holding its mirror image.
  struct State {
    std::array<std::uint8_t, kMaxCells> where;  // tile -> cell
    std::array<std::uint8_t, kMaxPatterns> excess;
    std::array<std::uint8_t, kMaxPatterns> reflected;
    int manhattan;
    int excess_sum;
    int reflected_sum;
  };
  int estimate(const std::uint8_t* tiles, State& out) const;
  int update(const std::uint8_t* tiles, Slide slide, const State& parent, State& child) const;

  const Board& goal() const { return goal_; }
  const Partition& partition() const { return partition_; }
  bool reflects() const { return reflect_; }

 private:
  int lookup(std::size_t p, const std::uint8_t* where) const;
  int lookup_reflected(std::size_t p, const std::uint8_t* where) const;

  Board goal_;
  Partition partition_;
  std::vector<std::span<const std::uint8_t>> tables_;
  bool reflect_ = false;
  ManhattanTable manhattan_;              // of the tiles in some pattern
  std::vector<std::uint8_t> transpose_;   // cell -> reflected cell
  std::vector<std::uint8_t> mirror_;      // tile -> the tile whose goal cell is the reflection
  std::vector<std::uint8_t> pattern_of_;  // tile -> pattern index, or 0xFF
  Partition mirror_source_;               // [p][i]: the tile whose mirror is partition_[p][i]
};

// Solving start -> goal through a table built for another goal `base`: a symmetry of the board
// that takes goal's blank onto base's blank, then a relabelling of the tiles. Move counts are
// unchanged, so optimal stays optimal.
class GoalFraming {
 public:
  // std::nullopt-like: valid() is false when no symmetry lines the blanks up.
  GoalFraming(const Board& goal, const Board& base);
  bool valid() const { return valid_; }
  Board map_board(const Board& board) const;  // a board seen in base's frame
  // Moves found in base's frame, replayed from `start` in the original frame.
  std::vector<Move> unmap_moves(const Board& start, const std::vector<Move>& moves) const;

 private:
  bool valid_ = false;
  Shape shape_;
  std::vector<std::uint8_t> cell_;   // original cell -> base cell
  std::vector<std::uint8_t> label_;  // original tile -> base tile
};

}  // namespace slidegif
