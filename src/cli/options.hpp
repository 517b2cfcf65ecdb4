#pragma once
// Flags shared by the `solve` and `random` subcommands, and what they turn into.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "slidegif/animation.hpp"
#include "slidegif/board.hpp"
#include "slidegif/solver.hpp"

namespace slidegif::cli {

struct OutputFlags {
  std::string output;  // -o FILE, "-" for stdout, empty for no GIF
  bool json = false;
  double max_seconds = 5.0;
  std::string font;            // --font PATH, empty: the shipped font
  std::string size;            // --size, empty: inferred
  std::string pdb_dir;         // --pdb-dir, empty: $SLIDEGIF_PDB_DIR or the cache directory
  bool no_pdb = false;         // --no-pdb: Manhattan + linear conflict only
  AnimationOptions animation;  // everything but the font
};

void add_output_flags(CLI::App& cmd, OutputFlags& flags);

std::optional<Shape> requested_shape(const OutputFlags& flags);
// Budget, progress display and the near-optimal fallback; `pdb` may be null.
SolveOptions solve_options(const OutputFlags& flags, const PdbHeuristic* pdb);

}  // namespace slidegif::cli
