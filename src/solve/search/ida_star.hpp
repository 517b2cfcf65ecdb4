#pragma once
// IDA* written once over the sliding-tile domain (domain.hpp) and any heuristic (heuristic.hpp).
// Operators are applied and undone in place on one Position. Paths that a duplicate-move
// automaton refuses (move_automaton.hpp: the move back to the parent, and every move string
// with a shorter or earlier equal) are never generated: each iteration still finds the first
// optimal path in move order, with a quarter to two fifths fewer nodes on the 15- and
// 24-puzzles.
//
//   ManhattanLinearConflict h(goal);
//   IdaStar search(goal, h, {.max_seconds = 5, .threads = 2});
//   if (auto moves = search.run(start)) { ... }  // optimal
//   else { search.stats().last_bound ... }        // budget ran out: a lower bound
//
// With several threads each iteration's tree is cut at a shallow depth into a few thousand
// subtrees, in depth-first order, which the threads take in turn (after Rao and Kumar's
// parallel IDA*). The answer is the one of the first subtree that has one - what one thread
// walking the whole tree finds first - so it does not depend on the threads.
//
// In the multi-tile metric (IdaStar<H, Metric::MultiTile>, with a heuristic that counts
// multi-tile moves) the tree is the same, step by step; a step the same way as the last costs
// nothing (the line move goes on), any other costs one. A node where the blank could go on
// that way may be a move nearer than its estimate says, so its f counts one less.

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstring>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/board/domain.hpp"
#include "solve/heuristic/heuristic.hpp"
#include "solve/search/built_in_automaton.hpp"
#include "solve/search/search_limits.hpp"

namespace slidegif::detail {

template <Heuristic H, Metric M = Metric::SingleTile>
class IdaStar {
 public:
  IdaStar(const Board& goal, const H& heuristic, SearchLimits limits)
      : IdaStar(goal, heuristic, std::move(limits),
                M == Metric::SingleTile ? &built_in_automaton() : nullptr) {}
  // `automaton`: the duplicate paths to refuse (nullptr: only the move back to the parent). In
  // the multi-tile metric none is used: a string it refuses may cost fewer line moves than its
  // shorter equal.
  IdaStar(const Board& goal, const H& heuristic, SearchLimits limits,
          const MoveAutomaton* automaton)
      : goal_(goal),
        domain_(goal.shape()),
        heuristic_(heuristic),
        limits_(std::move(limits)),
        automaton_(M == Metric::SingleTile ? automaton : nullptr) {}

  // The optimal move sequence, or std::nullopt when the budget ran out first.
  std::optional<std::vector<Move>> run(const Board& start);
  // A solution of `length` moves is known (found by another search): run() stops with
  // std::nullopt instead of searching a bound of `length` or more, and stats().last_bound
  // >= length then proves the known one optimal, without the last and largest iteration.
  void known_length(int length) { known_length_ = length; }
  const SearchStats& stats() const { return stats_; }
  // How many of the last run's iterations were shared between threads.
  int shared_iterations() const { return shared_iterations_; }

 private:
  static constexpr int kFound = -1;
  static constexpr int kOutOfBudget = -2;
  static constexpr int kAbandoned = -3;  // an earlier subtree has the answer
  static constexpr int kNoParent = 4;
  // An iteration is shared once the one before it expanded this many nodes (each is several
  // times larger than the last; sharing a small one costs more than it saves: Korf's 100,
  // 18,827 nodes each, took twice as long on two threads) and its bound is this deep. The tree
  // is cut where it has this many subtrees a thread: uneven as they are, the threads then end
  // close together.
  static constexpr std::uint64_t kParallelNodes = 100'000;
  static constexpr int kParallelBound = 20;
  static constexpr std::size_t kSubtreesPerThread = 512;

  class Walker;
  struct Iteration;

