// Pattern-database and near-optimal figures (a plain program, not Google Benchmark: one table
// per run).
//   pdb_bench build DIR SET          build a set into DIR, timed
//   pdb_bench korf DIR SET [THREADS] Korf's 100 15-puzzles, optimal, with that set, each
//                                    search on THREADS threads (default 1)
//   pdb_bench korf80 DIR SET [THREADS]
//                                    the 17 15-puzzles 80 moves from the goal, the same way
//   pdb_bench build24 DIR SET        build a 5x5 set into DIR, timed
//   pdb_bench korf24 SECONDS [DIR [ID...]] [--threads=N]
//                                    Korf & Felner's 50 24-puzzles (or those IDs) through
//                                    solve(), with the best 5x5 set of DIR if given, each
//                                    search on N threads (default 1)
//   pdb_bench korf24-gaps DIR         their optimum minus the first estimate, easiest first
//   pdb_bench mtm DIR|'' THREADS SECONDS korf80|random N
//                                    multi-tile answers of the 17 hardest 15-puzzles (or N
//                                    random ones, seeds 1..N) with DIR's mtm set, or with the
//                                    walking distance ('' for DIR), each within SECONDS
//   pdb_bench mtm-estimates DIR N     the mtm set's and the walking distance's estimates,
//                                    averaged over N random 4x4 boards
//   pdb_bench wd-tables               the walking distance's tables built for each board
//                                    that has them (once per goal in a solve), timed
//   pdb_bench dual-check RxC PATTERN...
//                                    every state of a board of up to 12 cells against its
//                                    BFS distance: does the partition's dual lookup ever
//                                    overestimate? (patterns as "1,2,3,4")

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>

#include "app/data/pdb_store.hpp"
#include "instances.hpp"
#include "slidegif/solvability.hpp"
#include "solve/board/goal_framing.hpp"
#include "solve/board/random.hpp"
#include "solve/heuristic/heuristic.hpp"
#include "solve/heuristic/walking_distance.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/pattern/pattern_database.hpp"
#include "solve/pdb_solve.hpp"
#include "solve/solver.hpp"
#include "solve/table/full_search.hpp"

