#include "cli/options.hpp"

#include <fmt/format.h>
#include <unistd.h>

namespace slidegif::cli {

void add_output_flags(CLI::App& cmd, OutputFlags& f) {
  auto& a = f.animation;
  const RenderLimits limits;  // the command line's
  cmd.add_option("-o,--output", f.output, "Write the animated GIF here ('-' for stdout)");
  cmd.add_flag("--json", f.json, "Print one JSON object instead of the summary line");
  cmd.add_option("--max-seconds", f.max_seconds, "Search budget in seconds")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 86400.0));
  cmd.add_option("--size", f.size, "Board size: 3, 4 or RxC (needed for rectangular boards)");
  cmd.add_option("--pdb-dir", f.pdb_dir,
                 "Pattern databases for 4x4 (default: $SLIDEGIF_PDB_DIR, else the cache dir)");
  cmd.add_flag("--no-pdb", f.no_pdb, "Do not use (or build) pattern databases");
  cmd.add_option("--font", f.font, "TrueType font for numbers and captions (default: shipped)");
  cmd.add_option("--tile", a.tile_px, "Tile size in pixels")
      ->capture_default_str()
      ->check(CLI::Range(limits.min_tile_px, limits.max_tile_px));
  cmd.add_option("--theme", a.theme, "Colour theme")
      ->capture_default_str()
      ->check(CLI::IsMember(theme_names()));
  cmd.add_option("--title", a.title, "A title line above the board");
  cmd.add_option("--delay", a.delay_ms, "Milliseconds per move")
      ->capture_default_str()
      ->check(CLI::Range(limits.min_delay_ms, limits.max_delay_ms));
  cmd.add_option("--tween", a.tween, "Intermediate sliding frames per move")
      ->capture_default_str()
      ->check(CLI::Range(0, limits.max_tween));
  cmd.add_option("--loop", a.loop, "Times to play the animation (0 = forever)")
      ->capture_default_str()
      ->check(CLI::Range(0, limits.max_loop));
}

std::optional<Shape> requested_shape(const OutputFlags& flags) {
  if (flags.size.empty()) return std::nullopt;
  return parse_shape(flags.size);
}

SolveOptions solve_options(const OutputFlags& flags, const PdbHeuristic* pdb) {
  SolveOptions options;
  options.limits.max_seconds = flags.max_seconds;
  options.pdb = pdb;
  // Past the budget, or on boards too large for optimal search, answer anyway: the best
  // solution found, marked not optimal everywhere it is shown.
  options.fallback_near_optimal = true;
  if (::isatty(STDERR_FILENO)) {
    // Searches longer than a moment show where they are, on one self-overwriting line.
    options.limits.progress = [](const SearchStats& s) {
      fmt::print(stderr, "\rsearching: {:.1f} s, {} nodes, at least {} moves ", s.seconds, s.nodes,
                 s.last_bound);
      std::fflush(stderr);
    };
  }
  return options;
}

}  // namespace slidegif::cli
