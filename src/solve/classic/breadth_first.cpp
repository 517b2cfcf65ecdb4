// Breadth-first search, over a perfect ranking of the arrangements (each one's Lehmer code is
// its index in a byte table saying how it was reached), and bidirectional breadth-first search,
// over tables of seen states. Both expand whole layers in order, so their counts are exact.
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "solve/classic/searches.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail::classic {
namespace {

constexpr std::uint8_t kUnseen = 0;
constexpr std::uint8_t kStart = 5;  // else 1 + the move that reached it

std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

// The Lehmer code of the arrangement: its index among the n! orders of n tiles.
std::uint64_t rank_of(const State& s, int n) {
  std::uint64_t rank = 0;
  std::uint32_t used = 0;
  for (int c = 0; c < n; ++c) {
    const int tile = s.tiles[static_cast<std::size_t>(c)];
    const int smaller_unused = tile - __builtin_popcount(used & ((1u << tile) - 1));
    rank = rank * static_cast<std::uint64_t>(n - c) + static_cast<std::uint64_t>(smaller_unused);
    used |= 1u << tile;
  }
  return rank;
}

State unrank(std::uint64_t rank, int n) {
  std::array<int, kMaxClassicCells> digits{};
  for (int c = n - 1; c >= 0; --c) {
    const auto base = static_cast<std::uint64_t>(n - c);
    digits[static_cast<std::size_t>(c)] = static_cast<int>(rank % base);
    rank /= base;
  }
  State s;
  std::uint32_t used = 0;
  for (int c = 0; c < n; ++c) {
    int skip = digits[static_cast<std::size_t>(c)];
    int tile = 0;
    while ((used >> tile & 1) != 0 || skip-- > 0) ++tile;
    // `skip` counted down past the unused smaller tiles: tile is the digit-th unused one
    used |= 1u << tile;
    s.tiles[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(tile);
    if (tile == 0) s.blank = c;
  }
  return s;
}

}  // namespace

void breadth_first(const Problem& problem, const ClassicLimits& limits, ClassicObserver* observer,
                   ClassicResult& result) {
  const int n = problem.cells();
  const std::uint64_t arrangements = factorial(n);
  if (limits.max_bytes > 0 && arrangements > limits.max_bytes) {
    result.stopped = detail::format(
        "not started: breadth-first search here needs a byte for each of {} arrangements "
        "({} of them reachable), past the {} MB limit",
        detail::with_commas(arrangements), detail::with_commas(arrangements / 2),
        limits.max_bytes >> 20);
    return;
  }
  std::vector<std::uint8_t> reached(arrangements, kUnseen);
  const std::uint64_t goal = rank_of(problem.goal(), n);
  std::vector<std::uint64_t> layer{rank_of(problem.start(), n)};
  reached[layer.front()] = kStart;
  std::uint64_t held = 1;
  const Budget budget(limits);
  int depth = 0;
  while (!layer.empty() && !result.solved) {
    std::vector<std::uint64_t> next;
    for (std::size_t i = 0; i < layer.size(); ++i) {
      const std::uint64_t rank = layer[i];
      ++result.expanded;
      const State state = unrank(rank, n);
      tell(observer, problem, state,
           {.number = result.expanded,
            .g = depth,
            .open = layer.size() - i - 1 + next.size(),
            .closed = result.expanded - 1});
      if (rank == goal) {
        result.solved = true;
        break;
      }
      const std::uint8_t how = reached[rank];
      for (const Move m : kAllMoves) {
        if (problem.target(state.blank, m) < 0) continue;
        if (how != kStart && m == opposite(static_cast<Move>(how - 1))) continue;
        ++result.generated;
        const std::uint64_t r = rank_of(problem.moved(state, m), n);
        if (reached[r] != kUnseen) continue;
        reached[r] = static_cast<std::uint8_t>(1 + static_cast<int>(m));
        next.push_back(r);
        ++held;
      }
      if ((result.expanded & 1023) == 0) {
        const std::uint64_t bytes = arrangements + (layer.size() + next.size()) * 8;
        result.stopped = budget.exceeded(result.expanded, bytes);
        if (!result.stopped.empty()) return;
      }
    }
    result.max_held = held;
    result.bytes = std::max(result.bytes, arrangements + (layer.size() + next.size()) * 8);
    layer = std::move(next);
    ++depth;
  }
  if (!result.solved) {
    result.stopped = "no answer (impossible)";
    return;
  }
  // Back from the goal, each arrangement undone by the move that reached it.
  State state = problem.goal();
  for (std::uint8_t how = reached[goal]; how != kStart; how = reached[rank_of(state, n)]) {
    const auto m = static_cast<Move>(how - 1);
    result.moves.push_back(m);
    state = problem.moved(state, opposite(m));
  }
  std::reverse(result.moves.begin(), result.moves.end());
}

namespace {

struct Side {
  struct Seen {
    int depth = 0;
    Key parent = 0;
    std::uint8_t move = 4;  // the blank's move from parent to this state; 4: the side's root
  };
  std::unordered_map<Key, Seen> seen;
  std::vector<Key> frontier;
  int depth = 0;
};

// The moves from the side's root to `key`, each as the blank makes it from the root outwards.
std::vector<Move> moves_from_root(const Side& side, Key key) {
  std::vector<Move> moves;
  for (auto it = side.seen.find(key); it->second.move != 4;
       it = side.seen.find(it->second.parent)) {
    moves.push_back(static_cast<Move>(it->second.move));
  }
  std::reverse(moves.begin(), moves.end());
  return moves;
}

}  // namespace

void bidirectional(const Problem& problem, const ClassicLimits& limits, ClassicObserver* observer,
                   ClassicResult& result) {
  Side forward, backward;
  const Key start = problem.key(problem.start());
  const Key goal = problem.key(problem.goal());
  forward.seen.emplace(start, Side::Seen{});
  backward.seen.emplace(goal, Side::Seen{});
  forward.frontier = {start};
  backward.frontier = {goal};
  if (start == goal) {
    result.solved = true;
    result.expanded = 1;
    result.max_held = 1;
    tell(observer, problem, problem.start(), {.number = 1});
    return;
  }
  const Budget budget(limits);
  int best = -1;
  Key meeting = 0;
  while (best < 0 && !forward.frontier.empty() && !backward.frontier.empty()) {
    const bool ahead = forward.frontier.size() <= backward.frontier.size();
    Side& side = ahead ? forward : backward;
    const Side& other = ahead ? backward : forward;
    std::vector<Key> next;
    for (std::size_t i = 0; i < side.frontier.size(); ++i) {
      const Key key = side.frontier[i];
      ++result.expanded;
      const State state = problem.state(key);
      const Side::Seen here = side.seen.find(key)->second;
      tell(observer, problem, state,
           {.number = result.expanded,
            .g = here.depth,
            .open = side.frontier.size() - i - 1 + next.size() + other.frontier.size(),
            .closed = result.expanded - 1,
            .backward = !ahead});
      for (const Move m : kAllMoves) {
        if (problem.target(state.blank, m) < 0) continue;
        if (here.move != 4 && m == opposite(static_cast<Move>(here.move))) continue;
        ++result.generated;
        const Key k = problem.key(problem.moved(state, m));
        if (!side.seen.try_emplace(k, Side::Seen{here.depth + 1, key, static_cast<std::uint8_t>(m)})
                 .second) {
          continue;
        }
        next.push_back(k);
        if (const auto met = other.seen.find(k); met != other.seen.end()) {
          const int length = here.depth + 1 + met->second.depth;
          if (best < 0 || length < best) {
            best = length;
            meeting = k;
          }
        }
      }
      const std::uint64_t held = forward.seen.size() + backward.seen.size();
      const std::uint64_t bytes =
          held * kSeenStateBytes + (side.frontier.size() + next.size() + other.frontier.size()) * 8;
      if (held > result.max_held) {
        result.max_held = held;
        result.bytes = bytes;
      }
      if ((result.expanded & 255) == 0) {
        result.stopped = budget.exceeded(result.expanded, bytes);
        if (!result.stopped.empty()) return;
      }
    }
    side.frontier = std::move(next);  // a whole layer: the shortest meeting in it is optimal
  }
  if (best < 0) {
    result.stopped = "no answer (impossible)";
    return;
  }
  result.solved = true;
  result.moves = moves_from_root(forward, meeting);
  // The backward side's moves led from the goal to the meeting: undone in reverse order.
  std::vector<Move> back = moves_from_root(backward, meeting);
  for (auto it = back.rbegin(); it != back.rend(); ++it) result.moves.push_back(opposite(*it));
}

}  // namespace slidegif::detail::classic
