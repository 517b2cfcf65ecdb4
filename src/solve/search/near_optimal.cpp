#include "solve/search/near_optimal.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <span>
#include <string>

#include "slidegif/solvability.hpp"
#include "solve/board/goal_framing.hpp"
#include "solve/heuristic/manhattan_linear_conflict.hpp"
#include "solve/search/constructive.hpp"
#include "solve/search/cut_loops.hpp"
#include "solve/search/ida_star.hpp"
#include "solve/search/weighted_astar.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {
namespace {

using Clock = std::chrono::steady_clock;

// Reports progress (SearchLimits::progress) about twice a second: the time spent and the
// shortest answer so far. A named budget can be minutes; the user sees the answer improve.
class Reporter {
 public:
  Reporter(const SearchLimits& limits, Clock::time_point started)
      : progress_(limits.progress), started_(started) {}
  void operator()(std::size_t best_length) {
    if (!progress_) return;
    const auto now = Clock::now();
    if (now < next_) return;
    next_ = now + std::chrono::milliseconds(500);
    SearchStats stats;
    stats.seconds = std::chrono::duration<double>(now - started_).count();
    stats.best_length = static_cast<int>(best_length);
    progress_(stats);
  }

 private:
  const std::function<void(const SearchStats&)>& progress_;
  Clock::time_point started_;
  Clock::time_point next_ = started_ + std::chrono::milliseconds(500);
};

// Replaces stretches of the path by optimal ones: between the boards `window` moves apart, an
// IDA* towards the later board (short distances, so Manhattan + linear conflict is nearly
// exact and the search small). Windows overlap by half so improvements chain up.
std::vector<Move> shorten_by_windows(const Board& start, std::vector<Move> moves, int window,
                                     std::uint64_t max_nodes, Clock::time_point deadline,
                                     Reporter& report, std::size_t best_length,
                                     const std::atomic<bool>* stop) {
  std::size_t i = 0;
  Board here = start;
  while (i + 2 < moves.size() && Clock::now() < deadline && !stop_set(stop)) {
    report(std::min(best_length, moves.size()));
    const std::size_t j = std::min(moves.size(), i + static_cast<std::size_t>(window));
    Board target = here;
    for (std::size_t k = i; k < j; ++k) target.apply(moves[k]);
    const ManhattanLinearConflict h(target);
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    IdaStar search(target, h,
                   SearchLimits{.max_seconds = std::max(left, 1e-3),
                                .max_nodes = max_nodes,
                                .progress = {},
                                .stop = stop});
    auto better = search.run(here);
    if (better && better->size() < j - i) {
      moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(i),
                  moves.begin() + static_cast<std::ptrdiff_t>(j));
      moves.insert(moves.begin() + static_cast<std::ptrdiff_t>(i), better->begin(), better->end());
      continue;  // the same start again: the new stretch may join the next one better
    }
    const std::size_t step = std::max<std::size_t>(1, static_cast<std::size_t>(window) / 2);
    for (std::size_t k = i; k < std::min(moves.size(), i + step); ++k) here.apply(moves[k]);
    i += step;
  }
  return moves;
}

// The weighted searches' heuristic: pattern databases when given (start and goal then in
// their frame), else Manhattan + linear conflict.
struct Guide {
  const PdbHeuristic* pdb;
  ManhattanLinearConflict mlc;

  std::vector<Move> search(const Board& start, const Board& goal, double w, std::size_t bound,
                           std::uint64_t max_nodes, Clock::time_point deadline,
                           const std::function<bool()>& tick) const {
    if (pdb) return weighted_astar(start, goal, *pdb, w, bound, max_nodes, deadline, tick);
    return weighted_astar(start, goal, mlc, w, bound, max_nodes, deadline, tick);
  }
  std::string name() const {
    if (!pdb) return "Manhattan + linear conflict";
    std::string sizes;
    for (const auto& p : pdb->partition())
      sizes += detail::format("{}{}", sizes.empty() ? "" : "-", p.size());
    return detail::format("pattern databases {}", sizes);
  }
};

// Large weights answer fast and bound the later, tighter searches.
// Small steps below 2: on the 24-puzzle a search at 1.6 rarely ends within its node budget,
// while 1.8 and 1.7 often do and each success tightens the bound for the next one.
// 5 first so that even a hard start gets past the constructive answer.
constexpr double kWeights[] = {5.0, 3.0, 2.0, 1.8, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2};
// Pattern databases estimate closely enough that small weights end within the node budget.
constexpr double kPdbWeights[] = {2.0, 1.5, 1.4, 1.35, 1.3, 1.25, 1.2, 1.15, 1.1};

