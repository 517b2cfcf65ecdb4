// How many moves of random requests are copied from move pieces rather than coded (issue 14),
// with the CGI's default drawing settings: from a FastCGI worker's cache warmed by the requests
// before, and from a pieces file (slidegif pieces build's moves). Requests are random 3x3
// (4x4) boards walked back to the goal in 18 to 30 (40 to 52) moves (random=1's optimal
// solutions are about that long, so their captions have as many digits). Counters: the share of
// moves copied, and for comparison the share a key without the caption's columns (x0, x1, end_x0,
// end_x1) would copy; the pieces file's moves and megabytes.
//
//   build/pieces_bench --benchmark_counters_tabular=true

#include <benchmark/benchmark.h>

#include <random>
#include <set>

#include "app/data/pieces_build.hpp"
#include "app/files/font_locator.hpp"
#include "render/animation/animation.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "slidegif/board.hpp"

namespace {

constexpr int kRequests = 200;

// Counts the moves found in `inner`, and those a key without columns would have found.
class CountingStore final : public slidegif::detail::MovePieces {
 public:
  explicit CountingStore(slidegif::detail::MovePieces& inner, bool learns)
      : inner_(inner), learns_(learns) {}
  std::span<const std::uint8_t> find(const slidegif::detail::MovePieceKey& key) override {
    ++moves;
    auto found = inner_.find(key);
    if (!found.empty()) ++copied;
    slidegif::detail::MovePieceKey bare = key;
    bare.x0 = bare.x1 = bare.end_x0 = bare.end_x1 = 0;
    if (!seen_.insert(bare).second) ++copied_without_columns;
    return found;
  }
  void keep(const slidegif::detail::MovePieceKey& key, std::vector<std::uint8_t> coded) override {
    if (learns_) inner_.keep(key, std::move(coded));
  }
  // Marks the keys of `pieces` as seen, as a file holding them would have them.
  void preload(const slidegif::detail::MovePieceCache& pieces) {
    for (const auto& [key, coded] : pieces.sorted()) {
      slidegif::detail::MovePieceKey bare = key;
      bare.x0 = bare.x1 = bare.end_x0 = bare.end_x1 = 0;
      seen_.insert(bare);
    }
  }
  std::size_t keys_without_columns() const { return seen_.size(); }
  int moves = 0, copied = 0, copied_without_columns = 0;

 private:
  slidegif::detail::MovePieces& inner_;
  bool learns_;
  std::set<slidegif::detail::MovePieceKey> seen_;
};

slidegif::AnimationOptions defaults() {
  slidegif::AnimationOptions o;
  o.font = slidegif::app::default_font();
  o.tile_px = 80;
  o.tween = 3;
  return o;
}

void run_requests(CountingStore& store, const slidegif::AnimationOptions& o, int side, int requests,
                  unsigned seed) {
  std::mt19937 rng(seed);
  const slidegif::Shape shape{side, side};
  for (int r = 0; r < requests; ++r) {
    // A walk away from the goal that never undoes a move, then back.
    slidegif::Board b = slidegif::Board::standard_goal(shape);
    std::vector<slidegif::Move> out;
    const int n = (side == 3 ? 18 : 40) + static_cast<int>(rng() % 13);
    while (static_cast<int>(out.size()) < n) {
      const auto m = static_cast<slidegif::Move>(rng() % 4);
      if (b.target(m) < 0 || (!out.empty() && m == slidegif::opposite(out.back()))) continue;
      b.apply(m);
      out.push_back(m);
    }
    std::vector<slidegif::Move> back;
    for (auto it = out.rbegin(); it != out.rend(); ++it) back.push_back(slidegif::opposite(*it));
    benchmark::DoNotOptimize(
        slidegif::detail::render_animation(b, back, o, {}, &store).bytes.data());
  }
}

void report(benchmark::State& state, const CountingStore& store) {
  state.counters["moves"] = store.moves;
  state.counters["copied"] = static_cast<double>(store.copied) / store.moves;
  state.counters["copied_without_columns"] =
      static_cast<double>(store.copied_without_columns) / store.moves;
}

void BM_WarmCache(benchmark::State& state) {
  const auto o = defaults();
  for (auto _ : state) {
    slidegif::detail::MovePieceCache cache;
    CountingStore store(cache, true);
    const int side = static_cast<int>(state.range(0));
    run_requests(store, o, side, static_cast<int>(state.range(1)), 7);
    store.moves = store.copied = store.copied_without_columns = 0;
    run_requests(store, o, side, kRequests, 8);
    report(state, store);
    state.counters["cached_MB"] = static_cast<double>(cache.bytes()) / 1e6;
    state.counters["cached_moves"] = static_cast<double>(cache.size());
  }
}
BENCHMARK(BM_WarmCache)
    ->ArgNames({"side", "warmed_by"})
    ->Args({3, 0})
    ->Args({3, 1000})
    ->Args({4, 0})
    ->Args({4, 1000})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

void BM_PiecesFile(benchmark::State& state) {
  const auto o = defaults();
  for (auto _ : state) {
    const int side = static_cast<int>(state.range(0));
    slidegif::detail::DrawingCache drawing;
    slidegif::detail::MovePieceCache built =
        slidegif::app::build_move_pieces({{side, side}}, o, drawing);
    CountingStore store(built, false);
    store.preload(built);
    state.counters["file_moves_without_columns"] =
        static_cast<double>(store.keys_without_columns());
    run_requests(store, o, side, kRequests, 8);
    report(state, store);
    state.counters["file_moves"] = static_cast<double>(built.size());
    state.counters["file_MB"] = static_cast<double>(built.bytes()) / 1e6;
  }
}
BENCHMARK(BM_PiecesFile)->ArgName("side")->Arg(3)->Arg(4)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
