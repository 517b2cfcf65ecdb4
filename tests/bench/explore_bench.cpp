// The god's-eye view (issue 11): a full 3x3 search (two bits and one byte a state), 3x3
// solving by descent of the table (random goals), and, with `pairs N`, N random 3x3
// start/goal lines for `slidegif solve --batch` (tests/bench/explore_bench.sh times those
// through the real binary, process start included).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "solve/board/random.hpp"
#include "solve/table/distance_table.hpp"
#include "solve/table_solve.hpp"

namespace {

using namespace slidegif;
using namespace slidegif::detail;  // a benchmark measures the internals

void full_search_3x3(benchmark::State& state, detail::DistanceStorage storage) {
  const Board goal = Board::standard_goal({3, 3});
  detail::FullSearchOptions options;
  options.storage = storage;
  options.threads = 1;
  for (auto _ : state) benchmark::DoNotOptimize(full_search(goal, options).histogram.size());
  state.counters["states/s"] = benchmark::Counter(
      181440.0 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
void BM_FullSearch3x3_TwoBits(benchmark::State& s) {
  full_search_3x3(s, detail::DistanceStorage::Mod3);
}
void BM_FullSearch3x3_Bytes(benchmark::State& s) {
  full_search_3x3(s, detail::DistanceStorage::Exact);
}

void BM_Descent3x3_RandomGoal(benchmark::State& state) {
  // The three tables the CLI keeps (blank in a corner, on an edge, in the centre).
  const detail::DistanceTable tables[] = {detail::DistanceTable::build(parse_board("123456780")),
                                          detail::DistanceTable::build(parse_board("123456708")),
                                          detail::DistanceTable::build(parse_board("123405678"))};
  Random rng(20261122);
  std::vector<std::pair<Board, Board>> pairs;
  for (int i = 0; i < 1000; ++i) {
    Board goal = random_board({3, 3}, rng);
    pairs.emplace_back(random_solvable_board(goal, rng), goal);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [start, goal] = pairs[i++ % pairs.size()];
    for (const detail::DistanceTable& t : tables) {
      if (auto s = solve_by_table(start, goal, t)) {
        benchmark::DoNotOptimize(s->moves.size());
        break;
      }
    }
  }
}

}  // namespace

BENCHMARK(BM_FullSearch3x3_TwoBits)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FullSearch3x3_Bytes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Descent3x3_RandomGoal)->Unit(benchmark::kMicrosecond);

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "pairs") == 0) {
    Random rng(20261123);
    for (int i = 0, n = std::stoi(argv[2]); i < n; ++i) {
      const Board goal = random_board({3, 3}, rng);
      const Board start = random_solvable_board(goal, rng);
      std::printf("%s %s\n", format_board(start).c_str(), format_board(goal).c_str());
    }
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