  int iterate(const Position& root, int bound, std::vector<Move>& found);
  // The deepest a path within `bound` goes (its estimates are never negative): the bound
  // itself, or in the multi-tile metric every move a whole line long.
  std::size_t max_depth(int bound) const {
    const int line = M == Metric::MultiTile ? std::max(goal_.rows(), goal_.cols()) - 1 : 1;
    return static_cast<std::size_t>(bound + 1) * static_cast<std::size_t>(line) + 2;
  }
  int iterate_parallel(const Position& root, int bound, std::vector<Move>& found);

  const Board& goal_;
  Domain domain_;
  const H& heuristic_;
  SearchLimits limits_;
  const MoveAutomaton* automaton_;  // none: only the move back is refused
  SearchStats stats_;
  std::chrono::steady_clock::time_point started_;
  int known_length_ = 0;  // 0: none
  int shared_iterations_ = 0;
  // Shared by the threads of an iteration: nodes counted so far (each adds its own in
  // batches), and whether the budget ran out.
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<bool> out_of_budget_{false};
  double next_progress_ = 0.5;
  typename H::State root_state_{};  // the heuristic's state of the run's start
  int root_estimate_ = 0;
};

// Details ---------------------------------------------------------------------------------

// What the threads of one iteration share: its bound, the subtrees' roots (as move sequences
// from the root, `depth` moves each, in depth-first order), the next one to take and the first
// with an answer.
template <Heuristic H, Metric M>
struct IdaStar<H, M>::Iteration {
  int bound = 0;
  int depth = 0;
  std::vector<Move> prefixes;  // subtree i: prefixes[i * depth, (i + 1) * depth)
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> first_found{SIZE_MAX};

  std::size_t subtrees() const {
    return depth == 0 ? 1 : prefixes.size() / static_cast<std::size_t>(depth);
  }
  std::span<const Move> prefix(std::size_t i) const {
    return {prefixes.data() + i * static_cast<std::size_t>(depth), static_cast<std::size_t>(depth)};
  }
};

// One thread's depth-first walk: a Position changed in place, the path to it, and the
// heuristic's state at each depth.
template <Heuristic H, Metric M>
class IdaStar<H, M>::Walker {
 public:
  Walker(IdaStar& ida, const Position& root, bool reports)
      : ida_(ida), root_(root), reports_(reports) {
    cells_ = static_cast<std::size_t>(ida.goal_.cells());
  }
  ~Walker() { flush(); }
  Walker(const Walker&) = delete;
  Walker& operator=(const Walker&) = delete;

  // Walks the subtree below the node `prefix` leads to: the smallest f past the bound in it,
  // kFound (the path to the goal in path()), kOutOfBudget or kAbandoned. `index`: the
  // subtree's place in the iteration (an answer in an earlier one abandons this walk).
  int walk(const Iteration& it, std::span<const Move> prefix, std::size_t index) {
    iteration_ = &it;
    index_ = index;
    const int h = descend(prefix, ida_.max_depth(it.bound));
    return search(cost(path_), h, came_from(), machine_, it.bound, states_[prefix.size()]);
  }
  const std::vector<Move>& path() const { return path_; }

  // The children of the node `prefix` leads to whose f is within the bound, appended to `out`
  // as prefixes (the node counted as expanded); returns the smallest f past the bound.
  int expand(int bound, std::span<const Move> prefix, std::vector<Move>& out) {
    descend(prefix, prefix.size() + 2);
    const int forbidden = came_from();
    ++nodes_;
    int next_bound = INT_MAX;
    const auto depth = prefix.size();
    const int g = cost(path_);
    for (const Operator op : ida_.domain_.operators(here_.blank)) {
      if (static_cast<int>(op.move) == forbidden || step(machine_, op.move) < 0) continue;
      const Slide slide = here_.apply(op);
      const int h =
          ida_.heuristic_.update(here_.tiles.data(), slide, states_[depth], states_[depth + 1]);
      const int f = g + step_cost(op.move, forbidden) + left(h, op.move);
      here_.undo(slide);
      if (f > bound) {
        next_bound = std::min(next_bound, f);
      } else {
        out.insert(out.end(), prefix.begin(), prefix.end());
        out.push_back(op.move);
      }
    }
    return next_bound;
  }

