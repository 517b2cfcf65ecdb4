// Time and size of one animation in each output format, on four animations (the 3x3 hardest,
// a 4x4, a picture puzzle, Chinese captions): the "bytes" counter is the file's size.
//
//   build/tests/bench/format_bench --benchmark_counters_tabular=true
//   build/tests/bench/format_bench write DIR   # the GIFs and WebPs, for tests/bench/webp_bench.sh

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

#include "cgi/server_font.hpp"
#include "render/animation/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/render.hpp"

namespace {

using slidegif::Board;
using slidegif::Move;
using slidegif::OutputFormat;

struct Sample {
  const char* name;
  Board start;
  std::vector<Move> moves;
  slidegif::AnimationOptions options;
};

// A walk of `n` moves from the goal that never undoes its last move, and the way back.
std::pair<Board, std::vector<Move>> scrambled(slidegif::Shape shape, int n, unsigned seed) {
  Board b = Board::standard_goal(shape);
  std::mt19937 rng(seed);
  std::vector<Move> walk;
  while (static_cast<int>(walk.size()) < n) {
    const Move m = static_cast<Move>(rng() % 4);
    if (b.target(m) < 0 || (!walk.empty() && m == slidegif::opposite(walk.back()))) continue;
    b.apply(m);
    walk.push_back(m);
  }
  std::vector<Move> back;
  for (auto it = walk.rbegin(); it != walk.rend(); ++it) back.push_back(slidegif::opposite(*it));
  return {b, back};
}

const std::vector<Sample>& samples() {
  static const std::vector<Sample> all = [] {
    const Board hardest = slidegif::parse_board("867254301");
    const auto moves = slidegif::moves_from_string("UULDDRRUULDLDRRUULDLDRRUULLDDRR");
    slidegif::AnimationOptions look;
    look.font = slidegif::cgi::server_font();
    std::vector<Sample> v;
    v.push_back({"3x3", hardest, moves, look});
    const auto [b4, m4] = scrambled({4, 4}, 50, 4);
    v.push_back({"4x4", b4, m4, look});
    slidegif::AnimationOptions picture = look;
    picture.picture = slidegif::read_picture(SLIDEGIF_SOURCE_DIR "/samples/pictures/sunset.png");
    v.push_back({"picture", hardest, moves, picture});
    slidegif::AnimationOptions zh = look;
    zh.lang = "zh";
    zh.title = "华容道：最优解";
    v.push_back({"chinese", hardest, moves, zh});
    return v;
  }();
  return all;
}

constexpr OutputFormat kFormats[] = {OutputFormat::Gif, OutputFormat::Webp, OutputFormat::Apng,
                                     OutputFormat::Mp4, OutputFormat::Webm};

void BM_Format(benchmark::State& state) {
  const Sample& s = samples()[static_cast<std::size_t>(state.range(0))];
  const OutputFormat format = kFormats[state.range(1)];
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto a = slidegif::detail::render_animation(s.start, s.moves, s.options, {}, nullptr, nullptr,
                                                format);
    bytes = a.bytes.size();
    benchmark::DoNotOptimize(a.bytes.data());
  }
  state.SetLabel(std::string(s.name) + " " + std::string(slidegif::format_info(format).name));
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_Format)
    ->ArgNames({"animation", "format"})
    ->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2, 3, 4}})
    ->Unit(benchmark::kMillisecond);

// Writes DIR/<animation>.<format> for each.
int write_samples(const std::string& dir) {
  for (const Sample& s : samples()) {
    for (const OutputFormat format : kFormats) {
      const auto a = slidegif::detail::render_animation(s.start, s.moves, s.options, {}, nullptr,
                                                        nullptr, format);
      const std::string path =
          dir + "/" + s.name + std::string(slidegif::format_info(format).extension);
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(a.bytes.data()),
                 static_cast<std::streamsize>(a.bytes.size()));
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "write") == 0) return write_samples(argv[2]);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
