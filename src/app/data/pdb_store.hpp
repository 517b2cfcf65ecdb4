#pragma once
// Pattern databases for the front ends: which file serves a goal, and the best one to use
// (built when missing, if asked).
//
//   auto pdb = slidegif::app::load_best_pdb(goal, slidegif::app::default_pdb_dir(flag), true);
//   if (pdb) options.pdb = pdb->heuristic.get();
//
// The parts, one header each (this one includes them all):

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/data/pdb_build.hpp"     // building a file
#include "app/data/pdb_file.hpp"      // loading a file, checked
#include "app/data/pdb_format.hpp"    // the file format
#include "app/data/pdb_location.hpp"  // the directory and the file names
#include "app/data/pdb_trust.hpp"     // when the tables need no new hash
#include "slidegif/board.hpp"
#include "solve/pattern/pattern_table.hpp"

namespace slidegif::app {

// Best first: the zero-aware set searches fewer nodes than the large one (it is built only
// when asked for: gigabytes).
inline constexpr std::string_view kPdbSets[] = {"zero-aware", "large", "small"};

struct PdbFileStatus {
  std::string set;
  std::string path;
  bool present = false;
  bool trusted = false;
  std::string problem;  // why not trusted
  std::uint64_t bytes = 0;
};
std::vector<PdbFileStatus> pdb_status(const std::string& dir, const Board& goal);

// The goal whose files serve `goal`: the standard goal when a board symmetry and relabelling
// lead there (blank in a corner), else goal itself.
Board pdb_base_goal(const Board& goal);

// The set built on first use: 4x4's small one (seconds; its large one takes minutes), the 7-tile
// blocks on other shapes (under two minutes on two cores for 16 cells; their small sets leave
// long, narrow boards' hardest puzzles out of reach); none on 5x5 (empty), whose 6-6-6-6 set
// takes minutes and gigabytes: a user asks for it (pdb build).
std::string_view first_use_set(Shape shape);

// The best trusted database for solving towards `goal` (zero-aware, large, small), or std::nullopt
// (boards without presets, partition_presets.hpp; nothing usable and build_if_missing false).
// With build_if_missing, a missing or damaged first_use_set() is (re)built, with a line to
// `note` saying so; on 5x5 (no first-use set) the note says how to build it instead. A long
// build (PdbBuildCost::is_long) is first put to `confirm` with its cost described, when given:
// if it says no, nothing is built and Error(BadInput) says how to build it.
std::optional<LoadedPdb> load_best_pdb(
    const Board& goal, const std::string& dir, bool build_if_missing,
    const std::function<void(const std::string&)>& note = {},
    const detail::PdbBuildOptions& build_options = {},
    const std::function<bool(const std::string& cost)>& confirm = {});

// Whether the shape has the multi-tile set (kMultiTileSet: boards of 12 to 16 cells).
bool has_multi_tile_set(Shape shape);

// The multi-tile metric's database for `goal`, like load_best_pdb: built when missing if asked,
// a long build (4x4's, 115 MB) put to `confirm` first. Declined, std::nullopt with a note on
// how to build it: the multi-tile search then goes on without it.
std::optional<LoadedPdb> load_multi_tile_pdb(
    const Board& goal, const std::string& dir, bool build_if_missing,
    const std::function<void(const std::string&)>& note = {},
    const detail::PdbBuildOptions& build_options = {},
    const std::function<bool(const std::string& cost)>& confirm = {});

}  // namespace slidegif::app
