#include "cli/ordered_runner.hpp"

#include <algorithm>
#include <bit>

namespace slidegif::cli {

OrderedRunner::OrderedRunner(int jobs, Work work, Emit emit, std::chrono::microseconds slow_line)
    : work_(std::move(work)),
      emit_(std::move(emit)),
      jobs_(std::max(jobs, 1)),
      slow_line_(slow_line),
      window_(4 * static_cast<std::size_t>(jobs_)) {
  start_threads();
}

OrderedRunner::~OrderedRunner() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;
  }
  has_work_.notify_all();
  for (std::thread& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void OrderedRunner::start_threads() {
  if (jobs_ > 1)
    for (int i = 0; i < jobs_; ++i) threads_.emplace_back([this] { worker(); });
}

void OrderedRunner::stop_threads() {
  {
    std::unique_lock lock(mutex_);
    has_room_.wait(lock, [this] { return emitted_ == submitted_; });
    closing_ = true;
  }
  has_work_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  const std::lock_guard lock(mutex_);
  closing_ = false;
}

void OrderedRunner::record(bool slow) {
  recent_slow_ = ((recent_slow_ << 1) | (slow ? 1u : 0u)) & 0xFFu;
  recorded_ = std::min(recorded_ + 1, 8);
}

void OrderedRunner::submit(BatchItem item) {
  if (threads_.empty()) {
    {
      const std::lock_guard lock(mutex_);
      const auto started = std::chrono::steady_clock::now();
      done_.emplace(submitted_++, run(item));
      record(std::chrono::steady_clock::now() - started >= slow_line_);
      emit_ready();
    }
    if (std::popcount(recent_slow_) >= 4) start_threads();
    return;
  }
  std::unique_lock lock(mutex_);
  if (recorded_ == 8 && recent_slow_ == 0) {
    // Eight cheap lines in a row: the rest goes faster on this thread.
    lock.unlock();
    stop_threads();
    submit(std::move(item));
    return;
  }
  has_room_.wait(lock, [this] { return submitted_ - emitted_ < window_; });
  pending_.emplace_back(submitted_++, std::move(item));
  has_work_.notify_one();
}

void OrderedRunner::finish() {
  stop_threads();
  if (error_) std::rethrow_exception(error_);
}

void OrderedRunner::worker() {
  for (;;) {
    std::unique_lock lock(mutex_);
    has_work_.wait(lock, [this] { return !pending_.empty() || closing_; });
    if (pending_.empty()) return;
    auto [sequence, item] = std::move(pending_.front());
    pending_.pop_front();
    lock.unlock();
    const auto started = std::chrono::steady_clock::now();
    BatchOutcome outcome = run(item);
    const bool slow = std::chrono::steady_clock::now() - started >= slow_line_;
    lock.lock();
    record(slow);
    done_.emplace(sequence, std::move(outcome));
    emit_ready();
  }
}

BatchOutcome OrderedRunner::run(const BatchItem& item) {
  try {
    return work_(item);
  } catch (...) {
    const std::lock_guard lock(error_mutex_);
    if (!error_) error_ = std::current_exception();
  }
  return BatchOutcome{.text = {}, .failed = true};
}

void OrderedRunner::emit_ready() {
  while (!done_.empty() && done_.begin()->first == emitted_) {
    try {
      emit_(done_.begin()->second);
    } catch (...) {
      const std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
    }
    done_.erase(done_.begin());
    ++emitted_;
    // The reader waits on a full window: wake it when half is free (or all, for finish()),
    // not at every line, so a cheap line does not cost a context switch.
    if (submitted_ - emitted_ <= window_ / 2) has_room_.notify_all();
  }
}

}  // namespace slidegif::cli
