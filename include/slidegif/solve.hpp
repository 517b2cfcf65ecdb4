#pragma once
// Solving: the fewest blank moves from a start to a goal, within a budget.
//
//   slidegif::Board start = slidegif::parse_board("867254301");
//   slidegif::Solution s = slidegif::solve(start, slidegif::Board::standard_goal(start.shape()));
//   // s.moves.size() == 31, s.optimal == true
//
// A Solver keeps what makes repeated solves fast (the 3x3 distance table, the pattern databases
// and tables the command line built); the free solve() searches with neither.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/export.hpp"
#include "slidegif/puzzle.hpp"

namespace slidegif {

// How hard to search, as plain values (a request or a command line sets them).
struct SolveOptions {
  double max_seconds = 5.0;     // the whole solve's budget (wall clock); <= 0: none
  std::uint64_t max_nodes = 0;  // the optimal search's budget (nodes expanded); 0: none
  // Past the budget, and on boards too large for optimal search (over kMaxOptimalCells without
  // a pattern database), answer with the best solution found, marked not optimal, instead of
  // throwing Error(BudgetExceeded) or Error(Unsupported).
  bool near_optimal_fallback = true;
  double fallback_seconds = 2.0;  // the near-optimal search's share, at most (within max_seconds)
  bool use_pdb = true;            // use the Solver's pattern databases when it has them
  // Threads the optimal search may use (IDA*'s larger iterations split between them); the
  // answer is the same for any number.
  int threads = 1;
  // How moves are counted (board.hpp): the answer is the fewest in this metric. Multi-tile
  // answers are searched without the distance tables and pattern databases, which count single
  // moves; boards over kMaxOptimalCells get the near-optimal single-tile answer, not proven.
  Metric metric = Metric::SingleTile;
};

// Where a search is; handed to SolveControl::progress.
struct SearchStats {
  std::uint64_t nodes = 0;  // nodes expanded over all iterations
  int iterations = 0;       // IDA* thresholds tried
  int last_bound = 0;       // the last threshold searched: a lower bound on the moves
  int best_length = 0;      // the near-optimal search's shortest answer so far (0: none)
  double seconds = 0;
};

// Watching a solve and stopping it from another thread.
//
//   std::atomic<bool> stop{false};   // another thread sets it: stop = true
//   solver.solve(start, goal, {}, {.progress = show, .stop = &stop});
struct SolveControl {
  // Called about twice a second while a search runs, on the solving thread. May be empty.
  std::function<void(const SearchStats&)> progress;
  // When the flag it points to turns true, the solve ends soon with Error(Cancelled). Null:
  // no stop but the budget.
  const std::atomic<bool>* stop = nullptr;

  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
};

struct Solution {
  // From the start to the goal, named by where the blank goes, a step a letter in either
  // metric (count_moves() says how many moves that is).
  std::vector<Move> moves;
  bool optimal = false;  // proven fewest moves in its metric
  std::string method;    // e.g. "IDA* (Manhattan + linear conflict)"
  SearchStats stats;
  Metric metric = Metric::SingleTile;  // how its moves count (SolveOptions::metric)
};

// Largest board (in cells) searched optimally without a pattern database.
inline constexpr int kMaxOptimalCells = 16;
// A larger board (up to 16x16) is searched optimally when its Manhattan + linear conflict
// estimate is at most this: near its goal (a 10x10 50 moves out takes about half a second).
inline constexpr int kMaxProvableEstimate = 60;

// Solves by search alone (IDA* with Manhattan + linear conflict, the near-optimal search past
// it). Throws Error(Unsolvable) with the parity facts, Error(BadInput) for boards of different
// shapes, Error(BudgetExceeded) or Error(Unsupported) without the fallback, Error(Cancelled).
SLIDEGIF_API Solution solve(const Board& start, const Board& goal, const SolveOptions& options = {},
                            const SolveControl& control = {});

// A solver with the data that makes it fast: distance tables (3x3 built in memory in about
// 0.1 s on first use; larger ones `slidegif explore --save` wrote) and pattern databases
// (`slidegif pdb build`) found in a directory. It never builds a database or a large table:
// what is not there is searched without. Copies share the loaded data; safe to use from
// several threads.
class SLIDEGIF_API Solver {
 public:
  // No directory: the 3x3 table in memory, searches otherwise.
  Solver();
  // The databases and tables in `pdb_dir` (default_pdb_dir() for the command line's).
  explicit Solver(std::string pdb_dir);

  // Like slidegif::solve, answering from a table or with a pattern database where one serves.
  Solution solve(const Board& start, const Board& goal, const SolveOptions& options = {},
                 const SolveControl& control = {}) const;

  // Picks what `spec` leaves open (puzzle.hpp). A start at an exact distance (spec.moves) is
  // picked uniformly from a table where there is one, else found by search within
  // options.max_seconds. Throws Error(BadInput) for a spec it cannot meet, Error(Unsolvable).
  Puzzle random_puzzle(const PuzzleSpec& spec, const SolveOptions& options = {}) const;

  struct Data;  // the loaded tables and databases (opaque)

 private:
  std::shared_ptr<Data> data_;
};

// Where the command line keeps its databases: $SLIDEGIF_PDB_DIR, else
// $XDG_CACHE_HOME/slidegif, else ~/.cache/slidegif.
SLIDEGIF_API std::string default_pdb_dir();

// A random puzzle (Solver().random_puzzle(spec)).
SLIDEGIF_API Puzzle random_puzzle(const PuzzleSpec& spec);

}  // namespace slidegif
