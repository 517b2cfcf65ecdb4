// Pattern databases for the shapes other than 4x4 (a plain program, like pdb_bench).
//   shape_bench build DIR RxC [SET]            build the set (default: the first-use one), timed
//   shape_bench random DIR RxC N SECONDS       N random puzzles (seeds 1..N) solved with the
//                                              best set in DIR, each within SECONDS
// The times are wall clock in this process: the machine's load counts; say what it was.

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "app/data/pdb_store.hpp"
#include "slidegif/error.hpp"
#include "solve/board/random.hpp"
#include "solve/solver.hpp"

namespace {

using namespace slidegif;
using namespace slidegif::detail;  // a benchmark measures the internals
using Clock = std::chrono::steady_clock;

double peak_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

int build(const std::string& dir, Shape shape, std::string set) {
  const Board goal = Board::standard_goal(shape);
  if (set.empty()) set = std::string(app::first_use_set(shape));
  const auto t0 = Clock::now();
  const std::string path = app::build_pdb_file(dir, goal, set, {});
  fmt::print("build {} set={} {:.1f}s {} peak_rss={:.0f}MB\n", format_shape(shape), set,
             seconds_since(t0), path, peak_mb());
  return 0;
}

int random_puzzles(const std::string& dir, Shape shape, int n, double budget) {
  const Board goal = Board::standard_goal(shape);
  auto pdb = app::load_best_pdb(goal, dir, /*build_if_missing=*/false);
  if (!pdb) {
    fmt::print(stderr, "no pattern database for {} in {}\n", format_shape(shape), dir);
    return 1;
  }
  std::vector<double> secs;
  int optimal = 0, invalid = 0;
  for (int seed = 1; seed <= n; ++seed) {
    Random rng(static_cast<std::uint64_t>(seed));
    const Board start = random_solvable_board(goal, rng);
    SolveOptions options;
    options.max_seconds = budget;
    options.near_optimal_fallback = false;
    const auto t0 = Clock::now();
    Solution s;
    try {
      // No fallback: past the budget it throws.
      s = solve_by_search(start, goal, options, {}, pdb->heuristic.get());
    } catch (const Error& e) {
      secs.push_back(seconds_since(t0));
      fmt::print("{:4} not solved: {}\n", seed, e.what());
      continue;
    }
    secs.push_back(seconds_since(t0));
    Board end = start;
    end.apply_all(s.moves);
    invalid += !(end == goal);
    optimal += s.optimal;
    fmt::print("{:4} {:4} moves {:12} nodes {:8.3f} s\n", seed, s.moves.size(), s.stats.nodes,
               secs.back());
  }
  std::sort(secs.begin(), secs.end());
  fmt::print("{} n={} optimal={} invalid={} median={:.4f}s max={:.3f}s peak_rss={:.0f}MB ({})\n",
             format_shape(shape), n, optimal, invalid, secs[secs.size() / 2], secs.back(),
             peak_mb(), pdb->set);
  return invalid == 0 && optimal == n ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) try {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "build" && (argc == 4 || argc == 5))
    return build(argv[2], parse_shape(argv[3]), argc == 5 ? argv[4] : "");
  if (mode == "random" && argc == 6)
    return random_puzzles(argv[2], parse_shape(argv[3]), std::stoi(argv[4]), std::stod(argv[5]));
  fmt::print(stderr, "usage: shape_bench build DIR RxC [SET] | random DIR RxC N SECONDS\n");
  return 2;
} catch (const std::exception& e) {
  fmt::print(stderr, "shape_bench: {}\n", e.what());
  return 1;
}