 private:
  // Puts the walk on the node `prefix` leads to from the root, with the path and the
  // heuristic's states (room for `depths`) as if it had walked there; returns its estimate.
  int descend(std::span<const Move> prefix, std::size_t depths) {
    here_ = root_;
    path_.clear();
    machine_ = MoveAutomaton::kStart;
    states_.resize(depths);
    children_.resize(depths);
    // The root's state is worked out once a run (run()): a zero-aware set's costs a walk.
    states_[0] = ida_.root_state_;
    int h = ida_.root_estimate_;
    for (const Move m : prefix) {
      const Slide slide = here_.apply(operator_for(m));
      const std::size_t g = path_.size();
      path_.push_back(m);
      machine_ = step(machine_, m);
      h = ida_.heuristic_.update(here_.tiles.data(), slide, states_[g], states_[g + 1]);
    }
    return h;
  }
  // The automaton's state after move m from `state`: MoveAutomaton::kRefused when the path
  // then ends in a duplicate string (without an automaton, always 0).
  int step(int state, Move m) const {
    return ida_.automaton_ ? ida_.automaton_->next(state, m) : 0;
  }
  // The move back to the parent, which is never generated (kNoParent at the root).
  int came_from() const {
    return path_.empty() ? kNoParent : static_cast<int>(opposite(path_.back()));
  }

  // What a step costs after the one `forbidden` undoes (kNoParent at the root): one, but in
  // the multi-tile metric nothing when it goes on the same way.
  static int step_cost(Move move, int forbidden) {
    if constexpr (M == Metric::MultiTile) return static_cast<int>(move) == (forbidden ^ 1) ? 0 : 1;
    return 1;
  }
  // The moves counted on a path from the root.
  static int cost(std::span<const Move> path) {
    int g = 0;
    for (std::size_t i = 0; i < path.size(); ++i)
      g += step_cost(path[i], i == 0 ? kNoParent : static_cast<int>(opposite(path[i - 1])));
    return g;
  }
  // The estimate's part of f after a step `last`: in the multi-tile metric the next step the
  // same way is free, so the moves left may be one fewer than `h` where the blank can go on.
  int left(int h, Move last) const {
    if constexpr (M == Metric::MultiTile) {
      if (h > 0 && neighbour(ida_.domain_.shape(), here_.blank, last) >= 0) return h - 1;
    }
    return h;
  }

  Operator operator_for(Move m) const {
    for (const Operator op : ida_.domain_.operators(here_.blank))
      if (op.move == m) return op;
    return {};  // not reached: prefixes hold legal moves
  }

  bool at_goal() const {
    return std::memcmp(here_.tiles.data(), ida_.goal_.tiles().data(), cells_) == 0;
  }

  // Adds this walker's uncounted nodes to the shared count.
  void flush() {
    ida_.nodes_.fetch_add(nodes_, std::memory_order_relaxed);
    nodes_ = 0;
  }

  bool stop() {
    if (ida_.limits_.max_nodes != 0 &&
        ida_.nodes_.load(std::memory_order_relaxed) + nodes_ >= ida_.limits_.max_nodes) {
      ida_.out_of_budget_ = true;
      return true;
    }
    // Reading the clock costs more than expanding a node, so look only every 4096 nodes.
    if ((nodes_ & 4095) != 0) return false;
    flush();
    if (ida_.out_of_budget_.load(std::memory_order_relaxed)) return true;
    if (iteration_ && iteration_->first_found.load(std::memory_order_relaxed) < index_) {
      abandoned_ = true;
      return true;
    }
    const auto spent = std::chrono::steady_clock::now() - ida_.started_;
    const double seconds = std::chrono::duration<double>(spent).count();
    if (reports_ && ida_.limits_.progress && seconds >= ida_.next_progress_) {
      SearchStats now = ida_.stats_;
      now.nodes = ida_.nodes_.load(std::memory_order_relaxed);
      now.seconds = seconds;
      ida_.limits_.progress(now);
      ida_.next_progress_ = seconds + 0.5;
    }
    if (ida_.limits_.stopped() ||
        (ida_.limits_.max_seconds > 0 && seconds > ida_.limits_.max_seconds)) {
      ida_.out_of_budget_ = true;
      return true;
    }
    return false;
  }

