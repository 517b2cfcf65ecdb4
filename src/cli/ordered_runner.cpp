#include "cli/ordered_runner.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace slidegif::cli {

OrderedRunner::OrderedRunner(int jobs, Work work, Emit emit, std::chrono::microseconds block_work)
    : work_(std::move(work)),
      emit_(std::move(emit)),
      jobs_(std::max(jobs, 1)),
      block_work_(block_work),
      window_(4 * static_cast<std::size_t>(jobs_)) {
  if (jobs_ > 1)
    for (int i = 0; i < jobs_; ++i) threads_.emplace_back([this] { worker(); });
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

std::size_t OrderedRunner::blocks() const {
  const std::lock_guard lock(mutex_);
  return blocks_;
}

std::size_t OrderedRunner::block_lines() const {
  if (block_work_.count() == 0 || !costed_) return 1;
  if (line_cost_.count() <= 0) return kMaxBlock;
  const auto lines = static_cast<std::size_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(block_work_) / line_cost_);
  return std::clamp<std::size_t>(lines, 1, kMaxBlock);
}

void OrderedRunner::Block::add(int number, std::string_view line) {
  lines.push_back({number, text.size(), line.size()});
  text.append(line);
}

void OrderedRunner::submit(BatchItem item) {
  if (threads_.empty()) {
    const BatchOutcome outcome = run(item);
    emit({outcome.text, outcome.failed});  // in order by construction
    return;
  }
  std::unique_lock lock(mutex_);
  if (open_.lines.empty()) open_.first = closed_;
  open_.add(item.number, item.line);
  if (open_.lines.size() >= block_lines()) {
    close_block(lock);
  } else if (idle_ > 0 && in_flight_ < window_) {
    has_work_.notify_one();  // an idle thread takes the block as it is
  }
}

void OrderedRunner::close_block(std::unique_lock<std::mutex>& lock) {
  has_room_.wait(lock, [this] { return in_flight_ < window_; });
  if (open_.lines.empty()) return;  // an idle thread took it meanwhile
  hand_on_open_block();
  has_work_.notify_one();
}

void OrderedRunner::hand_on_open_block() {
  closed_ += open_.lines.size();
  ++in_flight_;
  ++blocks_;
  pending_.push_back(std::move(open_));
  open_ = Block{};
}

void OrderedRunner::finish() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;  // the threads take what is left, the open block too, and stop
  }
  has_work_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  if (error_) std::rethrow_exception(error_);
}

void OrderedRunner::worker() {
  for (;;) {
    std::unique_lock lock(mutex_);
    ++idle_;
    // At the end a thread stays until no block is in flight: a running one may hand back lines.
    has_work_.wait(lock, [this] {
      if (!pending_.empty()) return true;
      if (!open_.lines.empty()) return closing_ || in_flight_ < window_;
      return closing_ && in_flight_ == 0;
    });
    --idle_;
    if (pending_.empty()) {
      if (open_.lines.empty()) return;  // closing, nothing left
      hand_on_open_block();             // taken as it is
    }
    Block block = std::move(pending_.front());
    pending_.pop_front();
    lock.unlock();
    run_block(std::move(block));
  }
}

void OrderedRunner::run_block(Block block) {
  Answers done;
  done.answers.reserve(block.lines.size());
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = std::chrono::steady_clock::duration::zero();
  for (std::size_t i = 0; i < block.lines.size(); ++i) {
    const BatchOutcome outcome = run(block.item(i));
    done.text += outcome.text;
    done.answers.emplace_back(outcome.text.size(), outcome.failed);
    elapsed = std::chrono::steady_clock::now() - started;
    if (block_work_.count() > 0 && elapsed > 4 * block_work_) break;
  }
  const std::size_t answered = done.answers.size();
  const std::lock_guard lock(mutex_);
  learn_cost(std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed) / answered, answered);
  if (answered < block.lines.size()) {
    // Slower than it was sized for: the rest goes back first in line, in blocks sized by what
    // was just learnt, so that every thread takes a share.
    std::vector<Block> rest;
    const std::size_t step = block_lines();
    for (std::size_t at = answered; at < block.lines.size(); at += step) {
      Block part;
      part.first = block.first + at;
      for (std::size_t i = at; i < std::min(at + step, block.lines.size()); ++i) {
        const BatchItem item = block.item(i);
        part.add(item.number, item.line);
      }
      rest.push_back(std::move(part));
    }
    pending_.insert(pending_.begin(), std::make_move_iterator(rest.begin()),
                    std::make_move_iterator(rest.end()));
    in_flight_ += rest.size();
    blocks_ += rest.size();
    has_work_.notify_all();
  }
  done_.emplace(block.first, std::move(done));
  emit_ready();
}

void OrderedRunner::learn_cost(std::chrono::nanoseconds mean, std::size_t lines) {
  // A running mean over about the last 8 lines: a block of n lines weighs n of them.
  const auto weight = static_cast<std::int64_t>(std::min<std::size_t>(lines, 8));
  line_cost_ = costed_ ? line_cost_ + (mean - line_cost_) * weight / 8 : mean;
  costed_ = true;
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

void OrderedRunner::emit(const EmittedOutcome& outcome) {
  try {
    emit_(outcome);
  } catch (...) {
    const std::lock_guard lock(error_mutex_);
    if (!error_) error_ = std::current_exception();
  }
}

void OrderedRunner::emit_ready() {
  while (!done_.empty() && done_.begin()->first == emitted_) {
    const Answers& done = done_.begin()->second;
    std::size_t at = 0;
    for (const auto& [size, failed] : done.answers) {
      emit({std::string_view(done.text).substr(at, size), failed});
      at += size;
    }
    emitted_ += done.answers.size();
    done_.erase(done_.begin());
    --in_flight_;
    // The reader waits on a full window: wake it when half is free, not at every block, so
    // a cheap block does not cost a context switch.
    if (in_flight_ <= window_ / 2) has_room_.notify_all();
  }
  if (idle_ > 0 && !open_.lines.empty()) has_work_.notify_one();  // room for the open block
  if (closing_ && in_flight_ == 0) has_work_.notify_all();        // the threads may stop
}

}  // namespace slidegif::cli
