#pragma once
// The full breadth-first search's engine (full_search.hpp is the interface): layer d is found
// by scanning the store for entries at d, and each is expanded in place - no queue, so the
// memory is the store alone. Threads take chunks of the scan in turn.
//
// Per state: the sequence is decoded once per rank (N consecutive indices share it, so a dense
// scan decodes a rank once), horizontal children are the neighbouring indices, and vertical
// children are re-ranked from the window of the sequence they rotate. Children far away in
// the store are prefetched a few states ahead of their claim.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/table/distance_stores.hpp"
#include "solve/table/sequence_codec.hpp"

namespace slidegif::detail {

struct LayerSink {
  // Per layer d (0: the goal alone): how many states it has; and, for layers of at most
  // list_limit states, their indices (unsorted), else nothing and listed[d] false.
  std::vector<std::uint64_t> histogram;
  std::vector<std::vector<std::uint64_t>> lists;
  std::vector<bool> listed;
};

template <int N, class Store>
class LayeredBfs {
  using Codec = SequenceCodec<N>;
  using Row = typename Codec::Row;
  static constexpr int M = Codec::M;
  static constexpr std::uint64_t kChunkWords = 4096;
  static constexpr int kPipeline = 16;  // children in flight between prefetch and claim
  static constexpr int kMaxCols = 16;

 public:
  LayeredBfs(Shape shape, const std::vector<std::uint8_t>& parity, Store& store, int threads,
             std::uint64_t states, std::uint64_t list_limit,
             const std::function<void(double)>& progress)
      : cols_(shape.cols),
        store_(store),
        threads_(std::max(1, threads)),
        states_(states),
        list_limit_(list_limit),
        progress_(progress) {
    for (int c = 0; c < N; ++c)
      parity_[static_cast<std::size_t>(c)] = parity[static_cast<std::size_t>(c)];
  }

  LayerSink run(std::uint64_t goal) {
    LayerSink sink;
    store_.set(goal, 0);
    sink.histogram.push_back(1);
    sink.lists.push_back({goal});
    sink.listed.push_back(true);
    std::uint64_t reached = 1;
    for (int d = 0;; ++d) {
      const bool backward = !Store::kExact && states_ - reached < forward_cost(sink.histogram, d);
      Layer layer = expand(d, reached, backward);
      if (layer.count == 0) break;
      reached += layer.count;
      sink.histogram.push_back(layer.count);
      sink.listed.push_back(layer.listed);
      sink.lists.push_back(std::move(layer.list));
      if (progress_) progress_(static_cast<double>(reached) / static_cast<double>(states_));
    }
    return sink;
  }

 private:
  struct Layer {
    std::uint64_t count = 0;
    bool listed = true;
    std::vector<std::uint64_t> list;
  };

  // One thread's share of a layer.
  class Worker {
   public:
    Worker(LayeredBfs& bfs, int d) : bfs_(bfs), d_(d) {}

    // Forward: every state the scan finds at d (mod 3: also the older layers d-3, d-6...,
    // whose children are all reached already) claims its unreached children for d + 1.
    void expand_words(std::uint64_t begin, std::uint64_t end) {
      bfs_.store_.scan(begin, end, d_, [&](std::uint64_t s) {
        children(s, [&](std::uint64_t child, bool far) {
          push(child, far);
          return false;
        });
      });
      while (in_flight_ > 0) claim(pending_[(head_ + kPipeline - in_flight_--) % kPipeline]);
    }

    // Backward: every unreached state with a neighbour at d is at d + 1. Exact with distances
    // mod 3 (an unreached state's neighbours are at d or further, and those past d are
    // unreached), and cheaper than forward once the unreached states are fewer than the
    // states the forward scan would find.
    void collect_words(std::uint64_t begin, std::uint64_t end) {
      if constexpr (!Store::kExact) {
        const int layer = d_ % 3;
        bfs_.store_.scan_unseen(begin, end, [&](std::uint64_t s) {
          const bool next = children(
              s, [&](std::uint64_t child, bool) { return bfs_.store_.value(child) == layer; });
          if (next) claim(s);
        });
      }
    }

    std::uint64_t count = 0;
    bool overflow = false;
    std::vector<std::uint64_t> list;

