// IDA* (Korf 1985): depth-first searches bounded by f = g + h, the bound of each next one the
// smallest f that passed the last. Holds only the path.
#include <climits>
#include <vector>

#include "solve/classic/searches.hpp"

namespace slidegif::detail::classic {
namespace {

class Deepening {
 public:
  Deepening(const Problem& problem, const ClassicLimits& limits, ClassicObserver* observer,
            ClassicResult& result)
      : problem_(problem), budget_(limits), observer_(observer), result_(result) {}

  void run() {
    State start = problem_.start();
    int bound = problem_.estimate(start);
    for (;;) {
      result_.thresholds.push_back(bound);
      next_bound_ = INT_MAX;
      pass_began_ = result_.expanded;
      if (search(start, 0, bound, -1)) {
        result_.solved = true;
        result_.moves = path_;
        return;
      }
      if (!result_.stopped.empty()) return;
      if (next_bound_ == INT_MAX) {
        result_.stopped = "no answer (impossible)";
        return;
      }
      bound = next_bound_;
    }
  }

 private:
  // True when the goal was reached from `state` within `bound`; path_ then leads there.
  bool search(const State& state, int g, int bound, int reached_by) {
    const int h = problem_.estimate(state);
    const int f = g + h;
    if (f > bound) {
      next_bound_ = std::min(next_bound_, f);
      return false;
    }
    ++result_.expanded;
    tell(observer_, problem_, state,
         {.number = result_.expanded,
          .g = g,
          .h = h,
          .closed = result_.expanded - 1 - pass_began_,
          .bound = bound});
    const auto held = static_cast<std::uint64_t>(g) + 1;
    if (held > result_.max_held) {
      result_.max_held = held;
      result_.bytes = held * (sizeof(State) + sizeof(Move));
    }
    if (state.tiles == problem_.goal().tiles) return true;
    if ((result_.expanded & 4095) == 0) {
      result_.stopped = budget_.exceeded(result_.expanded, result_.bytes);
      if (!result_.stopped.empty()) return false;
    }
    for (const Move m : kAllMoves) {
      if (problem_.target(state.blank, m) < 0) continue;
      if (reached_by >= 0 && m == opposite(static_cast<Move>(reached_by))) continue;
      ++result_.generated;
      path_.push_back(m);
      if (search(problem_.moved(state, m), g + 1, bound, static_cast<int>(m))) return true;
      path_.pop_back();
      if (!result_.stopped.empty()) return false;
    }
    return false;
  }

  const Problem& problem_;
  Budget budget_;
  ClassicObserver* observer_;
  ClassicResult& result_;
  std::uint64_t pass_began_ = 0;  // expansions before this pass
  std::vector<Move> path_;
  int next_bound_ = INT_MAX;
};

}  // namespace

void iterative_deepening(const Problem& problem, const ClassicLimits& limits,
                         ClassicObserver* observer, ClassicResult& result) {
  Deepening(problem, limits, observer, result).run();
}

}  // namespace slidegif::detail::classic