namespace {

using namespace slidegif;
using namespace slidegif::detail;  // a benchmark measures the internals
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

// Korf's 100 (korf100.txt, blank-first goal) or the 17 hardest (korf80_blanklast.txt, the
// standard goal), each solved optimally and checked against its published length.
int korf(const std::string& dir, const std::string& set, bool hardest, int threads) {
  const std::string path =
      (std::filesystem::path(dir) / app::pdb_file_name(Board::standard_goal({4, 4}), set)).string();
  std::string why;
  auto pdb = app::load_pdb_file(path, app::PdbVerify::Once, &why);
  if (!pdb) {
    fmt::print(stderr, "{}: {}\n", path, why);
    return 1;
  }
  const Board goal = hardest ? Board::standard_goal({4, 4}) : blank_first_goal(4);
  std::vector<double> secs;
  std::uint64_t nodes = 0;
  int wrong = 0;
  for (const auto& inst : read_instances(hardest ? "korf80_blanklast.txt" : "korf100.txt")) {
    SolveOptions options;
    options.max_seconds = 0;
    options.threads = threads;
    const auto t0 = Clock::now();
    const Solution s =
        solve_by_search(Board({4, 4}, inst.tiles), goal, options, {}, pdb->heuristic.get());
    secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    nodes += s.stats.nodes;
    wrong += static_cast<int>(s.moves.size()) != inst.optimal || !s.optimal;
    fmt::print("{:3} {:3} moves (optimal {:3}) {:12} nodes {:8.3f} s {:6.2f} M nodes/s\n", inst.id,
               s.moves.size(), inst.optimal, s.stats.nodes, secs.back(),
               static_cast<double>(s.stats.nodes) / secs.back() / 1e6);
  }
  double total = 0;
  for (double s : secs) total += s;
  fmt::print(
      "{} set={} threads={} load={:.4f}s total={:.2f}s median={:.4f}s max={:.3f}s nodes={} "
      "mean_nodes={} "
      "not_optimal={} peak_rss={:.0f}MB ({})\n",
      hardest ? "korf80" : "korf100", set, threads, pdb->load_seconds, total, median(secs),
      *std::max_element(secs.begin(), secs.end()), nodes, nodes / secs.size(), wrong, peak_mb(),
      pdb_method_name(*pdb->heuristic));
  return wrong == 0 ? 0 : 1;
}

// The best 5x5 set in `dir` (zero-aware, else large), as `slidegif solve` picks it.
std::optional<app::LoadedPdb> load_5x5(const std::string& dir) {
  auto pdb = app::load_best_pdb(Board::standard_goal({5, 5}), dir, false,
                                [](const std::string& note) { fmt::print(stderr, "{}\n", note); });
  if (!pdb || !pdb->heuristic)
    fmt::print(stderr, "no 5x5 pattern database in {} (slidegif pdb build --size 5x5)\n", dir);
  else
    fmt::print(stderr, "5x5 set: {} ({})\n", pdb->set, pdb->path);
  return pdb && pdb->heuristic ? std::move(pdb) : std::nullopt;
}

// Per instance the heuristic's first estimate and its gap to the optimum, easiest first: IDA*'s
// work grows about tenfold per 2 moves of gap, so these say which instances a budget can prove.
int korf24_gaps(const std::string& dir) {
  const auto pdb = load_5x5(dir);
  if (!pdb) return 1;
  const detail::GoalFraming framing(blank_first_goal(5), pdb->heuristic->goal());
  std::vector<std::pair<int, int>> gaps;  // (gap, id)
  for (const auto& inst : read_instances("korf24_50.txt")) {
    const Board start = framing.map_board(Board({5, 5}, inst.tiles));
    const int h = estimate_once(*pdb->heuristic, start.tiles().data());
    gaps.emplace_back(inst.optimal - h, inst.id);
    fmt::print("{:3} optimal {:3} h {:3} gap {:2}\n", inst.id, inst.optimal, h, inst.optimal - h);
  }
  std::sort(gaps.begin(), gaps.end());
  std::string order;
  for (auto [gap, id] : gaps) order += fmt::format(" {}", id);
  fmt::print("easiest first:{}\n", order);
  return 0;
}

// Korf & Felner's 50 24-puzzles through solve() as the command line does (budget = the
// near-optimal search's, then IDA* with the rest), with the 5x5 set in `dir` if given; `ids`
// picks instances (empty: all). Every answer is replayed; "optimal" must match the paper.
int korf24(double seconds, const std::string& dir, const std::vector<int>& ids, int threads) {
  const Board goal = blank_first_goal(5);
  std::optional<app::LoadedPdb> pdb;
  if (!dir.empty() && !(pdb = load_5x5(dir))) return 1;
  std::vector<double> secs;
  double ratio = 0, worst_ratio = 0;
  int bad = 0, proven = 0, runs = 0;
  for (const auto& inst : read_instances("korf24_50.txt")) {
    if (!ids.empty() && std::find(ids.begin(), ids.end(), inst.id) == ids.end()) continue;
    const Board start({5, 5}, inst.tiles);
    SolveOptions options;
    options.max_seconds = seconds;
    options.near_optimal_fallback = true;
    options.fallback_seconds = seconds;
    options.threads = threads;
    const auto t0 = Clock::now();
    const Solution s =
        solve_by_search(start, goal, options, {}, pdb ? pdb->heuristic.get() : nullptr);
    secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    Board end = start;
    end.apply_all(s.moves);
    const int length = static_cast<int>(s.moves.size());
    // An answer shorter than the published optimum, or "optimal" at another length, is wrong.
    bad += !(end == goal) || length < inst.optimal || (s.optimal && length != inst.optimal);
    proven += s.optimal;
    ++runs;
    const double r = static_cast<double>(length) / inst.optimal;
    ratio += r;
    worst_ratio = std::max(worst_ratio, r);
    fmt::print(
        "{:3} {:4} moves (optimal {:3}) ratio {:.3f} {:8.3f} s {} {:13} nodes, bound {:3}  {}\n",
        inst.id, length, inst.optimal, r, secs.back(), s.optimal ? "proven" : "      ",
        s.stats.nodes, s.stats.last_bound, s.method);
    std::fflush(stdout);
  }
  fmt::print(
      "korf24 budget={}s threads={} pdb={} runs={} max={:.3f}s median={:.3f}s mean_ratio={:.3f} "
      "worst_ratio={:.3f} proven_optimal={} invalid={} peak_rss={:.0f}MB\n",
      seconds, threads, pdb ? "6-6-6-6" : "none", runs, *std::max_element(secs.begin(), secs.end()),
      median(secs), ratio / runs, worst_ratio, proven, bad, peak_mb());
  return bad == 0 ? 0 : 1;
}

// Multi-tile answers with the mtm set in `dir` (or the walking distance without), each search
// within `seconds` and no fallback: how many are proven, their nodes and times. `n`: random
// boards (seeds 1..n), else the 17 hardest single-tile ones.
int multi_tile(const std::string& dir, int threads, double seconds, int n) {
  const Board goal = Board::standard_goal({4, 4});
  std::optional<app::LoadedPdb> pdb;
  if (!dir.empty()) {
    std::string why;
    const std::string path =
        (std::filesystem::path(dir) / app::pdb_file_name(goal, detail::kMultiTileSet)).string();
    if (!(pdb = app::load_pdb_file(path, app::PdbVerify::Once, &why))) {
      fmt::print(stderr, "{}: {}\n", path, why);
      return 1;
    }
  }
  std::vector<std::pair<int, Board>> starts;
  if (n > 0) {
    for (int seed = 1; seed <= n; ++seed) {
      Random rng(static_cast<std::uint64_t>(seed));
      Board b = random_board(goal.shape(), rng);
      while (!check_solvable(b, goal).solvable) b = random_board(goal.shape(), rng);
      starts.emplace_back(seed, b);
    }
  } else {
    for (const auto& inst : read_instances("korf80_blanklast.txt"))
      starts.emplace_back(inst.id, Board({4, 4}, inst.tiles));
  }
  std::vector<double> secs;
  std::uint64_t nodes = 0;
  int proven = 0;
  int bad = 0;
  for (const auto& [id, start] : starts) {
    SolveOptions options;
    options.max_seconds = seconds;
    options.near_optimal_fallback = false;
    options.threads = threads;
    options.metric = Metric::MultiTile;
    const auto t0 = Clock::now();
    std::optional<Solution> s;
    try {
      s = solve_by_search(start, goal, options, {}, nullptr, pdb ? pdb->multi_tile.get() : nullptr);
    } catch (const Error& e) {
      if (e.kind() != Error::Kind::BudgetExceeded) throw;
    }
    secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    Board end = start;
    if (s) end.apply_all(s->moves);
    bad += s && !(end == goal);
    proven += s ? 1 : 0;
    nodes += s ? s->stats.nodes : 0;
    fmt::print("{:3} {:>3} mtm moves {:12} nodes {:8.3f} s\n", id,
               s ? std::to_string(count_moves(s->moves, Metric::MultiTile)) : "-",
               s ? s->stats.nodes : 0, secs.back());
    std::fflush(stdout);
  }
  fmt::print(
      "mtm {} heuristic={} threads={} proven={}/{} nodes_of_proven={} total={:.2f}s "
      "median={:.3f}s max={:.3f}s invalid={} peak_rss={:.0f}MB\n",
      n > 0 ? fmt::format("random{}", n) : "korf80",
      pdb ? "mtm pattern database" : "walking distance", threads, proven, starts.size(), nodes,
      std::accumulate(secs.begin(), secs.end(), 0.0), median(secs),
      *std::max_element(secs.begin(), secs.end()), bad, peak_mb());
  return bad == 0 ? 0 : 1;
}

// The mean first estimate of the mtm set in `dir` and of the walking distance over n random
// 4x4 boards (seeds 1..n): how much more the tables see.
int multi_tile_estimates(const std::string& dir, int n) {
  const Board goal = Board::standard_goal({4, 4});
  std::string why;
  const std::string path =
      (std::filesystem::path(dir) / app::pdb_file_name(goal, detail::kMultiTileSet)).string();
  const auto pdb = app::load_pdb_file(path, app::PdbVerify::Once, &why);
  if (!pdb) {
    fmt::print(stderr, "{}: {}\n", path, why);
    return 1;
  }
  const detail::WalkingDistance wd(goal);
  double tables = 0, walking = 0, larger = 0;
  for (int seed = 1; seed <= n; ++seed) {
    Random rng(static_cast<std::uint64_t>(seed));
    const Board b = random_board(goal.shape(), rng);
    const int t = estimate_once(*pdb->multi_tile, b.tiles().data());
    const int w = estimate_once(wd, b.tiles().data());
    tables += t;
    walking += w;
    larger += std::max(t, w);
  }
  fmt::print(
      "mtm-estimates boards={} mtm_set={:.2f} walking_distance={:.2f} larger_of_both={:.2f}\n", n,
      tables / n, walking / n, larger / n);
  return 0;
}

// How long the walking distance's count tables take to build: a CGI request pays it once.
int walking_distance_tables() {
  for (const Shape shape : {Shape{3, 3}, Shape{4, 4}, Shape{3, 5}, Shape{5, 3}, Shape{2, 5}}) {
    std::vector<double> secs;
    for (int run = 0; run < 5; ++run) {
      const auto t0 = Clock::now();
      const detail::WalkingDistance wd(Board::standard_goal(shape));
      secs.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    fmt::print("wd-tables {} median={:.4f}s max={:.4f}s\n", format_shape(shape), median(secs),
               *std::max_element(secs.begin(), secs.end()));
  }
  return 0;
}

// "1,2,3" -> a pattern of those tiles; throws std::invalid_argument for anything else (the
// tiles themselves are checked where the table is built).
Pattern parse_pattern(std::string_view text) {
  const std::invalid_argument bad(fmt::format("'{}' is not tiles such as 1,2,3", text));
  if (text.empty() || text.ends_with(',')) throw bad;
  Pattern p;
  for (std::string_view rest = text; !rest.empty();) {
    const auto comma = std::min(rest.find(','), rest.size());
    unsigned tile = 0;
    const auto [end, err] = std::from_chars(rest.data(), rest.data() + comma, tile);
    if (err != std::errc{} || end != rest.data() + comma || tile > 255) throw bad;
    p.push_back(static_cast<std::uint8_t>(tile));
    rest.remove_prefix(std::min(comma + 1, rest.size()));
  }
  return p;
}

// Dual lookups (Felner et al. 2005) read a partition's tables on the dual state: each tile
// moved to the cell whose goal tile sits on its own goal cell. Whether that is admissible for
// tables that leave the blank out is checked here against the BFS distance of every state,
// separately for states with the blank on its goal cell and with it elsewhere. For the latter
// also the admissible fallback: the dual of the state with the blank walked home (down or up,
// then across) less the walk's length, which is at most what the walk can save.
int dual_check(Shape shape, const Partition& partition) {
  const Board goal = Board::standard_goal(shape);
  // The BFS first: it refuses a board too large for it before any table is built.
  const FullSearch all = full_search(goal, {.storage = DistanceStorage::Exact});
  std::vector<std::vector<std::uint8_t>> tables;
  std::vector<std::span<const std::uint8_t>> views;
  for (const Pattern& p : partition) tables.push_back(build_pattern_table(goal, p, {}));
  for (const auto& t : tables) views.emplace_back(t);
  const PdbHeuristic h(goal, partition, views, {.reflect = false});
  const auto cells = static_cast<std::size_t>(goal.cells());
  const std::vector<std::uint8_t>& g = goal.tiles();
  const int home = goal.blank();
  struct Count {
    std::uint64_t states = 0, over = 0, higher = 0, walked_higher = 0;
  };
  Count at_home, away;
  std::vector<std::uint8_t> tiles(cells), where(cells), dual(cells), walked(cells);
  const int cols = shape.cols;
  auto dual_of = [&](const std::vector<std::uint8_t>& t) {
    for (std::size_t c = 0; c < cells; ++c) where[t[c]] = static_cast<std::uint8_t>(c);
    for (std::size_t c = 0; c < cells; ++c) dual[c] = g[where[g[c]]];
  };
  for (std::uint64_t i = 0; i < all.index.size(); ++i) {
    const int blank = all.index.decode(i, tiles.data());
    dual_of(tiles);
    PdbHeuristic::State state{};
    const int regular = h.estimate(tiles.data(), state);
    const int dual_estimate = h.estimate(dual.data(), state);
    walked = tiles;
    int b = blank;
    int steps = 0;
    auto step_to = [&](int next) {
      std::swap(walked[static_cast<std::size_t>(b)], walked[static_cast<std::size_t>(next)]);
      b = next;
      ++steps;
    };
    while (b / cols < home / cols) step_to(b + cols);
    while (b / cols > home / cols) step_to(b - cols);
    while (b < home) step_to(b + 1);
    while (b > home) step_to(b - 1);
    dual_of(walked);
    const int walked_estimate = h.estimate(dual.data(), state) - steps;
    Count& n = blank == home ? at_home : away;
    ++n.states;
    n.over += dual_estimate > all.distance[i] ? 1 : 0;
    n.higher += dual_estimate > regular ? 1 : 0;
    n.walked_higher += walked_estimate > regular ? 1 : 0;
  }
  for (const auto& [name, n] : {std::pair{"blank home", at_home}, std::pair{"blank away", away}})
    fmt::print(
        "dual-check {} {}: states={} dual_over_distance={} dual_over_regular={} "
        "walked_home_dual_over_regular={}\n",
        format_shape(shape), name, n.states, n.over, n.higher, n.walked_higher);
  return 0;
}

// A numeric argument, all of it a number: std::stoi would read "2x" as 2.
template <typename T>
T number(std::string_view text) {
  T value{};
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc{} || end != text.data() + text.size())
    throw std::invalid_argument(fmt::format("'{}' is not a number", text));
  return value;
}

// The modes; they throw on a bad argument, which main() reports.
int run(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "build" && argc == 4) {
    const auto t0 = Clock::now();
    const std::string path =
        app::build_pdb_file(argv[2], Board::standard_goal({4, 4}), argv[3], {});
    fmt::print("build set={} {:.1f}s {} peak_rss={:.0f}MB\n", argv[3],
               std::chrono::duration<double>(Clock::now() - t0).count(), path, peak_mb());
    return 0;
  }
  if ((mode == "korf" || mode == "korf80") && (argc == 4 || argc == 5))
    return korf(argv[2], argv[3], mode == "korf80", argc == 5 ? number<int>(argv[4]) : 1);
  if (mode == "korf24-gaps" && argc == 3) return korf24_gaps(argv[2]);
  if (mode == "korf24") {
    std::vector<std::string> args(argv + 2, argv + argc);
    int threads = 1;
    if (!args.empty() && args.back().starts_with("--threads=")) {
      threads = number<int>(args.back().substr(10));
      args.pop_back();
    }
    std::vector<int> ids;
    for (std::size_t i = 2; i < args.size(); ++i) ids.push_back(number<int>(args[i]));
    return korf24(!args.empty() ? number<double>(args[0]) : 1.5, args.size() > 1 ? args[1] : "",
                  ids, threads);
  }
  if (mode == "mtm" && (argc == 6 || argc == 7)) {
    const bool random = std::string(argv[5]) == "random";
    return multi_tile(argv[2], number<int>(argv[3]), number<double>(argv[4]),
                      random && argc == 7 ? number<int>(argv[6]) : 0);
  }
  if (mode == "mtm-estimates" && argc == 4)
    return multi_tile_estimates(argv[2], number<int>(argv[3]));
  if (mode == "wd-tables" && argc == 2) return walking_distance_tables();
  if (mode == "dual-check" && argc >= 4) {
    Partition partition;
    for (int a = 3; a < argc; ++a) partition.push_back(parse_pattern(argv[a]));
    return dual_check(parse_shape(argv[2]), partition);
  }
  if (mode == "build24" && argc == 4) {
    const auto t0 = Clock::now();
    const std::string path =
        app::build_pdb_file(argv[2], Board::standard_goal({5, 5}), argv[3], {});
    fmt::print("build 5x5 set={} {:.1f}s {} peak_rss={:.0f}MB\n", argv[3],
               std::chrono::duration<double>(Clock::now() - t0).count(), path, peak_mb());
    return 0;
  }
  fmt::print(stderr,
             "usage: pdb_bench build DIR SET | korf DIR SET [THREADS] | korf80 DIR SET [THREADS] | "
             "build24 DIR SET | "
             "korf24 [SECONDS [DIR|'' [ID...]]] | korf24-gaps DIR | "
             "mtm DIR|'' THREADS SECONDS korf80|random N | mtm-estimates DIR N | wd-tables | "
             "dual-check RxC PATTERN...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {  // a bad number, shape, pattern, set or directory
    fmt::print(stderr, "pdb_bench {}: {}\n", argc > 1 ? argv[1] : "", e.what());
    return 2;
  }
}