   private:
    // Calls visit(child, far) for each neighbour of state s until it returns true; far: not
    // next to s in the store. Returns whether a call returned true.
    template <class Visit>
    bool children(std::uint64_t s, Visit&& visit) {
      const std::uint64_t rank = s / N;
      const int b = static_cast<int>(s % N);
      if (rank != rank_) {
        Codec::decode(rank, row_);
        rank_ = rank;
      }
      const auto which =
          static_cast<std::size_t>(row_.parity ^ bfs_.parity_[static_cast<std::size_t>(b)]);
      const std::uint8_t* q = row_.q[which].data();
      const int cols = bfs_.cols_;
      const int col = b % cols;
      if (col > 0 && visit(s - 1, false)) return true;
      if (col + 1 < cols && visit(s + 1, false)) return true;
      std::uint8_t fresh[kMaxCols];
      if (b >= cols) {  // up: the window q[b-cols .. b) rotates left
        const int w = b - cols;
        for (int j = 1; j < cols; ++j) fresh[j - 1] = q[w + j];
        fresh[cols - 1] = q[w];
        const std::uint64_t child = Codec::rerank(row_, rank, w, fresh, cols) * N;
        if (visit(child + static_cast<std::uint64_t>(w), true)) return true;
      }
      if (b + cols < N) {  // down: the window q[b .. b+cols) rotates right
        fresh[0] = q[b + cols - 1];
        for (int j = 1; j < cols; ++j) fresh[j] = q[b + j - 1];
        const std::uint64_t child = Codec::rerank(row_, rank, b, fresh, cols) * N;
        if (visit(child + static_cast<std::uint64_t>(b + cols), true)) return true;
      }
      return false;
    }

    // Children far away in the store are prefetched and claimed kPipeline children later.
    void push(std::uint64_t child, bool far) {
      if (!far) {
        claim(child);
        return;
      }
      bfs_.store_.prefetch(child);
      if (in_flight_ == kPipeline) {
        claim(pending_[head_]);
        --in_flight_;
      }
      pending_[head_] = child;
      head_ = (head_ + 1) % kPipeline;
      ++in_flight_;
    }

    void claim(std::uint64_t child) {
      const bool fresh = bfs_.threads_ > 1 ? bfs_.store_.template claim<true>(child, d_ + 1)
                                           : bfs_.store_.template claim<false>(child, d_ + 1);
      if (!fresh) return;
      ++count;
      if (overflow) return;
      if (list.size() >= bfs_.list_limit_) {
        overflow = true;
        list.clear();
        list.shrink_to_fit();
      } else {
        list.push_back(child);
      }
    }

    LayeredBfs& bfs_;
    int d_;
    Row row_{};
    std::uint64_t rank_ = ~0ULL;
    std::array<std::uint64_t, kPipeline> pending_{};
    int head_ = 0;
    int in_flight_ = 0;
  };

  // What a forward pass over layer d would expand: the layer, and with distances mod 3 the
  // layers d-3, d-6... that share its value.
  std::uint64_t forward_cost(const std::vector<std::uint64_t>& histogram, int d) const {
    if constexpr (Store::kExact) return histogram[static_cast<std::size_t>(d)];
    std::uint64_t cost = 0;
    for (int k = d; k >= 0; k -= 3) cost += histogram[static_cast<std::size_t>(k)];
    return cost;
  }

  Layer expand(int d, std::uint64_t reached, bool backward) {
    std::atomic<std::uint64_t> next_chunk{0};
    std::atomic<std::uint64_t> added{0};
    const std::uint64_t words = store_.words();
    std::vector<Worker> workers;
    workers.reserve(static_cast<std::size_t>(threads_));
    for (int t = 0; t < threads_; ++t) workers.emplace_back(*this, d);
    auto work = [&](int t) {
      Worker& me = workers[static_cast<std::size_t>(t)];
      for (;;) {
        const std::uint64_t begin = next_chunk.fetch_add(kChunkWords, std::memory_order_relaxed);
        if (begin >= words) break;
        const std::uint64_t before = me.count;
        const std::uint64_t end = std::min(words, begin + kChunkWords);
        if (backward)
          me.collect_words(begin, end);
        else
          me.expand_words(begin, end);
        added.fetch_add(me.count - before, std::memory_order_relaxed);
        // One thread reports, so the callback need not be thread-safe.
        if (t == 0 && progress_) {
          progress_(static_cast<double>(reached + added.load(std::memory_order_relaxed)) /
                    static_cast<double>(states_));
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();

    Layer layer;
    for (auto& w : workers) {
      layer.count += w.count;
      layer.listed = layer.listed && !w.overflow;
    }
    layer.listed = layer.listed && layer.count <= list_limit_;
    if (layer.listed) {
      for (auto& w : workers) layer.list.insert(layer.list.end(), w.list.begin(), w.list.end());
    }
    return layer;
  }

  int cols_;
  Store& store_;
  int threads_;
  std::uint64_t states_;
  std::uint64_t list_limit_;
  const std::function<void(double)>& progress_;
  std::array<std::uint8_t, N> parity_{};
};

}  // namespace slidegif::detail