  // Walks below the node the walk is on, whose heuristic state is `state`.
  int search(int g, int h, int forbidden, int machine, int bound, const typename H::State& state) {
    const int f =
        g + (forbidden == kNoParent ? h : left(h, opposite(static_cast<Move>(forbidden))));
    if (f > bound) return f;
    if (h == 0 && at_goal()) return kFound;
    ++nodes_;
    if (stop()) return abandoned_ ? kAbandoned : kOutOfBudget;

    const auto depth = path_.size();
    const auto ops = ida_.domain_.operators(here_.blank);
    auto& children = children_[depth];
    std::array<int, 4> machines{};  // each child's automaton state
    for (std::size_t k = 0; k < ops.size(); ++k)
      machines[k] = static_cast<int>(ops[k].move) == forbidden ? MoveAutomaton::kRefused
                                                               : step(machine, ops[k].move);
    if constexpr (SplitHeuristic<H>) {
      // Every child's lookups are asked for before the first is read (heuristic.hpp).
      for (std::size_t k = 0; k < ops.size(); ++k) {
        if (machines[k] == MoveAutomaton::kRefused) continue;
        const Slide slide = here_.apply(ops[k]);
        ida_.heuristic_.prepare(here_.tiles.data(), slide, state, children[k]);
        here_.undo(slide);
      }
    }
    int next_bound = INT_MAX;
    for (std::size_t k = 0; k < ops.size(); ++k) {
      const Operator op = ops[k];
      if (machines[k] == MoveAutomaton::kRefused) continue;
      const Slide slide = here_.apply(op);
      path_.push_back(op.move);
      const int r =
          search(g + step_cost(op.move, forbidden), child_estimate(slide, state, children[k]),
                 static_cast<int>(opposite(op.move)), machines[k], bound, children[k]);
      if (r == kFound) return kFound;  // leave the path in place
      path_.pop_back();
      here_.undo(slide);
      if (r == kOutOfBudget || r == kAbandoned) return r;
      next_bound = std::min(next_bound, r);
    }
    return next_bound;
  }

  // The estimate of the child the walk has just stepped to: read where it was prepared,
  // else worked out whole.
  int child_estimate(Slide slide, const typename H::State& parent, typename H::State& child) {
    if constexpr (SplitHeuristic<H>) {
      return ida_.heuristic_.finish(child);
    } else {
      return ida_.heuristic_.update(here_.tiles.data(), slide, parent, child);
    }
  }

