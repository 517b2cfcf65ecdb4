#include "solve/table/full_search.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "slidegif/error.hpp"
#include "solve/support/format.hpp"
#include "solve/table/distance_stores.hpp"
#include "solve/table/layered_bfs.hpp"
#include "solve/table/line_move_search.hpp"

namespace slidegif::detail {
namespace {

// Below this many states a second thread costs more to start than it saves.
constexpr std::uint64_t kThreadedStates = 2'000'000;

// "60 MB", "10.9 GB", "2.6e+06 GB".
std::string memory_text(double bytes) {
  if (bytes < 1e9) return detail::format("{} MB", static_cast<std::uint64_t>(bytes / 1e6 + 0.5));
  if (bytes < 1e15) return detail::format("{} GB", static_cast<std::uint64_t>(bytes / 1e9 + 0.5));
  char text[32];
  std::snprintf(text, sizeof text, "%.1e GB", bytes / 1e9);
  return text;
}

void check_size(Shape shape, const FullSearchOptions& options) {
  const int limit = options.allow_larger ? kMaxLargerFullSearchCells : kMaxFullSearchCells;
  if (shape.cells() <= limit) return;
  double states = 1;  // N!/2
  for (int i = 3; i <= shape.cells(); ++i) states *= i;
  throw Error(Error::Kind::Unsupported,
              detail::format("a {} board has {} states; a full search would need {} of memory "
                             "at three bits a state (boards of up to {} cells are explored)",
                             format_shape(shape), reachable_states_text(shape),
                             memory_text(states * 3 / 8), limit));
}

template <int N, int C, class Store>
detail::LayerSink search(const StateIndex& index, Store& store, int threads,
                         std::uint64_t list_limit, const FullSearchOptions& options) {
  std::vector<std::uint8_t> parity(static_cast<std::size_t>(N));
  for (int c = 0; c < N; ++c)
    parity[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(index.parity_for_blank(c));
  detail::LayeredBfs<N, C, Store> bfs(parity, store, threads, index.size(), list_limit,
                                      options.progress);
  return bfs.run(index.goal_index());
}

// The board's cells and columns as template arguments: the codec's divisions become
// multiplications and a move's window is unrolled.
template <class Store>
detail::LayerSink dispatch(const StateIndex& index, Store& store, int threads,
                           std::uint64_t list_limit, const FullSearchOptions& options) {
  const Shape shape = index.shape();
#define SLIDEGIF_SHAPE(r, c)                  \
  if (shape.rows == (r) && shape.cols == (c)) \
    return search<(r) * (c), c>(index, store, threads, list_limit, options);
  SLIDEGIF_SHAPE(2, 2)
  SLIDEGIF_SHAPE(2, 3)
  SLIDEGIF_SHAPE(3, 2)
  SLIDEGIF_SHAPE(2, 4)
  SLIDEGIF_SHAPE(4, 2)
  SLIDEGIF_SHAPE(3, 3)
  SLIDEGIF_SHAPE(2, 5)
  SLIDEGIF_SHAPE(5, 2)
  SLIDEGIF_SHAPE(3, 4)
  SLIDEGIF_SHAPE(4, 3)
  SLIDEGIF_SHAPE(2, 6)
  SLIDEGIF_SHAPE(6, 2)
  SLIDEGIF_SHAPE(2, 7)
  SLIDEGIF_SHAPE(7, 2)
#undef SLIDEGIF_SHAPE
  throw Error(Error::Kind::Unsupported,
              detail::format("no full search for {} boards", format_shape(shape)));
}

int thread_count(const FullSearchOptions& options, std::uint64_t states) {
  if (options.threads > 0) return options.threads;
  if (states < kThreadedStates) return 1;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace

std::uint64_t full_search_bytes(Shape shape, DistanceStorage storage) {
  const std::uint64_t states = reachable_states(shape);
  return storage == DistanceStorage::Exact ? (states + 7) / 8 * 8 : (states + 31) / 32 * 8;
}

FullSearch full_search(const Board& goal, const FullSearchOptions& options) {
  check_size(goal.shape(), options);
  const auto started = std::chrono::steady_clock::now();
  FullSearch result{StateIndex(goal), {}, {}, {}, {}, {}, 0, 1};
  const std::uint64_t states = result.index.size();
  const std::uint64_t list_limit =
      options.list_limit > 0 ? options.list_limit : std::max(kListedLayerStates, states / 10'000);
  result.threads = thread_count(options, states);
  detail::LayerSink sink;
  if (options.metric == Metric::MultiTile) {
    if (goal.cells() > kMaxFullSearchCells) check_size(goal.shape(), {});
    result.threads = 1;
    sink = detail::line_move_search(result.index, result.distance, list_limit, options.progress);
  } else if (options.storage == DistanceStorage::Mod3) {
    detail::Mod3Store store(states, result.threads);
    sink = dispatch(result.index, store, result.threads, list_limit, options);
    result.mod3 = std::move(store.data());
  } else if (options.storage == DistanceStorage::None) {
    detail::FarParentStore store(states, result.threads);
    sink = dispatch(result.index, store, result.threads, list_limit, options);
  } else {
    detail::ByteStore store(states, result.threads);
    sink = dispatch(result.index, store, result.threads, list_limit, options);
    result.distance = std::move(store.data());
    result.distance.resize(states);
  }
  result.histogram = std::move(sink.histogram);
  result.listed = std::move(sink.listed);
  result.lists = std::move(sink.lists);
  for (auto& list : result.lists) std::sort(list.begin(), list.end());
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace slidegif::detail
