#include "app/job/start_sampler.hpp"

#include <fmt/format.h>

#include <chrono>

#include "slidegif/error.hpp"
#include "solve/board/domain.hpp"
#include "solve/board/random.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::app {
namespace {

using Clock = std::chrono::steady_clock;

void check_range(Shape shape, int moves) {
  const std::optional<int> gods = detail::known_gods_number(shape);
  if (moves == kHardestMoves) {
    throw Error(Error::Kind::Unsupported,
                fmt::format("the hardest {} puzzles need a distance table, and {} has none here",
                            format_shape(shape), format_shape(shape)));
  }
  if (gods) {
    detail::check_moves_range(shape, *gods, moves);
  } else if (moves < 0) {
    throw Error(Error::Kind::BadInput,
                fmt::format("a number of moves is 0 or more; {} is out of range", moves));
  } else if (shape.cells() > kMaxOptimalCells && !detail::has_preset_partitions(shape) &&
             moves > kMaxProvableEstimate) {
    throw Error(Error::Kind::Unsupported,
                fmt::format("an exact distance on a {} board is proven up to {} moves; {} is "
                            "past it",
                            format_shape(shape), kMaxProvableEstimate, moves));
  }
}

// A random walk of `length` moves from `goal` that never undoes its last move.
Board random_walk(const Board& goal, int length, detail::Random& rng) {
  const detail::Domain domain(goal.shape());
  detail::Position here(goal);
  std::optional<Move> last;
  for (int i = 0; i < length; ++i) {
    detail::Operator options[4];
    std::size_t n = 0;
    for (detail::Operator op : domain.operators(here.blank))
      if (!last || op.move != opposite(*last)) options[n++] = op;
    const detail::Operator op = options[rng.below(n)];
    here.apply(op);
    last = op.move;
  }
  std::vector<std::uint8_t> tiles(here.tiles.begin(), here.tiles.begin() + goal.cells());
  return Board(goal.shape(), std::move(tiles));
}

// Walks, solved optimally, lengthened by what the last one fell short (a walk's optimal length
// has the walk's parity, so the length keeps N's parity), until one is exactly N moves away.
Board walk_to_distance(const Job& job, const Services& services, const Board& goal, int moves,
                       detail::Random& rng) {
  check_range(goal.shape(), moves);
  // Loaded (on first use, built) before the clock starts: the budget is the searches'.
  const detail::PdbHeuristic* pdb =
      job.solve.use_pdb && services.pattern_database ? services.pattern_database(goal) : nullptr;
  const auto deadline = Clock::now() + std::chrono::duration<double>(job.solve.max_seconds);
  int length = moves;
  for (;;) {
    const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
    if (left <= 0) break;
    const Board start = random_walk(goal, length, rng);
    SolveOptions options;
    options.max_seconds = left;
    options.near_optimal_fallback = false;
    Solution s;
    try {
      s = solve_by_search(start, goal, options, {.progress = {}, .stop = services.control.stop},
                          pdb);
    } catch (const Error& e) {
      // A walk lengthened past what a large board proves starts again at N.
      if (e.kind() == Error::Kind::Unsupported && length > moves) {
        length = moves;
        continue;
      }
      if (e.kind() != Error::Kind::BudgetExceeded) throw;
      break;
    }
    const int found = static_cast<int>(s.moves.size());
    if (found == moves) return start;
    length = std::max(moves, length + moves - found);
  }
  throw Error(Error::Kind::BudgetExceeded,
              fmt::format("no {} puzzle exactly {} moves from its goal was found within {} s",
                          format_shape(goal.shape()), moves, job.solve.max_seconds),
              Error::Hint::SearchBudget);
}

}  // namespace

detail::StartSampler start_sampler(const Job& job, const Services& services) {
  return [&job, &services](const Board& goal, int moves, detail::Random& rng) {
    if (services.distance_table) {
      if (const detail::DistanceTable* table = services.distance_table(goal, true))
        return pick_at_distance(goal, moves, *table, rng);
    }
    return walk_to_distance(job, services, goal, moves, rng);
  };
}

}  // namespace slidegif::app
