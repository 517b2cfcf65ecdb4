// Render + encode time of a 31-move 3x3 animation, and its size (the "bytes" counter).
//
//   build/render_bench --benchmark_counters_tabular=true

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "app/files/font_locator.hpp"
#include "app/files/picture_files.hpp"
#include "render/animation/animation.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "slidegif/board.hpp"

namespace {

// An optimal 31-move solution of 867254301; replayed at startup so a typo cannot go unnoticed.
std::vector<slidegif::Move> checked_moves(const slidegif::Board& start) {
  auto moves = slidegif::moves_from_string("UULDDRRUULDLDRRUULDLDRRUULLDDRR");
  slidegif::Board b = start;
  b.apply_all(moves);
  if (!(b == slidegif::Board::standard_goal(b.shape()))) {
    std::fprintf(stderr, "render_bench: the fixed move list does not solve the board\n");
    std::abort();
  }
  return moves;
}

// The shipped font, tween and tile size from the benchmark's first two arguments; the moving
// tile outlined (the default) unless a "mark" argument says 0.
slidegif::AnimationOptions options_for(const benchmark::State& state, bool mark = true) {
  slidegif::AnimationOptions o;
  o.font = slidegif::load_font(SLIDEGIF_SOURCE_DIR "/fonts/DejaVuSans-Bold.ttf");
  o.tile_px = static_cast<int>(state.range(1));
  o.tween = static_cast<int>(state.range(0));
  o.mark_moving = mark;
  return o;
}

void BM_RenderAnimation(benchmark::State& state) {
  const auto start = slidegif::parse_board("867254301");
  const auto moves = checked_moves(start);
  const slidegif::AnimationOptions o = options_for(state, state.range(2) != 0);
  std::size_t bytes = 0;
  int frames = 0;
  for (auto _ : state) {
    auto a = slidegif::detail::render_animation(start, moves, o);
    bytes = a.bytes.size();
    frames = a.frames;
    benchmark::DoNotOptimize(a.bytes.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["frames"] = frames;
}
BENCHMARK(BM_RenderAnimation)
    ->ArgNames({"tween", "tile", "mark"})
    ->Args({3, 80, 1})
    ->Args({3, 80, 0})
    ->Args({0, 80, 1})
    ->Args({0, 80, 0})
    ->Args({4, 80, 1})
    ->Args({0, 160, 1})
    ->Unit(benchmark::kMillisecond);

// The same with every move's frames already coded (a FastCGI worker's MovePieceCache after
// the first requests): only the start frame, the caption bands and the cells at rest are drawn
// and coded. With "drawing" 1 also the worker's DrawingCache: glyphs, palette and tile
// sprites made before.
void BM_RenderAnimationCopied(benchmark::State& state) {
  const auto start = slidegif::parse_board("867254301");
  const auto moves = checked_moves(start);
  const slidegif::AnimationOptions o = options_for(state);
  slidegif::detail::MovePieceCache pieces;
  slidegif::detail::DrawingCache cache;
  slidegif::detail::DrawingCache* drawing = state.range(2) != 0 ? &cache : nullptr;
  const auto fresh = slidegif::detail::render_animation(start, moves, o, {}, &pieces, drawing);
  for (auto _ : state) {
    auto a = slidegif::detail::render_animation(start, moves, o, {}, &pieces, drawing);
    if (a.bytes != fresh.bytes) state.SkipWithError("copied bytes differ");
    benchmark::DoNotOptimize(a.bytes.data());
  }
  state.counters["bytes"] = static_cast<double>(fresh.bytes.size());
}
BENCHMARK(BM_RenderAnimationCopied)
    ->ArgNames({"tween", "tile", "drawing"})
    ->Args({3, 80, 0})
    ->Args({3, 80, 1})
    ->Unit(benchmark::kMillisecond);

// A picture puzzle (issue 12: <= 30 ms for 31 moves at tile 100): fitting, quantising
// (libimagequant), pieces, frames and coding.
void BM_RenderPicture(benchmark::State& state) {
  const auto start = slidegif::parse_board("867254301");
  const auto moves = checked_moves(start);
  slidegif::AnimationOptions o;
  o.font = slidegif::app::default_font();
  o.picture = slidegif::read_picture(SLIDEGIF_SOURCE_DIR "/samples/pictures/sunset.png", {});
  o.tile_px = static_cast<int>(state.range(1));
  o.tween = static_cast<int>(state.range(0));
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto a = slidegif::detail::render_animation(start, moves, o);
    bytes = a.bytes.size();
    benchmark::DoNotOptimize(a.bytes.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_RenderPicture)
    ->ArgNames({"tween", "tile"})
    ->Args({0, 100})
    ->Args({3, 100})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
