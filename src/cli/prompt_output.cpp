#include "cli/prompt_output.hpp"

#include <stdexcept>

namespace slidegif::cli {

PromptOutput::PromptOutput(std::FILE* stream, std::chrono::milliseconds delay, std::string name)
    : stream_(stream), delay_(delay), name_(std::move(name)), flusher_([this] { flush_loop(); }) {}

PromptOutput::~PromptOutput() {
  stop();
}

void PromptOutput::write(std::string_view text) {
  const bool written = std::fwrite(text.data(), 1, text.size(), stream_) == text.size();
  const std::lock_guard lock(mutex_);
  failed_ = failed_ || !written;
  // Only the first line after a flush wakes the helper: one wake-up per block, not per line.
  if (!dirty_) {
    dirty_ = true;
    wake_.notify_one();
  }
}

void PromptOutput::close() {
  stop();
  const std::lock_guard lock(mutex_);
  if (failed_) throw std::runtime_error("cannot write to " + name_);
}

void PromptOutput::stop() {
  {
    const std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.notify_one();
  if (flusher_.joinable()) flusher_.join();
}

void PromptOutput::flush_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return dirty_ || closing_; });
    // Let the lines that follow quickly join this block; closing cuts the wait short.
    wake_.wait_for(lock, delay_, [this] { return closing_; });
    // Cleared before the flush: a line written during it sets it again for the next round.
    dirty_ = false;
    const bool closing = closing_;
    lock.unlock();
    const bool flushed = std::fflush(stream_) == 0;
    lock.lock();
    failed_ = failed_ || !flushed;
    if (closing) return;
  }
}

}  // namespace slidegif::cli
