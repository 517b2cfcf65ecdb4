// 3x3 solve time over random start/goal pairs, next to the seeds' approach (a breadth-first
// search over the state space for every query) as the baseline.
#include <benchmark/benchmark.h>

#include <deque>
#include <unordered_map>
#include <vector>

#include "solve/board/random.hpp"
#include "solve/solver.hpp"

namespace {

using namespace slidegif;
using namespace slidegif::detail;  // a benchmark measures the internals

struct Pair {
  Board start;
  Board goal;
};

std::vector<Pair> random_pairs(int count, bool random_goal) {
  Random rng(20261122);
  std::vector<Pair> pairs;
  for (int i = 0; i < count; ++i) {
    Board goal = random_goal ? random_board({3, 3}, rng) : Board::standard_goal({3, 3});
    Board start = random_solvable_board(goal, rng);
    pairs.push_back({std::move(start), std::move(goal)});
  }
  return pairs;
}

void solve_pairs(benchmark::State& state, bool random_goal) {
  const auto pairs = random_pairs(1000, random_goal);
  std::size_t i = 0;
  std::uint64_t moves = 0;
  for (auto _ : state) {
    const auto& p = pairs[i++ % pairs.size()];
    const Solution s = solve(p.start, p.goal);
    moves += s.moves.size();
    benchmark::DoNotOptimize(s.moves.data());
  }
  state.counters["mean_moves"] =
      benchmark::Counter(static_cast<double>(moves) / static_cast<double>(state.iterations()));
}

void BM_Solve3x3_StandardGoal(benchmark::State& state) {
  solve_pairs(state, false);
}
void BM_Solve3x3_RandomGoal(benchmark::State& state) {
  solve_pairs(state, true);
}

void BM_Solve3x3_Hardest31(benchmark::State& state) {
  const Board start = parse_board("867254301");
  const Board goal = Board::standard_goal({3, 3});
  for (auto _ : state) benchmark::DoNotOptimize(solve(start, goal).moves.size());
}

// The baseline: breadth-first search from the start until the goal is dequeued, with a hash
// map of visited states (what the seed documents do per query).
std::uint64_t pack(const std::vector<std::uint8_t>& t) {
  std::uint64_t k = 0;
  for (auto x : t) k = k << 4 | x;
  return k;
}

int bfs_length(const Board& start, const Board& goal) {
  std::unordered_map<std::uint64_t, int> seen;
  std::deque<Board> queue{start};
  seen.emplace(pack(start.tiles()), 0);
  const std::uint64_t target = pack(goal.tiles());
  while (!queue.empty()) {
    Board b = std::move(queue.front());
    queue.pop_front();
    const int d = seen[pack(b.tiles())];
    if (pack(b.tiles()) == target) return d;
    for (Move m : kAllMoves) {
      if (!b.can_apply(m)) continue;
      Board n = b.after(m);
      if (seen.emplace(pack(n.tiles()), d + 1).second) queue.push_back(std::move(n));
    }
  }
  return -1;
}

void BM_Baseline_BfsPerQuery3x3(benchmark::State& state) {
  const auto pairs = random_pairs(50, true);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& p = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(bfs_length(p.start, p.goal));
  }
}

}  // namespace

BENCHMARK(BM_Solve3x3_StandardGoal)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Solve3x3_RandomGoal)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Solve3x3_Hardest31)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Baseline_BfsPerQuery3x3)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
