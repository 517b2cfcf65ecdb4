#pragma once
// Pattern database files: where they live, their format, building, and loading by mmap.
//
// Location: --pdb-dir > $SLIDEGIF_PDB_DIR > $XDG_CACHE_HOME/slidegif > ~/.cache/slidegif.
// Format (little-endian): a 4096-byte header (magic, format version, board size, goal,
// partition, table offsets and sizes, XXH3 of the tables, XXH3 of the header), then each
// 4-bit table at a page-aligned offset. A file is written whole or not at all (temp + rename).
//
// Trust: the header (and thus the size and layout) is checked on every load; the XXH3 of the
// tables - a full read of up to 290 MB, far too slow for every CGI request - is checked once
// and recorded in "<file>.ok" (size, inode, mtime, hash). A later load trusts the file when
// that record still matches. Replacing or touching the file changes inode or mtime and so
// forces a fresh check; a damaged or missing file is never used.
//
//   auto pdb = slidegif::app::load_best_pdb(goal, slidegif::app::default_pdb_dir(flag), true);
//   if (pdb) options.pdb = pdb->heuristic.get();

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/mapped_file.hpp"
#include "slidegif/board.hpp"
#include "slidegif/pattern_database.hpp"

namespace slidegif::app {

inline constexpr std::uint32_t kPdbFormatVersion = 1;
inline constexpr const char* kPdbDirEnv = "SLIDEGIF_PDB_DIR";
inline constexpr std::string_view kPdbSets[] = {"large", "small"};  // best first

// explicit_dir (from --pdb-dir) wins when not empty.
std::string default_pdb_dir(const std::string& explicit_dir = "");

// "4x4-small.pdb" for the standard goal, "4x4-small-<goal hash>.pdb" for another.
std::string pdb_file_name(const Board& goal, std::string_view set);

struct LoadedPdb {
  std::string path;
  std::string set;
  MappedFile file;
  std::unique_ptr<PdbHeuristic> heuristic;  // views file
  double load_seconds = 0;
};

enum class PdbVerify {
  Full,  // hash the tables now
  Once,  // trust a matching "<file>.ok" record, else hash and try to write one
};

// std::nullopt, with the reason in *why, when the file is missing or not to be trusted.
std::optional<LoadedPdb> load_pdb_file(const std::string& path, PdbVerify verify,
                                       std::string* why = nullptr);

// Builds the named preset for `goal` into dir (created if needed); returns the file's path.
// Throws Error(BadInput) for an unknown set, std::runtime_error on I/O failure.
std::string build_pdb_file(const std::string& dir, const Board& goal, std::string_view set,
                           const PdbBuildOptions& options);

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

// The best trusted database for solving towards `goal` (large before small), or std::nullopt
// (boards other than 4x4; nothing usable and build_if_missing false). With build_if_missing,
// a missing or damaged small set is (re)built, with a line to `note` saying so.
std::optional<LoadedPdb> load_best_pdb(const Board& goal, const std::string& dir,
                                       bool build_if_missing,
                                       const std::function<void(const std::string&)>& note = {},
                                       const PdbBuildOptions& build_options = {});

}  // namespace slidegif::app
