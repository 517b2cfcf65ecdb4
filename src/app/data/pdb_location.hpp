#pragma once
// Where pattern-database files live and what they are called.
//
// Directory: an explicit one (a front end's option) > $SLIDEGIF_PDB_DIR >
// $XDG_CACHE_HOME/slidegif > ~/.cache/slidegif.

#include <string>
#include <string_view>

#include "slidegif/board.hpp"

namespace slidegif::app {

inline constexpr const char* kPdbDirEnv = "SLIDEGIF_PDB_DIR";

// explicit_dir (a front end's option) wins when not empty.
std::string default_pdb_dir(const std::string& explicit_dir = "");

// "4x4-small.pdb" for the standard goal, "4x4-small-<goal hash>.pdb" for another.
std::string pdb_file_name(const Board& goal, std::string_view set);

// The command that builds the file pdb_file_name(goal, set) names: "slidegif pdb build", then
// --set unless `set` is empty (the shape's default), --size unless 4x4 (the default), and
// --goal unless `goal` is the standard one.
std::string pdb_build_command(const Board& goal, std::string_view set = "");

}  // namespace slidegif::app