  IdaStar& ida_;
  const Position& root_;
  bool reports_;  // calls the progress callback (one thread does)
  std::size_t cells_ = 0;
  Position here_;  // the node being expanded
  std::vector<Move> path_;
  int machine_ = MoveAutomaton::kStart;    // the automaton's state at the end of path_ (descend)
  std::vector<typename H::State> states_;  // per depth, on the way down to a subtree's root
  std::vector<std::array<typename H::State, 4>> children_;  // per depth, below it
  std::uint64_t nodes_ = 0;  // expanded and not yet in the shared count
  const Iteration* iteration_ = nullptr;
  std::size_t index_ = 0;
  bool abandoned_ = false;
};

template <Heuristic H, Metric M>
std::optional<std::vector<Move>> IdaStar<H, M>::run(const Board& start) {
  started_ = std::chrono::steady_clock::now();
  stats_ = {};
  shared_iterations_ = 0;
  nodes_ = 0;
  out_of_budget_ = false;
  next_progress_ = 0.5;
  const Position root(start);
  root_estimate_ = heuristic_.estimate(root.tiles.data(), root_state_);
  int bound = root_estimate_;
  std::optional<std::vector<Move>> result;
  std::uint64_t last_nodes = 0;  // the last iteration's
  for (;;) {
    stats_.last_bound = bound;
    if (known_length_ > 0 && bound >= known_length_) break;
    ++stats_.iterations;
    std::vector<Move> found;
    const std::uint64_t before = nodes_.load();
    const bool shared =
        limits_.threads > 1 && bound >= kParallelBound && last_nodes >= kParallelNodes;
    const int next = shared ? iterate_parallel(root, bound, found) : iterate(root, bound, found);
    last_nodes = nodes_.load() - before;
    shared_iterations_ += shared ? 1 : 0;
    if (next == kFound) {
      result = std::move(found);
      break;
    }
    if (next == kOutOfBudget || next == INT_MAX) break;  // INT_MAX: nothing left (unsolvable)
    bound = next;
  }
  stats_.nodes = nodes_.load();
  stats_.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  return result;
}

// One thread walks the whole tree.
template <Heuristic H, Metric M>
int IdaStar<H, M>::iterate(const Position& root, int bound, std::vector<Move>& found) {
  Iteration it;
  it.bound = bound;
  Walker walker(*this, root, true);
  const int r = walker.walk(it, {}, 0);
  if (r == kFound) found = walker.path();
  return r;
}

template <Heuristic H, Metric M>
int IdaStar<H, M>::iterate_parallel(const Position& root, int bound, std::vector<Move>& found) {
  const auto threads = static_cast<std::size_t>(limits_.threads);
  Iteration it;
  it.bound = bound;
  int next_bound = INT_MAX;
  {
    // The frontier, a level at a time: each node's children in move order keep the whole in
    // depth-first order. Goals lie at depth `bound` only (the bound is the least f past the
    // last one), deeper than the frontier goes.
    Walker cutter(*this, root, false);
    std::vector<Move> level;
    while (it.subtrees() < kSubtreesPerThread * threads && it.depth + 2 < bound) {
      level.clear();
      for (std::size_t i = 0; i < it.subtrees(); ++i)
        next_bound = std::min(next_bound, cutter.expand(bound, it.prefix(i), level));
      it.prefixes.swap(level);
      ++it.depth;
      if (it.prefixes.empty()) return next_bound;
    }
  }
  std::vector<int> next(threads, INT_MAX);
  std::vector<int> ended(threads, INT_MAX);
  std::vector<std::vector<Move>> answers(threads);
  std::vector<std::size_t> answered(threads, SIZE_MAX);  // the subtree of answers[t]
  auto work = [&](std::size_t t) {
    Walker walker(*this, root, t == 0);
    for (;;) {
      const std::size_t i = it.next.fetch_add(1, std::memory_order_relaxed);
      if (i >= it.subtrees() || i > it.first_found.load(std::memory_order_relaxed)) return;
      const int r = walker.walk(it, it.prefix(i), i);
      if (r == kFound) {
        // Keep the answer of the earliest subtree; later ones stop (kAbandoned).
        std::size_t first = it.first_found.load();
        while (i < first && !it.first_found.compare_exchange_weak(first, i)) {
        }
        if (i < first) answers[t] = walker.path(), answered[t] = i;
      } else if (r == kOutOfBudget) {
        ended[t] = kOutOfBudget;
        return;
      } else if (r != kAbandoned) {
        next[t] = std::min(next[t], r);
      }
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();

  if (const std::size_t first = it.first_found.load(); first != SIZE_MAX) {
    // The thread that walked that subtree holds its answer (each thread takes subtrees in
    // order, so it kept its first).
    for (std::size_t t = 0; t < threads; ++t)
      if (answered[t] == first) found = std::move(answers[t]);
    return kFound;
  }
  for (std::size_t t = 0; t < threads; ++t) {
    if (ended[t] == kOutOfBudget) return kOutOfBudget;
    next_bound = std::min(next_bound, next[t]);
  }
  return next_bound;
}

}  // namespace slidegif::detail
