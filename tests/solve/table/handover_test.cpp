// The full search's handover between threads: every value sent arrives exactly once, at the
// thread it was sent to, in the order its sender sent it; rings far smaller than what is sent
// fill up without the threads waiting on each other for ever; finish returns in every thread
// only once all have finished and everything sent has been taken; clear starts a new pass.
#include "solve/table/handover.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

namespace slidegif::detail {
namespace {

// A value: its sender, its addressee and its number among the sender's values to it.
std::uint64_t value(int from, int to, std::uint64_t n) {
  return static_cast<std::uint64_t>(from) << 56 | static_cast<std::uint64_t>(to) << 48 | n;
}

struct Received {
  std::vector<std::uint64_t> next;  // by sender: the number expected next
  std::uint64_t wrong = 0;          // values out of order, or not for this thread
};

// threads threads, each sending `count` values to every other, taking what arrives between
// its sends and taking the rest in finish; what each received.
std::vector<Received> exchange(Handover& handover, int threads, std::uint64_t count) {
  std::vector<Received> received(static_cast<std::size_t>(threads));
  auto run = [&](int me) {
    Handover::Port port(handover, me);
    Received& mine = received[static_cast<std::size_t>(me)];
    mine.next.assign(static_cast<std::size_t>(threads), 0);
    auto take = [&](std::uint64_t v) {
      const auto from = static_cast<std::size_t>(v >> 56);
      const int to = static_cast<int>(v >> 48 & 255);
      if (from >= mine.next.size() || to != me ||
          v != value(static_cast<int>(from), me, mine.next[from])) {
        ++mine.wrong;
        return;
      }
      ++mine.next[from];
    };
    for (std::uint64_t n = 0; n < count; ++n) {
      for (int to = 0; to < threads; ++to)
        if (to != me) port.send(to, value(me, to, n), take);
      if (n % 100 == 99) port.receive(take);
    }
    port.finish(take);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(run, t);
  run(0);
  for (auto& th : pool) th.join();
  return received;
}

void expect_all_arrived(const std::vector<Received>& received, std::uint64_t count) {
  for (std::size_t me = 0; me < received.size(); ++me) {
    EXPECT_EQ(received[me].wrong, 0U) << "thread " << me;
    for (std::size_t from = 0; from < received.size(); ++from) {
      EXPECT_EQ(received[me].next[from], from == me ? 0 : count)
          << "thread " << me << " from " << from;
    }
  }
}

TEST(Handover, EveryValueArrivesOnceInOrderThroughRingsThatFillUp) {
  for (int threads : {2, 3}) {
    Handover handover(threads, 16);  // 16 slots: full again and again
    expect_all_arrived(exchange(handover, threads, 3'000), 3'000);
  }
}

TEST(Handover, AClearedHandoverCarriesAnotherPass) {
  Handover handover(2, 64);
  for (int pass = 0; pass < 3; ++pass) {
    handover.clear();
    const std::uint64_t count = 1'000 + 100 * static_cast<std::uint64_t>(pass);
    expect_all_arrived(exchange(handover, 2, count), count);
  }
}

// A thread with nothing to send still takes all that is sent to it before finish returns.
TEST(Handover, FinishWaitsForWhatOthersStillSend) {
  Handover handover(2, 8);
  std::uint64_t taken = 0;
  std::thread sender([&] {
    Handover::Port port(handover, 1);
    for (std::uint64_t n = 0; n < 1'000; ++n) port.send(0, n, [](std::uint64_t) {});
    port.finish([](std::uint64_t) {});
  });
  Handover::Port port(handover, 0);
  std::uint64_t next = 0;
  std::uint64_t wrong = 0;
  port.finish([&](std::uint64_t v) {
    wrong += v == next ? 0 : 1;
    next = v + 1;
    ++taken;
  });
  sender.join();
  EXPECT_EQ(taken, 1'000U);
  EXPECT_EQ(wrong, 0U);
}

}  // namespace
}  // namespace slidegif::detail
