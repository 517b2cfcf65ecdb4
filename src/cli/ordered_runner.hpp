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
//
// Handing a line to a thread and back costs two context switches, more than a 3x3 line's whole
// answer (a 10,000-line 3x3 batch took 0.14 s on two threads against 0.09 s on one). So the
// threads work while lines are slow, and the caller's thread answers alone while they are
// cheap: after 8 lines in a row under `slow_line` the threads stop, and once 4 of the last 8
// lines took `slow_line` or more they start again (a few slow lines are the tables a batch
// builds once). slow_line 0 keeps the threads throughout.

#include <chrono>
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
  static constexpr std::chrono::microseconds kSlowLine{1000};
  OrderedRunner(int jobs, Work work, Emit emit, std::chrono::microseconds slow_line = kSlowLine);
  ~OrderedRunner();
  OrderedRunner(const OrderedRunner&) = delete;
  OrderedRunner& operator=(const OrderedRunner&) = delete;

  void submit(BatchItem item);
  // Waits for every answer and joins the threads. Rethrows the first exception `work` or
  // `emit` let out (they should not).
  void finish();

 private:
  void start_threads();
  void stop_threads();     // after every line submitted so far is emitted
  void record(bool slow);  // with mutex_ held
  void worker();
  BatchOutcome run(const BatchItem& item);  // work_, an exception kept in error_
  void emit_ready();                        // with mutex_ held

  Work work_;
  Emit emit_;
  int jobs_;
  std::chrono::microseconds slow_line_;
  unsigned recent_slow_ = 0;  // bit i: the i-th line finished before the last was slow
  int recorded_ = 0;          // lines in recent_slow_, up to 8
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
