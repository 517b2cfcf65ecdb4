#pragma once
// A one-line progress bar on stderr for long jobs (building pattern databases):
//   [#########...........]  45%  12 s  small 2/3
// Drawn only when stderr is a terminal or when forced, and at most 10 times a second, so a
// tight loop may call update() as often as it likes. Not thread-safe: one thread reports.

#include <chrono>
#include <string>

namespace slidegif::app {

class ProgressBar {
 public:
  explicit ProgressBar(std::string label, bool force = false);
  ~ProgressBar();  // finishes the line if anything was drawn
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void set_label(std::string label);
  void update(double fraction);  // 0..1
  void finish();

  static std::string render(const std::string& label, double fraction, double seconds, int width);

 private:
  void draw(double fraction);

  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace slidegif::app
