#pragma once
// Values threads hand to one another: a ring for each ordered pair of threads, written by one
// and read by the other, so neither locks nor atomic read-modify-writes. The full search gives
// each thread blocks of the store of its own and hands it the children others find there
// (layered_bfs.hpp): in a store that every thread writes, each claim is an atomic operation
// and the cache lines travel from core to core (2x6 on two threads took 1.2-1.3x as long).
//
// A pass: every thread sends and receives as it goes, then calls finish, which returns once
// every thread has finished and all that was sent has been received. Then clear, and the
// next pass starts with new Ports.

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace slidegif::detail {

class Handover {
 public:
  // slots: a ring's size, a power of two.
  explicit Handover(int threads, std::uint64_t slots = std::uint64_t{1} << 16)
      : threads_(threads),
        slots_(slots),
        rings_(static_cast<std::size_t>(threads * threads)),
        finished_(static_cast<std::size_t>(threads)) {
    for (Ring& r : rings_) r.values.resize(slots);
  }

  // Empties the rings for the next pass; no thread may be using them.
  void clear() {
    for (Ring& r : rings_) r.sent = r.taken = 0;
    for (auto& f : finished_) f = false;
  }

  // One thread's ends of the rings: those from it and those to it. One a thread and pass.
  class Port {
   public:
    Port(Handover& handover, int me)
        : handover_(handover),
          me_(me),
          sent_(static_cast<std::size_t>(handover.threads_)),
          taken_(sent_.size()),
          free_from_(sent_.size()) {}

    // Queues v for thread `to` (not this one). While its ring is full, takes what was sent
    // here: two threads that fill each other's rings cannot wait on each other.
    template <class Take>
    void send(int to, std::uint64_t v, Take&& take) {
      const auto t = static_cast<std::size_t>(to);
      Ring& r = handover_.ring(me_, to);
      if (sent_[t] - free_from_[t] == handover_.slots_) {
        publish();
        for (;;) {
          free_from_[t] = r.taken.load(std::memory_order_acquire);
          if (sent_[t] - free_from_[t] < handover_.slots_) break;
          receive(take);
          std::this_thread::yield();
        }
      }
      r.values[sent_[t] & (handover_.slots_ - 1)] = v;
      // Told in batches: the count's cache line moves to the reader at every store.
      if (++sent_[t] % kBatch == 0) r.sent.store(sent_[t], std::memory_order_release);
    }

    // Shows the receivers everything sent so far.
    void publish() {
      for (int to = 0; to < handover_.threads_; ++to) {
        if (to != me_) {
          handover_.ring(me_, to).sent.store(sent_[static_cast<std::size_t>(to)],
                                             std::memory_order_release);
        }
      }
    }

    // Calls take(v) for each value sent here and shown, in the order each thread sent them.
    // take must not send.
    template <class Take>
    void receive(Take&& take) {
      for (int from = 0; from < handover_.threads_; ++from) {
        if (from == me_) continue;
        Ring& r = handover_.ring(from, me_);
        const std::uint64_t sent = r.sent.load(std::memory_order_acquire);
        std::uint64_t& taken = taken_[static_cast<std::size_t>(from)];
        if (taken == sent) continue;
        for (; taken != sent; ++taken) take(r.values[taken & (handover_.slots_ - 1)]);
        r.taken.store(taken, std::memory_order_release);
      }
    }

    // This thread sends no more; takes what is sent here until every thread has said so.
    template <class Take>
    void finish(Take&& take) {
      publish();
      handover_.finished_[static_cast<std::size_t>(me_)].store(true, std::memory_order_release);
      for (;;) {
        bool all = true;
        for (const auto& f : handover_.finished_) all = all && f.load(std::memory_order_acquire);
        receive(take);  // after the test: a thread seen finished has shown all it sent
        if (all) return;
        std::this_thread::yield();
      }
    }

   private:
    Handover& handover_;
    int me_;
    // By the other thread: values sent to it, taken from it, and the last count of those it
    // took from this thread that was read.
    std::vector<std::uint64_t> sent_, taken_, free_from_;
  };

 private:
  static constexpr std::uint64_t kBatch = 64;

  struct Ring {
    std::vector<std::uint64_t> values;
    alignas(64) std::atomic<std::uint64_t> sent{0};   // written by the sender
    alignas(64) std::atomic<std::uint64_t> taken{0};  // written by the receiver
  };
  Ring& ring(int from, int to) {
    return rings_[static_cast<std::size_t>(from) * static_cast<std::size_t>(threads_) +
                  static_cast<std::size_t>(to)];
  }

  int threads_;
  std::uint64_t slots_;
  std::vector<Ring> rings_;
  std::vector<std::atomic<bool>> finished_;
};

}  // namespace slidegif::detail
