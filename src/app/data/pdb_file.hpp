#pragma once
// Loading a pattern-database file: mapped into memory (pages come on first touch), its header
// checked every time, its tables hashed when no trust stamp vouches for them (pdb_trust.hpp).

#include <memory>
#include <optional>
#include <string>

#include "app/files/mapped_file.hpp"
#include "solve/pattern/multi_tile_pdb.hpp"
#include "solve/pattern/pdb_heuristic.hpp"

namespace slidegif::app {

struct LoadedPdb {
  std::string path;
  std::string set;
  MappedFile file;
  std::unique_ptr<detail::PdbHeuristic> heuristic;   // views file; null in the multi-tile set
  std::unique_ptr<detail::MultiTilePdb> multi_tile;  // views file; the multi-tile set's only
  double load_seconds = 0;
};

enum class PdbVerify {
  Full,  // hash the tables now
  Once,  // trust a matching "<file>.ok" record, else hash and try to write one
};

// std::nullopt, with the reason in *why, when the file is missing or not to be trusted.
std::optional<LoadedPdb> load_pdb_file(const std::string& path, PdbVerify verify,
                                       std::string* why = nullptr);

}  // namespace slidegif::app
