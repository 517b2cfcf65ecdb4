// Pattern-database and near-optimal figures (a plain program, not Google Benchmark: one table
// per run).
//   pdb_bench build DIR SET          build a set into DIR, timed
//   pdb_bench korf DIR SET           Korf's 100 15-puzzles, optimal, with that set
//   pdb_bench korf24 SECONDS         Korf & Felner's 50 24-puzzles, near-optimal solver

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/pdb_store.hpp"
#include "instances.hpp"
#include "slidegif/near_optimal.hpp"
#include "slidegif/pdb_solve.hpp"
#include "slidegif/solver.hpp"

namespace {

using namespace slidegif;
using Clock = std::chrono::steady_clock;

using testing::Instance;
using testing::read_instances;

Board blank_first_goal(int side) {
  std::vector<std::uint8_t> t(static_cast<std::size_t>(side * side));
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<std::uint8_t>(i);
  return Board({side, side}, t);
}

double peak_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

int korf(const std::string& dir, const std::string& set) {
  const std::string path =
      (std::filesystem::path(dir) / app::pdb_file_name(Board::standard_goal({4, 4}), set)).string();
  std::string why;
  auto pdb = app::load_pdb_file(path, app::PdbVerify::Once, &why);
  if (!pdb) {
    fmt::print(stderr, "{}: {}\n", path, why);
    return 1;
  }
  const Board goal = blank_first_goal(4);
  std::vector<double> secs;
  std::uint64_t nodes = 0;
  int wrong = 0;
  for (const auto& inst : read_instances("korf100.txt")) {
    SolveOptions options;
    options.limits.max_seconds = 0;
    options.pdb = pdb->heuristic.get();
    const auto t0 = Clock::now();
    const Solution s = solve(Board({4, 4}, inst.tiles), goal, options);
    secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    nodes += s.stats.nodes;
    wrong += static_cast<int>(s.moves.size()) != inst.optimal || !s.optimal;
    fmt::print("{:3} {:3} moves (optimal {:3}) {:12} nodes {:8.3f} s\n", inst.id, s.moves.size(),
               inst.optimal, s.stats.nodes, secs.back());
  }
  double total = 0;
  for (double s : secs) total += s;
  fmt::print(
      "korf100 set={} load={:.4f}s total={:.2f}s median={:.4f}s nodes={} mean_nodes={} "
      "not_optimal={} peak_rss={:.0f}MB ({})\n",
      set, pdb->load_seconds, total, median(secs), nodes, nodes / secs.size(), wrong, peak_mb(),
      pdb_method_name(*pdb->heuristic));
  return wrong == 0 ? 0 : 1;
}

int korf24(double seconds) {
  const Board goal = blank_first_goal(5);
  std::vector<double> secs;
  double ratio = 0, worst_ratio = 0;
  int bad = 0;
  const auto instances = read_instances("korf24_50.txt");
  for (const auto& inst : instances) {
    const Board start({5, 5}, inst.tiles);
    NearOptimalOptions options;
    options.limits.max_seconds = seconds;
    const auto t0 = Clock::now();
    const Solution s = solve_near_optimal(start, goal, options);
    secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    Board end = start;
    end.apply_all(s.moves);
    bad += !(end == goal);
    const double r = static_cast<double>(s.moves.size()) / inst.optimal;
    ratio += r;
    worst_ratio = std::max(worst_ratio, r);
    fmt::print("{:3} {:4} moves (optimal {:3}) ratio {:.3f} {:6.3f} s  {}\n", inst.id,
               s.moves.size(), inst.optimal, r, secs.back(), s.method);
  }
  fmt::print(
      "korf24 budget={}s max={:.3f}s median={:.3f}s mean_ratio={:.3f} worst_ratio={:.3f} "
      "invalid={} peak_rss={:.0f}MB\n",
      seconds, *std::max_element(secs.begin(), secs.end()), median(secs),
      ratio / static_cast<double>(instances.size()), worst_ratio, bad, peak_mb());
  return bad == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "build" && argc == 4) {
    const auto t0 = Clock::now();
    const std::string path =
        app::build_pdb_file(argv[2], Board::standard_goal({4, 4}), argv[3], {});
    fmt::print("build set={} {:.1f}s {} peak_rss={:.0f}MB\n", argv[3],
               std::chrono::duration<double>(Clock::now() - t0).count(), path, peak_mb());
    return 0;
  }
  if (mode == "korf" && argc == 4) return korf(argv[2], argv[3]);
  if (mode == "korf24") return korf24(argc > 2 ? std::stod(argv[2]) : 1.5);
  fmt::print(stderr, "usage: pdb_bench build DIR SET | korf DIR SET | korf24 [SECONDS]\n");
  return 2;
}
