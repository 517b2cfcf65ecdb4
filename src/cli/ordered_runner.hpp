#pragma once
// Work on several threads, answers in input order: `solve --batch --jobs N`.
//
//   OrderedRunner runner(jobs, [](const BatchItem& i) { return solve_line(i); },
//                        [](const BatchOutcome& o) { fmt::print("{}", o.text); });
//   while (read(item)) runner.submit(std::move(item));  // blocks while the window is full
//   runner.finish();                                     // every answer emitted
//
// An answer is emitted as soon as it and every answer before it are done, so a slow line
// holds back the output but not the work; at most a window of 4 x jobs lines is in flight, so
// a long input is never read into memory at once.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace slidegif::cli {

struct BatchItem {
  int number = 0;  // the line number, for messages
  std::string line;
};

struct BatchOutcome {
  std::string text;  // printed as is
  bool failed = false;
};

class OrderedRunner {
 public:
  using Work = std::function<BatchOutcome(const BatchItem&)>;
  using Emit = std::function<void(const BatchOutcome&)>;

  // `work` runs on `jobs` threads at once (it must only read shared state); `emit` runs on one
  // thread at a time, in submission order.
  OrderedRunner(int jobs, Work work, Emit emit);
  ~OrderedRunner();
  OrderedRunner(const OrderedRunner&) = delete;
  OrderedRunner& operator=(const OrderedRunner&) = delete;

  void submit(BatchItem item);
  // Waits for every answer and joins the threads. Rethrows the first exception `work` or
  // `emit` let out (they should not).
  void finish();

 private:
  void worker();
  BatchOutcome run(const BatchItem& item);  // work_, an exception kept in error_
  void emit_ready();                        // with mutex_ held

  Work work_;
  Emit emit_;
  std::size_t window_;
  std::mutex mutex_;
  std::condition_variable has_work_;
  std::condition_variable has_room_;
  std::deque<std::pair<std::size_t, BatchItem>> pending_;
  std::map<std::size_t, BatchOutcome> done_;  // finished, waiting for the ones before
  std::size_t submitted_ = 0;
  std::size_t emitted_ = 0;
  bool closing_ = false;
  std::mutex error_mutex_;  // error_ is also set outside mutex_ (run())
  std::exception_ptr error_;
  std::vector<std::thread> threads_;
};

}  // namespace slidegif::cli
