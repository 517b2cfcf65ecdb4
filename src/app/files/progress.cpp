#include "app/files/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace slidegif::app {

ProgressBar::ProgressBar(std::string label, bool force)
    : label_(std::move(label)),
      enabled_(force || ::isatty(STDERR_FILENO) == 1),
      started_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() {
  finish();
}

void ProgressBar::set_label(std::string label) {
  label_ = std::move(label);
}

std::string ProgressBar::render(const std::string& label, double fraction, double seconds,
                                int width) {
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int filled = static_cast<int>(fraction * width + 0.5);
  return fmt::format(
      "[{}{}] {:3.0f}% {:5.0f} s  {}", std::string(static_cast<std::size_t>(filled), '#'),
      std::string(static_cast<std::size_t>(width - filled), '.'), fraction * 100, seconds, label);
}

void ProgressBar::update(double fraction) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100) && fraction < 1.0) return;
  last_draw_ = now;
  draw(fraction);
}

void ProgressBar::draw(double fraction) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  // \r and clear-to-end-of-line: redraw in place.
  std::fprintf(stderr, "\r%s\033[K", render(label_, fraction, seconds, 30).c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!drawn_) return;
  std::fputc('\n', stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace slidegif::app
