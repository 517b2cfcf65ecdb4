#pragma once
// The full breadth-first search's engine (full_search.hpp is the interface): each layer is
// found by a scan and each of its states expanded in place - no queue, so the memory is the
// store, plus with distances mod 3 a bit a state marking the newest layer.
//
// Threads: each owns blocks of chunks of the store (dealt anew at each pass, more to those that
// went faster: block_owners.hpp), scans only its blocks, and is the only one to write their
// words; a child in another thread's block is handed to that thread (handover.hpp), which
// claims it. So a claim is a plain read and write of a word in the claimer's cache, not an
// atomic operation on a line the other core may hold.
//
// Per state: the sequence is decoded once per rank (N consecutive indices share it), and from
// the rank decoded before it when that is a few ranks back (SequenceCodec::advance).
// Horizontal children are the neighbouring indices (with a FarParentStore, a word's at once, by
// masks, and claimed with the word's closing); vertical children are re-ranked from the window
// of the sequence they rotate, and when far away in the store prefetched a few states ahead of
// their claim. With a FarParentStore a state reached by its only vertical move skips it: that
// child is its parent - half of all states on a two-row board.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/support/huge_pages.hpp"
#include "solve/table/block_owners.hpp"
#include "solve/table/distance_stores.hpp"
#include "solve/table/handover.hpp"
#include "solve/table/sequence_codec.hpp"

namespace slidegif::detail {

struct LayerSink {
  // Per layer d (0: the goal alone): how many states it has; and, for layers of at most
  // list_limit states, their indices (unsorted), else nothing and listed[d] false.
  std::vector<std::uint64_t> histogram;
  std::vector<std::vector<std::uint64_t>> lists;
  std::vector<bool> listed;
};

// N cells in rows of C, both fixed at compile time: a move's window of C entries is unrolled.
template <int N, int C, class Store>
class LayeredBfs {
  using Codec = SequenceCodec<N>;
  using Row = typename Codec::Row;
  static constexpr std::uint64_t kChunkWords = 4096;
  static constexpr int kPipeline = 16;  // children in flight between prefetch and claim
  // A scan's next rank is decoded by stepping the last one's digits when at most this far on
  // (a few digits change), else from scratch.
  static constexpr std::uint64_t kAdvanceLimit = 4096;
  // Distances mod 3 cannot tell layer d from d - 3 (a scan of the store for layer d would
  // expand both, half as many states again in all), so a bitmap marks the newest layer.
  static constexpr bool kMarked = !Store::kScanIsLayer;
  // The states a chunk of a forward pass covers: kChunkWords words of the bitmap or the store.
  static constexpr std::uint64_t kChunkStates = kChunkWords * (kMarked ? 64 : Store::kPerWord);
  // Whether the store marks the states reached by a far move (FarParentStore).
  static constexpr bool kFarParents = requires { Store::kMarksFarParent; };

 public:
  // shortest_timed: the shortest pass whose times move the threads' shares (block_owners.hpp).
  LayeredBfs(const std::vector<std::uint8_t>& parity, Store& store, int threads,
             std::uint64_t states, std::uint64_t list_limit,
             const std::function<void(double)>& progress, double shortest_timed = 0.1)
      : store_(store),
        threads_(std::max(1, threads)),
        states_(states),
        list_limit_(list_limit),
        progress_(progress),
        handover_(threads_, ring_slots(threads_)) {
    for (int c = 0; c < N; ++c)
      parity_[static_cast<std::size_t>(c)] = parity[static_cast<std::size_t>(c)];
    // Blocks as large as leave each thread 64 or more (balance), up to 64 chunks (a 2x7
    // store's vertical moves of the last entries stay within a few chunks).
    const std::uint64_t chunks = (states_ + kChunkStates - 1) / kChunkStates;
    const auto enough = 64 * static_cast<std::uint64_t>(threads_);
    for (block_chunks_ = 1; block_chunks_ < 64 && chunks / (2 * block_chunks_) >= enough;)
      block_chunks_ *= 2;
    block_shift_ = std::countr_zero(kChunkStates * block_chunks_);
    owners_ = BlockOwners((chunks + block_chunks_ - 1) / block_chunks_, threads_, shortest_timed);
  }

