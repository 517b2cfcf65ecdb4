#include "solve/table_solve.hpp"

#include <chrono>

#include "slidegif/error.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {
namespace {

// Rejection on a mod-3 table gives up after this many states (a rare layer the table does not
// list is refused rather than searched for minutes).
constexpr int kMaxRejections = 2'000'000;

GoalFraming framing_for(const Board& goal, const DistanceTable& table) {
  GoalFraming framing(goal, table.goal());
  if (!framing.valid()) {
    throw Error(Error::Kind::BadInput,
                detail::format("the distance table for {} does not serve the goal {}",
                               format_board(table.goal()), format_board(goal)));
  }
  return framing;
}

}  // namespace

std::optional<Solution> solve_by_table(const Board& start, const Board& goal,
                                       const DistanceTable& table) {
  const GoalFraming framing(goal, table.goal());
  if (!framing.valid()) return std::nullopt;
  const auto started = std::chrono::steady_clock::now();
  Solution solution;
  solution.moves = table.descend(start, framing);
  solution.optimal = true;
  solution.method = kDescentMethod;
  solution.stats.nodes = solution.moves.size();
  solution.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return solution;
}

Board pick_at_distance(const Board& goal, int moves, const DistanceTable& table, Random& rng) {
  const GoalFraming framing = framing_for(goal, table);
  const int gods = table.gods_number();
  if (moves == kHardestMoves) moves = gods;
  check_moves_range(goal.shape(), gods, moves);
  const std::uint64_t count = table.histogram()[static_cast<std::size_t>(moves)];
  if (table.exact() || table.listed(moves))
    return framing.unmap_board(table.state_at(moves, rng.below(count)));
  // Layers not listed hold over a 10,000th of the states (full_search.hpp): a few thousand
  // tries at most, expected.
  for (int tries = 0; tries < kMaxRejections; ++tries) {
    const std::uint64_t i = rng.below(table.index().size());
    // Two in three states are off by their distance mod 3: refused without a descent.
    if (table.mod3(i) != moves % 3) continue;
    const Board state = table.index().board(i);
    if (table.distance(state) == moves) return framing.unmap_board(state);
  }
  throw Error(Error::Kind::BudgetExceeded,
              detail::format("{} of the {} states are {} moves away: too rare to draw by "
                             "rejection",
                             count, table.index().size(), moves),
              Error::Hint::SearchBudget);
}

void check_moves_range(Shape shape, int gods, int moves) {
  if (moves >= 0 && moves <= gods) return;
  throw Error(Error::Kind::BadInput,
              detail::format("a {} puzzle is 0 to {} moves from its goal (God's number is {}); "
                             "{} is out of range",
                             format_shape(shape), gods, gods, moves));
}

std::optional<int> known_gods_number(Shape shape) {
  struct Known {
    int rows, cols, gods;
  };
  static constexpr Known kKnown[] = {{2, 2, 6},   {2, 3, 21}, {2, 4, 36}, {2, 5, 55}, {2, 6, 80},
                                     {2, 7, 108}, {3, 3, 31}, {3, 4, 53}, {4, 4, 80}};
  for (const Known& k : kKnown) {
    if ((k.rows == shape.rows && k.cols == shape.cols) ||
        (k.rows == shape.cols && k.cols == shape.rows))
      return k.gods;
  }
  return std::nullopt;
}

}  // namespace slidegif::detail
