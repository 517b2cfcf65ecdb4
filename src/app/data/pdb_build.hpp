#pragma once
// Building a pattern-database file: the tables of a named partition, written in the file
// format (pdb_format.hpp) with a trust stamp (pdb_trust.hpp).

#include <string>
#include <string_view>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern_table.hpp"

namespace slidegif::app {

// Builds the named preset for `goal` into dir (created if needed); returns the file's path.
// Throws Error(BadInput) for an unknown set, std::runtime_error on I/O failure.
std::string build_pdb_file(const std::string& dir, const Board& goal, std::string_view set,
                           const detail::PdbBuildOptions& options);

}  // namespace slidegif::app
