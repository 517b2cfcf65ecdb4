#pragma once
// A dense numbering of every state reachable from a goal: 0 .. N!/2 - 1 for a board of N
// cells, the index of the full breadth-first search and of the distance tables.
//
// A state is read as the blank's cell b and the sequence q of the other tiles in row-major
// order, the blank skipped. Its index is rank(q[0..N-4]) * N + b, where rank is
// rank_placement() over the first N-3 entries of q (a partial permutation of the N-1 tiles).
// The last two entries are not ranked: swapping them flips the permutation's parity, and
// exactly one of their two orders is reachable (solvability.hpp's parity rule). So the index
// covers the reachable half densely, with nothing wasted. Why this order: a horizontal move
// leaves q alone and changes the index by exactly 1, and a vertical move only rotates a
// window of `cols` entries of q, which the search updates in a few steps.
//
//   const StateIndex index(goal);
//   const std::uint64_t i = index.of(board);   // board reachable from goal
//   const Board again = index.board(i);        // == board

#include <cstdint>
#include <string>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

// The largest board the index numbers: the 15-puzzle, 10.5 T states (N!/2 fits 64 bits up to
// 20 cells; a full search of more than 14 cells needs several machines: src/mpi).
inline constexpr int kMaxIndexCells = 16;

// N!/2 for a shape of N cells, exactly while it fits 64 bits (up to 20 cells).
std::uint64_t reachable_states(Shape shape);
// The same as text for any shape: "181,440" or, past 64 bits, "7.8e+24".
std::string reachable_states_text(Shape shape);

class StateIndex {
 public:
  // Throws Error(Unsupported) for boards over kMaxIndexCells cells.
  explicit StateIndex(const Board& goal);

  Shape shape() const { return shape_; }
  int cells() const { return n_; }
  std::uint64_t size() const { return size_; }  // N!/2
  std::uint64_t goal_index() const { return goal_index_; }

  // The index of a state given as tiles by cell (blank 0 at `blank`); the state must be
  // reachable from the goal (the caller checks solvability), or the answer is another state's.
  // Hidden said again: SLIDEGIF_PDB_CLONES (pattern.hpp) exports its dispatcher otherwise.
  __attribute__((visibility("hidden"))) std::uint64_t of(const std::uint8_t* tiles,
                                                         int blank) const;
  std::uint64_t of(const Board& board) const;
  // Tiles by cell of state `index` (< size()) into tiles[0..N); returns the blank's cell.
  int decode(std::uint64_t index, std::uint8_t* tiles) const;
  Board board(std::uint64_t index) const;

  // Which order of the last two sequence entries is reachable with the blank on `cell`:
  // the permutation parity (inversions mod 2) every reachable sequence has there.
  int parity_for_blank(int cell) const { return parity_[static_cast<std::size_t>(cell)]; }

 private:
  Shape shape_;
  int n_ = 0;
  std::uint64_t size_ = 0;
  std::uint64_t goal_index_ = 0;
  std::vector<std::uint8_t> parity_;  // by blank cell
};

}  // namespace slidegif::detail
