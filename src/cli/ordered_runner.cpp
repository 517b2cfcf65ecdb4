#include "cli/ordered_runner.hpp"

#include <algorithm>

namespace slidegif::cli {

OrderedRunner::OrderedRunner(int jobs, Work work, Emit emit)
    : work_(std::move(work)),
      emit_(std::move(emit)),
      window_(4 * static_cast<std::size_t>(std::max(jobs, 1))) {
  // One job runs on the caller's thread: handing each line to a thread and back cost more than
  // a 3x3 line's whole answer (two context switches a line).
  if (jobs > 1)
    for (int i = 0; i < jobs; ++i) threads_.emplace_back([this] { worker(); });
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

void OrderedRunner::submit(BatchItem item) {
  if (threads_.empty()) {
    const std::lock_guard lock(mutex_);
    done_.emplace(submitted_++, run(item));
    emit_ready();
    return;
  }
  std::unique_lock lock(mutex_);
  has_room_.wait(lock, [this] { return submitted_ - emitted_ < window_; });
  pending_.emplace_back(submitted_++, std::move(item));
  has_work_.notify_one();
}

void OrderedRunner::finish() {
  {
    std::unique_lock lock(mutex_);
    has_room_.wait(lock, [this] { return emitted_ == submitted_; });
    closing_ = true;
  }
  has_work_.notify_all();
  for (std::thread& t : threads_) t.join();
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
    BatchOutcome outcome = run(item);
    lock.lock();
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
