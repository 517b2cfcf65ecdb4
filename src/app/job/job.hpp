#pragma once
// One job, whatever the front end: what to solve, how hard to search, what to draw and within
// which limits, as one value; and the pipeline that carries it out. The CLI and the CGI parse
// their input into a Job, hand it to the functions below with their Services, and print what
// comes back; none of them assembles solver or renderer options itself.
//
//   app::Job job;                                         // the command line's defaults
//   job.puzzle.start = parse_board("867254301");
//   const app::Solved solved = app::solve_job(job, services);
//   const Animation animation = app::render_job(job, solved, services);
//
// A new job option is a field here (or in PuzzleSpec, AnimationOptions...), its line in
// job_fields.hpp (a static_assert insists; the ETag key follows from it), and a line in each
// front end's parser.

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "render/animation/animation.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "solve/board/resolve_puzzle.hpp"
#include "solve/solver.hpp"
#include "solve/table/distance_table.hpp"

namespace slidegif::app {

struct JobLimits {
  RenderLimits render;  // the defaults are the command line's
  int max_cells = 0;    // the largest board accepted; 0: any the solvers take
};

struct Job {
  PuzzleSpec puzzle;
  SolveOptions solve;  // use_pdb: the services' pattern databases, when they offer one
  // Everything drawn but the font and the optimal mark, which render_job fills in.
  AnimationOptions animation;
  Encoding encoding;  // the file drawn: GIF, another format, a still
  JobLimits limits;
};

// What differs between front ends and processes rather than between jobs. Every member may be
// left empty.
struct Services {
  // The font; called only when an animation is drawn. Empty: the built-in one
  // (app::default_font()).
  std::function<Font()> font;
  // `font` with fallbacks for the characters of `text` it lacks (the CLI asks fontconfig);
  // called once per animation with every word it may draw. Empty: the font as it is.
  std::function<Font(const Font& font, std::string_view text)> complete_font;
  // Seeds a random pick without a seed; called at most once per job, and only then. Empty: the
  // operating system's entropy.
  std::function<std::uint64_t()> entropy;
  // The pattern database for solving towards `goal`, or null. Called once per solve when the
  // job allows databases; what it returns must outlive the solve. Empty: none.
  std::function<const detail::PdbHeuristic*(const Board& goal)> pattern_database;
  // The same for a solve in the multi-tile metric (multi_tile_pdb.hpp). Empty: none.
  std::function<const detail::MultiTilePdb*(const Board& goal)> multi_tile_database;
  // A distance table serving `goal` (table_solve.hpp), or null: solves answer by descent and
  // --moves picks are uniform with one. `to_pick`: asked for a pick of a start at a given
  // distance (a front end may build a table for that that it would not build to solve).
  // What it returns must outlive the job. Empty: none.
  std::function<const detail::DistanceTable*(const Board& goal, bool to_pick)> distance_table;
  // Progress and a stop for the searches. Empty: neither.
  SolveControl control;
  // Coded move frames kept between requests (render/cache/move_pieces.hpp), owned by whoever keeps
  // the process's long-lived state (a FastCGI worker's context; the CGI's pieces file). Null:
  // every frame is coded afresh. The bytes are the same either way.
  detail::MovePieces* move_pieces = nullptr;
  // Glyphs, palettes and tile sprites kept between requests (render/cache/drawing_cache.hpp), by a
  // FastCGI worker. Null: made for each animation. The bytes are the same either way.
  detail::DrawingCache* drawing = nullptr;
  // Draws the animation after render_job's checks. Empty: slidegif::render_animation. (The fuzzer's
  // cheap stand-in, so it explores the request logic rather than pixels.)
  std::function<Animation(const Board& start, const std::vector<Move>& moves,
                          const AnimationOptions& options)>
      render;
};

struct Solved {
  Puzzle puzzle;
  Solution solution;
};

// Draws what the job's puzzle leaves open and checks the board against the job's limits and
// for solvability, before any search. Throws Error(BadInput) (a board over max_cells, or what
// resolve_puzzle refuses) or Error(Unsolvable).
Puzzle resolve_job(const Job& job, const Services& services);

// Solves a resolved puzzle with the job's settings. Throws what slidegif::solve throws.
Solved solve_job(const Job& job, const Puzzle& puzzle, const Services& services);
// resolve_job, then solve_job.
Solved solve_job(const Job& job, const Services& services);

// The animation of a solution, in the job's encoding. The job's frame and pixel limits are checked
// before the font is asked for; throws Error(BadInput) (with a Hint) past them, Error(Render) when
// drawing fails.
Animation render_job(const Job& job, const Solved& solved, const Services& services);

}  // namespace slidegif::app
