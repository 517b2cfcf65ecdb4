#pragma once
// The classic searches that courses and the seed documents teach, for comparing them on one
// puzzle and for solving with one of them: breadth-first search over a perfect ranking of the
// states (the Lehmer code), bidirectional BFS, uniform-cost search, A*, IDA* and greedy
// best-first search, with the misplaced-tiles (Hamming), Manhattan and Manhattan + linear
// conflict estimates. Each is written once, over boards of up to 16 cells (problem.hpp).
//
//   ClassicResult r = run_classic({ClassicAlgorithm::AStar, ClassicHeuristic::Manhattan},
//                                 start, goal, {.max_seconds = 10});
//   // r.moves, r.expanded, r.generated, r.max_held, r.bytes, r.stopped
//
// The counts are exact and the same on every machine: successors are made in Move order (the
// blank up, down, left, right), never back along the move that reached a state, and every tie
// is broken the same way (ClassicAlgorithm says how). A state is *expanded* when its successors
// are made, and the goal is recognised when it is taken to be expanded (so BFS expands every
// state nearer than the answer, and those of the answer's layer taken before the goal);
// *generated* counts the successors made.

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "slidegif/board.hpp"

namespace slidegif::detail {

enum class ClassicAlgorithm {
  Bfs,               // layer by layer; FIFO within a layer; the goal test on expansion
  BidirectionalBfs,  // a full layer from the smaller side at a time, forward on a tie
  UniformCost,       // smallest g first, then the earliest generated
  AStar,             // smallest f = g + h first, then the largest g, then the earliest generated
  IdaStar,           // depth-first below a bound on f, the bound raised to the smallest f over it
  Greedy,            // smallest h first, then the earliest generated; a state is never reopened
};

enum class ClassicHeuristic { None, Misplaced, Manhattan, LinearConflict };

struct ClassicMethod {
  ClassicAlgorithm algorithm = ClassicAlgorithm::AStar;
  ClassicHeuristic heuristic = ClassicHeuristic::Manhattan;
};

// What one run may spend; the first limit reached ends it, said in ClassicResult::stopped.
struct ClassicLimits {
  double max_seconds = 10;
  std::uint64_t max_expanded = 50'000'000;
  std::uint64_t max_bytes = std::uint64_t{1} << 30;  // the states held, as counted in `bytes`
  const std::atomic<bool>* stop = nullptr;
};

struct ClassicResult {
  ClassicMethod method;
  bool solved = false;   // an answer was found (optimal or not: `optimal`)
  bool optimal = false;  // the algorithm guarantees the fewest moves (all but greedy)
  std::vector<Move> moves;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  // States expanded and then reached by a shorter way, so reopened (best-first searches): none
  // with a consistent estimate, which each of these is.
  std::uint64_t reopened = 0;
  std::uint64_t max_held = 0;  // the most states held at once (open and closed, or visited)
  std::uint64_t bytes = 0;     // their bytes at that moment, as the structures hold them
  double seconds = 0;
  std::string stopped;          // why it ended unsolved, in the user's terms; "" when solved
  std::vector<int> thresholds;  // IDA*: the bound of each iteration, in order
};

// One expansion, as an observer of a search sees it (explain: the search drawn as it runs).
struct ClassicStep {
  std::uint64_t number = 0;               // this expansion's, from 1 (ClassicResult::expanded)
  std::span<const std::uint8_t> tiles{};  // the state expanded, cell by cell (0: the blank)
  int g = 0;                 // moves from the start (bidirectional: from its side's root)
  int h = 0;                 // the estimate; 0 for the searches without one
  std::uint64_t open = 0;    // states generated and not yet expanded (IDA*: 0)
  std::uint64_t closed = 0;  // states expanded before this one (IDA*: in this pass)
  int bound = -1;            // IDA*: the pass's bound on f; -1 for the others
  bool backward = false;     // bidirectional BFS: a state of the goal's side
};

// Told of every expansion, in order, before its successors are made. The step's tiles are
// valid only during the call.
class ClassicObserver {
 public:
  virtual ~ClassicObserver() = default;
  virtual void expanding(const ClassicStep& step) = 0;
};

// The method's name ("bfs", "bibfs", "ucs", "astar-manhattan", "idastar-misplaced",
// "greedy-lc", ...) and the methods by name; every name the command line takes, in table order.
std::string classic_name(const ClassicMethod& method);
std::vector<ClassicMethod> all_classic_methods();
// "astar", "idastar" and "greedy" alone are the Manhattan ones. Throws Error(BadInput) for an
// unknown name, listing the known ones.
ClassicMethod parse_classic_method(std::string_view name);
// "Manhattan", "misplaced tiles", ... for a table's heuristic column ("-" for none).
std::string_view heuristic_label(ClassicHeuristic heuristic);

// Solves `start` to `goal` (boards of up to 16 cells; Error(Unsupported) otherwise, and
// Error(Unsolvable) with the parity facts). A run past its limits returns unsolved with
// `stopped` set; a breadth-first search whose visited table would not fit max_bytes is not
// started, and `stopped` says how many states it would need.
// `observer`, when given, is told of each expansion (the counts are the same without it).
ClassicResult run_classic(const ClassicMethod& method, const Board& start, const Board& goal,
                          const ClassicLimits& limits, ClassicObserver* observer = nullptr);

}  // namespace slidegif::detail
