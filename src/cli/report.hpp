#pragma once
// Solving one start/goal pair for the CLI: solve, optionally render and write the GIF, then
// print the human summary or the JSON object.

#include <cstdint>
#include <optional>

#include "app/pdb_store.hpp"
#include "cli/options.hpp"
#include "slidegif/board.hpp"

namespace slidegif::cli {

struct JobExtras {
  std::optional<std::uint64_t> seed;  // printed for `random` so the puzzle can be made again
};

// The best pattern database for `goal` (4x4 only), building the small set on first use with a
// note on stderr; std::nullopt with --no-pdb or for other sizes.
std::optional<app::LoadedPdb> pattern_database_for(const Board& goal, const OutputFlags& flags);

// Throws slidegif::Error or std::runtime_error; writes nothing if it throws before the GIF
// is complete.
void solve_and_report(const Board& start, const Board& goal, const OutputFlags& flags,
                      const JobExtras& extras = {});

}  // namespace slidegif::cli
