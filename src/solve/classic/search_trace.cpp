#include "solve/classic/search_trace.hpp"

#include <algorithm>

namespace slidegif::detail {
namespace {

// Keeps every stride-th step; when 2 * max_steps are kept, drops every other one and doubles
// the stride, so that what is kept stays evenly spread over the run whatever its length.
class Recorder final : public ClassicObserver {
 public:
  Recorder(Shape shape, std::size_t max_steps) : shape_(shape), max_steps_(max_steps) {}

  void expanding(const ClassicStep& step) override {
    if (step.bound != bound_) {  // a new IDA* pass: its histogram starts afresh
      bound_ = step.bound;
      ++pass_;
      by_depth_.clear();
    }
    const auto g = static_cast<std::size_t>(step.g);
    if (by_depth_.size() <= g) by_depth_.resize(g + 1);
    ++by_depth_[g];
    // The last expansion is made into a step at the end, with the counts as they are then.
    last_ = step;
    last_tiles_.assign(step.tiles.begin(), step.tiles.end());
    last_.tiles = last_tiles_;
    if ((step.number - 1) % stride_ != 0) return;
    steps_.push_back(make(step));
    if (steps_.size() < 2 * max_steps_) return;
    std::vector<TracedStep> kept;
    for (std::size_t i = 0; i < steps_.size(); i += 2) kept.push_back(std::move(steps_[i]));
    steps_ = std::move(kept);
    stride_ *= 2;
  }

  SearchTrace finish(ClassicResult result) && {
    if (last_.number > 0 && (steps_.empty() || steps_.back().number != last_.number)) {
      steps_.push_back(make(last_));
    }
    return {std::move(result), std::move(steps_), stride_};
  }

 private:
  TracedStep make(const ClassicStep& step) const {
    return {.number = step.number,
            .board = Board(shape_, std::vector<std::uint8_t>(step.tiles.begin(), step.tiles.end())),
            .g = step.g,
            .h = step.h,
            .open = step.open,
            .closed = step.closed,
            .bound = step.bound,
            .pass = std::max(pass_, 1),
            .backward = step.backward,
            .by_depth = by_depth_};
  }

  Shape shape_;
  std::size_t max_steps_;
  std::uint64_t stride_ = 1;
  std::vector<TracedStep> steps_;
  ClassicStep last_;
  std::vector<std::uint8_t> last_tiles_;
  std::vector<std::uint64_t> by_depth_;
  int bound_ = -1;
  int pass_ = 0;
};

}  // namespace

SearchTrace trace_classic(const ClassicMethod& method, const Board& start, const Board& goal,
                          const ClassicLimits& limits, std::size_t max_steps) {
  Recorder recorder(start.shape(), std::max<std::size_t>(max_steps, 1));
  ClassicResult result = run_classic(method, start, goal, limits, &recorder);
  return std::move(recorder).finish(std::move(result));
}

}  // namespace slidegif::detail