Solution near_optimal_in_frame(const Board& start, const Board& goal,
                               const NearOptimalOptions& options, const PdbHeuristic* pdb);

constexpr int kMaxWeightedCells = 64;

}  // namespace

Solution solve_near_optimal(const Board& start, const Board& goal,
                            const NearOptimalOptions& options) {
  if (const PdbHeuristic* pdb = options.pdb; pdb && pdb->goal().shape() == start.shape()) {
    // The tables serve their own goal: solve in its frame, replay the moves in ours.
    const GoalFraming framing(goal, pdb->goal());
    if (framing.valid()) {
      require_solvable(start, goal);
      Solution s = near_optimal_in_frame(framing.map_board(start), pdb->goal(), options, pdb);
      s.moves = framing.unmap_moves(start, s.moves);
      return s;
    }
  }
  return near_optimal_in_frame(start, goal, options, nullptr);
}

namespace {

Solution near_optimal_in_frame(const Board& start, const Board& goal,
                               const NearOptimalOptions& options, const PdbHeuristic* pdb) {
  const auto started = Clock::now();
  const double budget = options.limits.max_seconds > 0 ? options.limits.max_seconds : 1e9;
  const auto deadline =
      started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(budget));
  // Every answer found is a candidate: the shortest one before polishing is not always the
  // shortest after it.
  struct Candidate {
    std::vector<Move> moves;
    std::string method;
  };
  std::vector<Candidate> candidates{
      {solve_constructively(start, goal), start.cells() <= kMaxPairwiseCells
                                              ? "constructive (two tiles at a time)"
                                              : "constructive (a tile at a time)"}};

  const Guide guide{pdb, ManhattanLinearConflict(goal)};
  // Half the budget for the weighted searches, the rest to polish their answers.
  const auto search_deadline = started + (deadline - started) * (pdb ? 3 : 2) / 4;
  Reporter report(options.limits, started);
  const std::atomic<bool>* stop = options.limits.stop;
  auto stopped = [&options] { return options.limits.stopped(); };
  // Past 8x8 a weighted search does not end within its node budget (measured on 9x9 to 16x16):
  // the whole budget goes to polishing the constructive answer.
  const bool weighted = pdb || start.cells() <= kMaxWeightedCells;
  for (double w : pdb ? std::span<const double>(kPdbWeights) : std::span<const double>(kWeights)) {
    if (!weighted || Clock::now() > search_deadline || stopped()) break;
    report(candidates.back().moves.size());
    auto moves = guide.search(start, goal, w, candidates.back().moves.size(),
                              options.max_nodes_per_search, search_deadline, [&] {
                                report(candidates.back().moves.size());
                                return !stopped();
                              });
    // With pattern databases a search that ran out of nodes is followed by smaller weights
    // that would too: the time goes to polishing instead.
    if (moves.empty() && pdb) break;
    if (moves.empty()) continue;
    moves = cut_loops(start, moves);
    if (moves.size() < candidates.back().moves.size())
      candidates.push_back(
          {std::move(moves), detail::format("weighted A* (w = {}, {})", w, guide.name())});
  }
  // Polish the candidates with optimal windows, the shortest first, larger windows while time
  // remains; then pass over the best again with the largest windows until a pass gains nothing.
  Solution best;
  best.moves = candidates.back().moves;
  best.method = candidates.back().method;
  auto polish = [&](const Candidate& c, std::span<const int> windows) {
    std::vector<Move> moves = c.moves;
    for (int window : windows) {
      if (Clock::now() > deadline || stopped()) break;
      moves = shorten_by_windows(start, std::move(moves), window, 400'000, deadline, report,
                                 best.moves.size(), stop);
    }
    if (moves.size() < best.moves.size()) {
      best.moves = std::move(moves);
      best.method = c.method;
      if (c.method.find("windows") == std::string::npos)
        best.method += ", shortened by optimal windows";
    }
  };
  constexpr int kWindows[] = {16, 24, 32, 40, 48, 56, 64};
  for (auto c = candidates.rbegin();
       c != candidates.rend() && Clock::now() < deadline && !stopped(); ++c)
    polish(*c, kWindows);
  constexpr int kLargest[] = {64};
  for (std::size_t before = 0;
       before != best.moves.size() && Clock::now() < deadline && !stopped();) {
    before = best.moves.size();
    polish({best.moves, best.method}, kLargest);
  }
  best.optimal = false;
  best.stats.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return best;
}

}  // namespace
}  // namespace slidegif::detail