  LayerSink run(std::uint64_t goal) {
    if constexpr (kFarParents) {
      // Every move takes the blank to a cell of the other colour of a chessboard, so a
      // state's distance is odd exactly when its blank is on the other colour than the goal's.
      const int goal_blank = static_cast<int>(goal % N);
      std::array<bool, N> odd{};
      for (int b = 0; b < N; ++b)
        odd[static_cast<std::size_t>(b)] = colour(b) != colour(goal_blank);
      store_.set_odd_cells(odd);
    }
    if constexpr (kMarked)
      fill_on_huge_pages(newest_, (states_ + 63) / 64, std::uint64_t{0}, threads_);
    for (auto& flags : open_chunks_) flags.assign((states_ + kChunkStates - 1) / kChunkStates, 0);
    LayerSink sink;
    store_.set(goal, 0);
    opened(goal, 0);
    sink.histogram.push_back(1);
    sink.lists.push_back({goal});
    sink.listed.push_back(true);
    std::uint64_t reached = 1;
    for (int d = 0;; ++d) {
      Layer layer = expand(d, reached);
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

  // One thread's share of a layer; a cache line of its own, as it is written at every state.
  class alignas(64) Worker {
   public:
    Worker(LayeredBfs& bfs, int d, int me) : bfs_(bfs), d_(d), me_(me), port_(bfs.handover_, me) {}

    // Every state of layer d claims its unreached children for d + 1. Words are the bitmap's
    // with distances mod 3, else the store's.
    void expand_words(std::uint64_t begin, std::uint64_t end) {
      auto expand = [&](std::uint64_t s) { children(s); };
      if constexpr (kMarked)
        expand_marked(begin, end, expand);
      else if constexpr (kFarParents)
        expand_far_parents(begin, end);
      else
        bfs_.store_.scan(begin, end, d_, expand);
      drain();
    }

    // Claims what other threads have sent so far (during a pass), or until all are done.
    void receive() {
      port_.receive([this](std::uint64_t v) { take(v); });
    }
    void finish() {
      port_.finish([this](std::uint64_t v) { take(v); });
      drain();
    }

    std::uint64_t count = 0;
    bool overflow = false;
    std::vector<std::uint64_t> list;

   private:
    // The marked states whose entry is d mod 3 are layer d; the others were marked in this
    // pass, for d + 1. Layer d's marks are cleared as it is expanded.
    template <class F>
    void expand_marked(std::uint64_t begin, std::uint64_t end, F& expand) {
      for (std::uint64_t w = begin; w < end; ++w) {
        std::uint64_t& word = bfs_.newest_[w];
        std::uint64_t bits = word;
        std::uint64_t done = 0;
        for (; bits != 0; bits &= bits - 1) {
          const std::uint64_t s = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
          if (!bfs_.store_.at(s, d_)) continue;
          done |= bits & (~bits + 1);
          expand(s);
        }
        word &= ~done;
      }
    }

    // A forward pass over a FarParentStore, a word at a time: the near children of the word's
    // states in layer d come from masks, and only the states that need a far child are ranked
    // - not those with one far move that were reached by it. Skipping them by a mask, not a
    // branch a state, matters: which ones they are is a coin toss to the branch predictor.
    void expand_far_parents(std::uint64_t begin, std::uint64_t end) {
      auto expand = [&](std::uint64_t w, std::uint64_t cell, std::uint64_t layer,
                        std::uint64_t far_parent) {
        const WordMasks& masks = kWordMasks[cell];
        const std::uint64_t left = layer & masks.left;
        const std::uint64_t right = layer & masks.right;
        const std::uint64_t first = w * Store::kPerWord;
        if ((left & 1) != 0) push(first - 1, false);                   // in the word before
        if ((right >> 62) != 0) push(first + Store::kPerWord, false);  // in the word after
        for (std::uint64_t h = layer & (~far_parent | masks.two_far); h != 0; h &= h - 1) {
          far_children(first + static_cast<std::uint64_t>(std::countr_zero(h)) / 2);
        }
        return left >> 2 | right << 2;
      };
      auto fresh = [&](std::uint64_t w, std::uint64_t bits) { note_fresh(w, bits); };
      bfs_.store_.scan_words(begin, end, d_, expand, fresh);
    }

    // The entries of word w that this scan put in layer d + 1 (their low bits; maybe none):
    // listed one by one while the layer may still be listed, else counted at once (one chunk,
    // so one flag, holds the word) without a branch on whether there are any.
    void note_fresh(std::uint64_t w, std::uint64_t bits) {
      const std::uint64_t first = w * Store::kPerWord;
      if (!overflow) {
        for (; bits != 0; bits &= bits - 1)
          reached(first + static_cast<std::uint64_t>(std::countr_zero(bits)) / 2);
        return;
      }
      bfs_.opened(first, d_ + 1, bits != 0);
      count += static_cast<std::uint64_t>(std::popcount(bits));
    }

    // Pushes each neighbour of state s.
    void children(std::uint64_t s) {
      const int col = static_cast<int>(s % N) % C;
      if (col > 0) push(s - 1, false);
      if (col + 1 < C) push(s + 1, false);
      far_children(s);
    }

    // children's far part: the vertical moves, ranked (far: not next to s in the store).
    void far_children(std::uint64_t s) {
      const std::uint64_t rank = s / N;
      const int b = static_cast<int>(s % N);
      if (rank != rank_) {
        if (rank > rank_ && rank - rank_ <= kAdvanceLimit)
          Codec::advance(static_cast<std::uint32_t>(rank - rank_), row_);
        else
          Codec::decode(rank, row_);
        rank_ = rank;
      }
      const int which = row_.parity ^ bfs_.parity_[static_cast<std::size_t>(b)];
      if (b >= C) {  // up: the window q[b-C .. b) rotates left
        const int w = b - C;
        const std::uint64_t child = Codec::template rotate_left<C>(row_, which, rank, w) * N;
        push(child + static_cast<std::uint64_t>(w), true);
      }
      if (b + C < N) {  // down: the window q[b .. b+C) rotates right
        const std::uint64_t child = Codec::template rotate_right<C>(row_, which, rank, b) * N;
        push(child + static_cast<std::uint64_t>(b + C), true);
      }
    }

    // A child in another thread's block is sent to it; children far away in the store are
    // prefetched and claimed kPipeline children later.
    void push(std::uint64_t child, bool far) {
      const int owner = bfs_.owner(child);
      if (owner == me_) {
        own(child, far);
        return;
      }
      send(owner, child | static_cast<std::uint64_t>(far) << kFarBit);
    }

    // Out of line: one thread never sends, and the loop that expands states stays small.
    [[gnu::noinline]] void send(int owner, std::uint64_t v) {
      port_.send(owner, v, [this](std::uint64_t u) { take(u); });
    }

    // A child another thread sent.
    void take(std::uint64_t v) { own(v & ~(std::uint64_t{1} << kFarBit), (v >> kFarBit) != 0); }

    void drain() {
      while (in_flight_ > 0) claim(pending_[(head_ + kPipeline - in_flight_--) % kPipeline], true);
    }

    void own(std::uint64_t child, bool far) {
      if (!far) {
        claim(child, false);
        return;
      }
      bfs_.store_.prefetch(child);
      if (in_flight_ == kPipeline) {
        claim(pending_[head_], true);
        --in_flight_;
      }
      pending_[head_] = child;
      head_ = (head_ + 1) % kPipeline;
      ++in_flight_;
    }

    // far: by a far move, which a FarParentStore marks (the others ignore it).
    void claim(std::uint64_t child, bool far) {
      bool fresh = false;
      if constexpr (kFarParents) {
        if (!far) fresh = bfs_.store_.claim_near(child, d_ + 1);
      }
      if (far || !kFarParents) fresh = bfs_.store_.claim(child, d_ + 1);
      // Whether a claim was fresh is as hard to predict as a coin: once a layer is too large
      // to list, it is counted without a branch on it.
      if (overflow) {
        count += fresh ? 1 : 0;
        bfs_.opened(child, d_ + 1, fresh);
      } else if (fresh) {
        reached(child);
      }
    }

    // Counts (and while it can, lists) a state this pass put in layer d + 1.
    void reached(std::uint64_t child) {
      bfs_.opened(child, d_ + 1);
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
    int me_;
    Handover::Port port_;
  };

  // A sent child's top bit: whether a far move reached it (indices are far smaller).
  static constexpr int kFarBit = 63;

  // A handover ring's slots: 64 Ki for two threads (512 KB; a 2x7 chunk sends a few
  // thousand), fewer for more threads (a ring per pair), none to spare for one.
  static std::uint64_t ring_slots(int threads) {
    if (threads == 1) return 1;
    const std::uint64_t slots = (std::uint64_t{1} << 17) / static_cast<std::uint64_t>(threads);
    return std::bit_floor(std::max<std::uint64_t>(1024, slots));
  }

  // The thread that owns state s's block (and its word of the store or the bitmap) in this
  // pass. It runs at every child: a shift and a look-up in a table of a few KB.
  int owner(std::uint64_t s) const { return owners_[s >> block_shift_]; }

  // For a word whose first entry's state has its blank in cell c (its index mod N), the
  // entries (their low bits) whose states have a neighbour left of the blank in its row, one
  // right of it, and two far moves (up and down).
  struct WordMasks {
    std::uint64_t left = 0;
    std::uint64_t right = 0;
    std::uint64_t two_far = 0;
  };
  static constexpr std::array<WordMasks, N> kWordMasks = [] {
    std::array<WordMasks, N> all{};
    for (int c = 0; c < N; ++c) {
      for (int j = 0; j < 32; ++j) {
        const int b = (c + j) % N;
        const std::uint64_t bit = std::uint64_t{1} << (2 * j);
        WordMasks& m = all[static_cast<std::size_t>(c)];
        if (b % C > 0) m.left |= bit;
        if (b % C + 1 < C) m.right |= bit;
        if (b >= C && b + C < N) m.two_far |= bit;
      }
    }
    return all;
  }();

  static int colour(int cell) { return (cell / C + cell % C) % 2; }

  // Notes that state s is in layer d, the newest, if `fresh`: its chunk's flag for d's
  // parity, and with distances mod 3 its bit. Without a branch on fresh.
  void opened(std::uint64_t s, int d, bool fresh = true) {
    // Read before written: a cache line of flags holds other threads' chunks' too, and a
    // write per state would move it from core to core at every claim.
    std::uint8_t& flag = open_chunks_[static_cast<std::size_t>(d % 2)][s / kChunkStates];
    if ((static_cast<int>(fresh) & static_cast<int>(flag == 0)) != 0) flag = 1;
    if constexpr (kMarked) newest_[s / 64] |= static_cast<std::uint64_t>(fresh) << (s % 64);
  }

  // Calls f(begin, end) for the chunks of words [0, words) that lie in thread t's blocks, in
  // order.
  template <class F>
  void own_chunks(int t, std::uint64_t words, F&& f) const {
    const std::uint64_t block_words = kChunkWords * block_chunks_;
    for (std::uint64_t b = 0; b < owners_.blocks(); ++b) {
      if (owners_[b] != t) continue;
      const std::uint64_t block_end = std::min(words, (b + 1) * block_words);
      for (std::uint64_t begin = b * block_words; begin < block_end; begin += kChunkWords)
        f(begin, std::min(block_end, begin + kChunkWords));
    }
  }

  // Expands layer d into d + 1, every thread its blocks.
  Layer expand(int d, std::uint64_t reached) {
    std::atomic<std::uint64_t> added{0};
    const std::uint64_t words = kMarked ? newest_.size() : store_.words();
    std::vector<Worker> workers;
    workers.reserve(static_cast<std::size_t>(threads_));
    for (int t = 0; t < threads_; ++t) workers.emplace_back(*this, d, t);
    handover_.clear();
    std::vector<double> busy(static_cast<std::size_t>(threads_));
    auto work = [&](int t) {
      const auto started = std::chrono::steady_clock::now();
      Worker& me = workers[static_cast<std::size_t>(t)];
      own_chunks(t, words, [&](std::uint64_t begin, std::uint64_t end) {
        // A chunk no state of layer d was put in is skipped unread: the first and last layers
        // touch few chunks, and a scan of a 2x7 store reads 10.9 GB. Only this thread reads or
        // writes the flag of d's parity during this pass.
        std::uint8_t& open = open_chunks_[static_cast<std::size_t>(d % 2)][begin / kChunkWords];
        if (open == 0) return;
        open = 0;
        const std::uint64_t before = me.count;
        me.expand_words(begin, end);
        if (threads_ > 1) me.receive();
        added.fetch_add(me.count - before, std::memory_order_relaxed);
        // One thread reports, so the callback need not be thread-safe.
        if (t == 0 && progress_) {
          progress_(static_cast<double>(reached + added.load(std::memory_order_relaxed)) /
                    static_cast<double>(states_));
        }
      });
      // The time over its own blocks, the wait for the others left out: the next shares.
      busy[static_cast<std::size_t>(t)] =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (threads_ > 1) me.finish();
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    owners_.rebalance(busy);

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

  Store& store_;
  int threads_;
  std::uint64_t states_;
  std::uint64_t list_limit_;
  const std::function<void(double)>& progress_;
  std::array<std::uint8_t, N> parity_{};
  std::vector<std::uint64_t> newest_;  // with kMarked, a bit a state: in the newest layer
  // By parity, a byte a chunk: whether a state of the open layer of that parity was put in it.
  std::array<std::vector<std::uint8_t>, 2> open_chunks_;
  std::uint64_t block_chunks_ = 1;  // chunks a block
  int block_shift_ = 0;             // a state's block: its index shifted so far
  BlockOwners owners_{0, 1};        // whose each block is in the pass under way
  Handover handover_;
};

}  // namespace slidegif::detail
