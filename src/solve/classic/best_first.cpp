// A*, uniform-cost search and greedy best-first search: one loop over an open list ordered by
// the algorithm's priority, with a table of the states seen (their best g, how they were
// reached, whether expanded).
#include <algorithm>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "solve/classic/searches.hpp"

namespace slidegif::detail::classic {
namespace {

constexpr std::uint8_t kNoMove = 4;  // the start was reached by no move

struct Seen {
  int g = 0;
  Key parent = 0;
  std::uint8_t move = kNoMove;
  bool closed = false;
};

// An open-list entry; the smallest (primary, secondary, order) is expanded first.
struct Entry {
  int primary;
  int secondary;
  std::uint64_t order;  // generation order: ties go to the earliest generated
  Key key;
  int g;
};

struct Later {
  bool operator()(const Entry& a, const Entry& b) const {
    return std::tie(a.primary, a.secondary, a.order) > std::tie(b.primary, b.secondary, b.order);
  }
};

// A*: f, then the deeper first (it is nearer an answer); UCS: g; greedy: h.
std::pair<int, int> priority(ClassicAlgorithm algorithm, int g, int h) {
  switch (algorithm) {
    case ClassicAlgorithm::UniformCost:
      return {g, 0};
    case ClassicAlgorithm::Greedy:
      return {h, 0};
    default:
      return {g + h, -g};
  }
}

std::vector<Move> path_to(const std::unordered_map<Key, Seen>& seen, Key key) {
  std::vector<Move> moves;
  for (auto it = seen.find(key); it->second.move != kNoMove; it = seen.find(it->second.parent)) {
    moves.push_back(static_cast<Move>(it->second.move));
  }
  std::reverse(moves.begin(), moves.end());
  return moves;
}

}  // namespace

void best_first(const Problem& problem, ClassicAlgorithm algorithm, const ClassicLimits& limits,
                ClassicObserver* observer, ClassicResult& result) {
  const bool greedy = algorithm == ClassicAlgorithm::Greedy;
  const bool uses_h = algorithm != ClassicAlgorithm::UniformCost;
  const Key goal = problem.key(problem.goal());
  std::priority_queue<Entry, std::vector<Entry>, Later> open;
  std::unordered_map<Key, Seen> seen;
  std::uint64_t order = 0;
  const Key start = problem.key(problem.start());
  seen.emplace(start, Seen{});
  const auto [p0, s0] = priority(algorithm, 0, uses_h ? problem.estimate(problem.start()) : 0);
  open.push({p0, s0, order++, start, 0});
  const Budget budget(limits);
  while (!open.empty()) {
    const Entry e = open.top();
    open.pop();
    Seen& here = seen.find(e.key)->second;
    if (here.closed || e.g > here.g) continue;  // an entry superseded by a better one
    here.closed = true;
    const std::uint8_t reached_by = here.move;
    ++result.expanded;
    const State state = problem.state(e.key);
    // Every state seen is open or closed; with a consistent estimate none is reopened.
    const std::uint64_t closed = result.expanded - 1 - result.reopened;
    tell(observer, problem, state,
         {.number = result.expanded,
          .g = e.g,
          .h = uses_h ? problem.estimate(state) : 0,
          .open = seen.size() - closed - 1,
          .closed = closed});
    if (e.key == goal) {
      result.solved = true;
      result.moves = path_to(seen, goal);
      break;
    }
    for (const Move m : kAllMoves) {
      if (problem.target(state.blank, m) < 0) continue;
      if (reached_by != kNoMove && m == opposite(static_cast<Move>(reached_by))) continue;
      const State next = problem.moved(state, m);
      const Key key = problem.key(next);
      ++result.generated;
      const int g = e.g + 1;
      auto [it, fresh] = seen.try_emplace(key, Seen{g, e.key, static_cast<std::uint8_t>(m)});
      if (!fresh) {
        // Greedy never reopens; the others take a shorter way to a state, expanded or not.
        if (greedy || g >= it->second.g) continue;
        if (it->second.closed) ++result.reopened;
        it->second = Seen{g, e.key, static_cast<std::uint8_t>(m)};
      }
      const auto [primary, secondary] = priority(algorithm, g, uses_h ? problem.estimate(next) : 0);
      open.push({primary, secondary, order++, key, g});
    }
    const std::uint64_t bytes = seen.size() * kSeenStateBytes + open.size() * sizeof(Entry);
    if (seen.size() > result.max_held) {
      result.max_held = seen.size();
      result.bytes = bytes;
    }
    if ((result.expanded & 255) == 0) {
      result.stopped = budget.exceeded(result.expanded, bytes);
      if (!result.stopped.empty()) return;
    }
  }
  if (!result.solved && result.stopped.empty()) result.stopped = "no answer (impossible)";
}

}  // namespace slidegif::detail::classic
