#include "app/job/job.hpp"

#include <fmt/format.h>

#include "app/files/font_locator.hpp"
#include "app/job/start_sampler.hpp"
#include "render/text/language.hpp"
#include "slidegif/error.hpp"
#include "slidegif/solvability.hpp"
#include "solve/board/random.hpp"
#include "solve/dispatch.hpp"
#include "solve/table_solve.hpp"

namespace slidegif::app {
namespace {

void check_cells(Shape shape, int max_cells) {
  if (max_cells > 0 && shape.cells() > max_cells) {
    throw Error(Error::Kind::BadInput,
                fmt::format("board is {} ({} cells); at most {} cells are accepted",
                            format_shape(shape), shape.cells(), max_cells));
  }
}

}  // namespace

Puzzle resolve_job(const Job& job, const Services& services) {
  // Before anything is drawn: a board too large is refused by its shape alone.
  check_cells(puzzle_shape(job.puzzle), job.limits.max_cells);
  // Exact distances come from the single-tile tables and searches.
  if (job.puzzle.moves && job.solve.metric != Metric::SingleTile) {
    throw Error(Error::Kind::BadInput,
                "a start an exact number of moves from the goal is picked in the single-tile "
                "metric only (stm)");
  }
  return resolve_puzzle(job.puzzle, services.entropy ? services.entropy : detail::fresh_seed,
                        start_sampler(job, services));
}

Solved solve_job(const Job& job, const Puzzle& puzzle, const Services& services) {
  detail::SolveSources sources{.distance_table = {},
                               .pattern_database = services.pattern_database,
                               .multi_tile_database = services.multi_tile_database};
  if (services.distance_table) {
    sources.distance_table = [&services](const Board& goal) {
      return services.distance_table(goal, false);
    };
  }
  return Solved{puzzle,
                dispatch_solve(puzzle.start, puzzle.goal, job.solve, services.control, sources)};
}

Solved solve_job(const Job& job, const Services& services) {
  return solve_job(job, resolve_job(job, services), services);
}

Animation render_job(const Job& job, const Solved& solved, const Services& services) {
  const Board& start = solved.puzzle.start;
  const std::vector<Move>& moves = solved.solution.moves;
  AnimationOptions look = job.animation;
  look.metric = solved.solution.metric;  // a multi-tile answer is drawn a line move a step
  const auto steps = static_cast<std::size_t>(count_moves(moves, look.metric));
  // A request past the limits is refused without reading the font or drawing a pixel.
  const bool goal = detail::shows_goal(start, moves, look);
  detail::check_animation(look, start.shape(), steps, job.limits.render, goal, job.encoding);
  AnimationOptions options = detail::fitted_options(
      look, start.shape(), steps, detail::limits_for(job.limits.render, job.encoding), goal);
  options.font = services.font ? services.font() : default_font();
  if (services.complete_font) {
    const detail::Language* lang = detail::find_language(options.lang);
    options.font =
        services.complete_font(options.font, options.title + (lang ? all_phrases(*lang) : ""));
  }
  options.optimal = solved.solution.optimal;
  if (services.render) return services.render(start, moves, options);
  return render_fitted_animation(start, moves, options, services.move_pieces, services.drawing,
                                 job.encoding);
}

}  // namespace slidegif::app
