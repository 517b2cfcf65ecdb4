#pragma once
// Taylor and Korf's duplicate pruning ("Pruning duplicate nodes in depth-first search", 1993):
// a finite-state machine over the blank's moves that refuses every path containing a move
// string with the same effect as a shorter one, or as one of the same length earlier in move
// order (U < D < L < R). IDA* keeps, of all the paths to a node, only the first in that
// order, so each node is expanded about once per bound instead of once per path; refusing the
// move back to the parent is the machine's shortest case ("UD", "LR", ...).
//
//   const MoveAutomaton& automaton = built_in_automaton();  // or MoveAutomaton(10)
//   int state = MoveAutomaton::kStart;
//   for (Move m : path) {
//     state = automaton.next(state, m);
//     if (state == MoveAutomaton::kRefused) ... // a path nobody needs
//   }
//
// The strings are found on an unbounded board. One is refused only when its equal lies within
// the same rows and columns it spans, so wherever it fits on a real board, its equal fits too:
// the machine holds on every board shape, and the first optimal path in move order - the one
// IDA* answers with - is never refused (replacing a refused string in it would give an earlier
// or shorter path to the same goal).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

class MoveAutomaton {
 public:
  static constexpr int kStart = 0;
  static constexpr int kRefused = -1;

  // The machine refusing the duplicate strings of up to `max_length` moves (2 to 15). The work
  // grows about tenfold every two moves: 10 takes 0.05 s, 14 about 5 s and 0.4 GB, which is
  // why the solver's is built with the program (built_in_automaton.hpp).
  explicit MoveAutomaton(int max_length);
  // The machine `bytes()` gave. Throws Error(BadInput) when they are not one.
  static MoveAutomaton from_bytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> bytes() const;

  // The state after move m from `state`, or kRefused when the path now ends in a duplicate.
  int next(int state, Move m) const {
    return next_[static_cast<std::size_t>(state) * 4 + static_cast<std::size_t>(m)];
  }
  int max_length() const { return max_length_; }
  std::size_t states() const { return next_.size() / 4; }
  std::size_t refused_strings() const { return refused_; }

 private:
  MoveAutomaton() = default;

  std::vector<std::int32_t> next_;  // 4 a state, in Move order
  int max_length_ = 0;
  std::size_t refused_ = 0;
};

}  // namespace slidegif::detail
