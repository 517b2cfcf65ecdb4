// The duplicate-move automaton, against breadth-first search on real boards: the first shortest
// path to every board (the one IDA* answers with) is never refused, corners and edges included,
// and many others are. The built-in one is the one the builder finds.
#include "solve/search/move_automaton.hpp"

#include <gtest/gtest.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"
#include "solve/search/built_in_automaton.hpp"

namespace slidegif::detail {
namespace {

// Every path of exactly `depth` moves from `start` (none undoing the one before), in move
// order, shortest first over the calls: a board not seen before is reached first by the path
// IDA* keeps. Counts the paths and the ones the automaton refuses somewhere along the way.
class PathCensus {
 public:
  PathCensus(Shape shape, int blank, const MoveAutomaton& automaton)
      : domain_(shape), automaton_(automaton) {
    for (int i = 0; i < shape.cells(); ++i)
      here_.tiles[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i + 1);
    here_.tiles[static_cast<std::size_t>(blank)] = 0;
    here_.blank = blank;
    cells_ = static_cast<std::size_t>(shape.cells());
  }

  void walk(int depth) { walk(depth, MoveAutomaton::kStart, 4); }

  std::size_t first_paths_refused = 0;
  std::size_t paths = 0;
  std::size_t refused = 0;

 private:
  void walk(int left, int state, int back) {
    if (left == 0) {
      ++paths;
      refused += state == MoveAutomaton::kRefused;
      const auto inserted =
          seen_.emplace(reinterpret_cast<const char*>(here_.tiles.data()), cells_).second;
      if (inserted && state == MoveAutomaton::kRefused) ++first_paths_refused;
      return;
    }
    for (const Operator op : domain_.operators(here_.blank)) {
      if (static_cast<int>(op.move) == back) continue;
      const Slide slide = here_.apply(op);
      const int next = state == MoveAutomaton::kRefused ? state : automaton_.next(state, op.move);
      walk(left - 1, next, static_cast<int>(opposite(op.move)));
      here_.undo(slide);
    }
  }

  Domain domain_;
  const MoveAutomaton& automaton_;
  Position here_;
  std::size_t cells_ = 0;
  std::unordered_set<std::string> seen_;
};

TEST(MoveAutomaton, NeverRefusesTheFirstShortestPathToABoard) {
  const MoveAutomaton& automaton = built_in_automaton();
  struct Case {
    Shape shape;
    int blank;
  };
  // A corner, an edge and an inner cell; a board narrower than the strings are long. Paths
  // of up to 14 moves: longer than the built-in one's strings, so they meet in all ways.
  for (const Case c : {Case{{4, 4}, 0}, Case{{4, 4}, 6}, Case{{3, 5}, 2}, Case{{2, 6}, 1}}) {
    PathCensus census(c.shape, c.blank, automaton);
    for (int depth = 0; depth <= 14; ++depth) census.walk(depth);
    EXPECT_EQ(census.first_paths_refused, 0u) << c.shape.rows << "x" << c.shape.cols;
    // And it does refuse: more than a fifth of the paths (27-35 % of these).
    EXPECT_GT(census.refused * 5, census.paths) << c.shape.rows << "x" << c.shape.cols;
  }
}

TEST(MoveAutomaton, TheBuiltInOneIsTheOneFoundNow) {
  const MoveAutomaton& built_in = built_in_automaton();
  const MoveAutomaton found(built_in.max_length());
  EXPECT_EQ(built_in.bytes(), found.bytes());
  EXPECT_EQ(built_in.max_length(), 12);
  // The shortest refused strings: each move undone.
  for (const Move m : kAllMoves)
    EXPECT_EQ(found.next(found.next(MoveAutomaton::kStart, m), opposite(m)),
              MoveAutomaton::kRefused);
}

TEST(MoveAutomaton, LongerStringsRefuseMore) {
  const MoveAutomaton shorter(6);
  const MoveAutomaton longer(10);
  EXPECT_LT(shorter.refused_strings(), longer.refused_strings());
  PathCensus a({5, 5}, 12, shorter);
  PathCensus b({5, 5}, 12, longer);
  for (int depth = 0; depth <= 10; ++depth) {
    a.walk(depth);
    b.walk(depth);
  }
  EXPECT_LT(a.refused, b.refused);
  EXPECT_EQ(a.first_paths_refused + b.first_paths_refused, 0u);
}

TEST(MoveAutomaton, BytesReadBackAndDamageIsRefused) {
  const MoveAutomaton a(8);
  const std::vector<std::uint8_t> bytes = a.bytes();
  const MoveAutomaton b = MoveAutomaton::from_bytes(bytes);
  EXPECT_EQ(b.bytes(), bytes);
  EXPECT_EQ(b.states(), a.states());
  EXPECT_EQ(b.refused_strings(), a.refused_strings());

  std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 4);
  EXPECT_THROW(MoveAutomaton::from_bytes(cut), Error);
  EXPECT_THROW(MoveAutomaton::from_bytes({}), Error);
  std::vector<std::uint8_t> wrong = bytes;
  wrong.back() = 0x7f;  // a transition to a state past the last
  EXPECT_THROW(MoveAutomaton::from_bytes(wrong), Error);
  EXPECT_THROW(MoveAutomaton(1), Error);
  EXPECT_THROW(MoveAutomaton(16), Error);
}

}  // namespace
}  // namespace slidegif::detail
