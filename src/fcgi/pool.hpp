#pragma once
// A pre-forked pool: the parent forks `workers` processes that all accept on one listening
// socket, and replaces any that ends (killed, over a backstop, or done with its requests)
// until it is told to stop (SIGTERM, SIGINT): then each worker finishes its request and ends
// (killed after `drain`, or on a second signal), and run_pool returns. SIGHUP replaces every
// worker after its request. Workers end with the pool, however it dies (PR_SET_PDEATHSIG).
//
//   return run_pool(cores, [&](int slot) { return run_worker(fd, files, limits, {m, slot}); });

#include <chrono>
#include <functional>

namespace slidegif::fcgi {

// The signals the pool waits for (SIGCHLD, SIGTERM, SIGINT, SIGHUP), blocked in the calling
// thread; run_pool() does it too. Call it first thing, so that a stop asked for while the
// process starts up is not lost (or fatal) but waits for the pool.
void block_pool_signals();

// Returns 0 after a requested stop; 1 when workers keep failing at once (more than `workers`
// exits with status 1 within a second of starting, e.g. no listening socket). Each worker has a
// slot, 0 to workers - 1, which a replacement takes over; `ended(slot, signal)`, if given, is
// called in the pool when the worker in it has ended (to clear what it left in shared memory),
// with the signal that ended it or 0.
int run_pool(int workers, const std::function<int(int slot)>& worker,
             const std::function<void(int slot, int signal)>& ended = {},
             std::chrono::seconds drain = std::chrono::seconds(30));

}  // namespace slidegif::fcgi
