#pragma once
// Work on several threads, answers in input order: `solve --batch --jobs N`.
//
//   OrderedRunner runner(jobs, [](const BatchItem& i) { return solve_line(i); },
//                        [](const EmittedOutcome& o) { fmt::print("{}", o.text); });
//   while (read(item)) runner.submit(item);  // blocks while the window is full
//   runner.finish();                          // every answer emitted
//
// An answer is emitted as soon as it and every answer before it are done, so a slow line
// holds back the output but not the work; at most a window of 4 x jobs blocks is in flight, so
// a long input is never read into memory at once.
//
// Lines go to the threads in blocks. Handing a block to a thread and back costs two context
// switches, more than a 3x3 line's whole answer (about 2 us), so cheap lines travel together:
// a block holds about `block_work` of lines, by the mean cost of the lines before it. The
// reader runs ahead of the threads, so a block may meet slower lines than it was sized for;
// once it has taken 4 x block_work, the thread hands back the rest of it, re-cut by the cost
// just learnt, for every thread to share. A thread with nothing to do takes the block being filled
// as it is, so a line typed at a terminal is answered at once: nothing waits for a block to fill.
// block_work 0: a line a block. With one job there are no threads: the caller answers each line
// itself.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace slidegif::cli {

struct BatchItem {
  int number = 0;         // the line number, for messages
  std::string_view line;  // submit() copies it; work's view lives while work runs
};

struct BatchOutcome {
  std::string text;  // printed as is
  bool failed = false;
};

// An outcome as emit sees it: the text lives while emit runs.
struct EmittedOutcome {
  std::string_view text;
  bool failed = false;
};

class OrderedRunner {
 public:
  using Work = std::function<BatchOutcome(const BatchItem&)>;
  using Emit = std::function<void(const EmittedOutcome&)>;

  // `work` runs on `jobs` threads at once (it must only read shared state); `emit` runs on one
  // thread at a time, in submission order.
  static constexpr std::chrono::microseconds kBlockWork{250};
  static constexpr std::size_t kMaxBlock = 256;  // lines
  OrderedRunner(int jobs, Work work, Emit emit, std::chrono::microseconds block_work = kBlockWork);
  ~OrderedRunner();
  OrderedRunner(const OrderedRunner&) = delete;
  OrderedRunner& operator=(const OrderedRunner&) = delete;

  void submit(BatchItem item);
  // Waits for every answer and joins the threads. Rethrows the first exception `work` or
  // `emit` let out (they should not).
  void finish();
  // Blocks handed to the threads so far (for tests).
  std::size_t blocks() const;

 private:
  // A block's lines in one buffer, and its answers in another: a line's own string would be
  // allocated by the reader and freed by a worker, an answer's by a worker and freed by
  // another, and such frees pass glibc's per-thread caches to contend for a lock (a 3x3
  // batch on two threads spent 13% more CPU than on one, most of it there).
  struct Line {
    int number = 0;
    std::size_t offset = 0;  // into text
    std::size_t size = 0;
  };
  struct Block {
    std::size_t first = 0;  // the submission index of its first line
    std::string text;
    std::vector<Line> lines;
    void add(int number, std::string_view line);
    BatchItem item(std::size_t i) const {
      return {lines[i].number, std::string_view(text).substr(lines[i].offset, lines[i].size)};
    }
  };
  struct Answers {
    std::string text;
    std::vector<std::pair<std::size_t, bool>> answers;  // each one's size and failed
  };
  std::size_t block_lines() const;  // with mutex_ held
  void close_block(std::unique_lock<std::mutex>& lock);
  void hand_on_open_block();  // open_ into pending_, with mutex_ held
  void worker();
  void run_block(Block block);
  void learn_cost(std::chrono::nanoseconds mean, std::size_t lines);  // with mutex_ held
  BatchOutcome run(const BatchItem& item);   // work_, an exception kept in error_
  void emit(const EmittedOutcome& outcome);  // emit_, an exception kept in error_
  void emit_ready();                         // with mutex_ held

  Work work_;
  Emit emit_;
  int jobs_;
  std::chrono::microseconds block_work_;
  std::chrono::nanoseconds line_cost_{0};  // running mean of a line's time, over about 8 lines
  bool costed_ = false;                    // line_cost_ has seen a line
  std::size_t window_;                     // blocks
  mutable std::mutex mutex_;
  std::condition_variable has_work_;
  std::condition_variable has_room_;
  Block open_;  // being filled by submit(); taken as it is by an idle thread
  std::deque<Block> pending_;
  std::map<std::size_t, Answers> done_;  // by first line, waiting their turn
  std::size_t closed_ = 0;               // lines handed on
  std::size_t emitted_ = 0;              // lines emitted
  std::size_t in_flight_ = 0;            // blocks handed on, not yet emitted
  std::size_t blocks_ = 0;               // blocks handed on in all
  int idle_ = 0;                         // threads waiting for work
  bool closing_ = false;
  std::mutex error_mutex_;  // error_ is also set outside mutex_ (run())
  std::exception_ptr error_;
  std::vector<std::thread> threads_;
};

}  // namespace slidegif::cli
