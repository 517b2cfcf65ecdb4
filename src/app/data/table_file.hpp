#pragma once
// Distance-table files (`explore --save`): a full search's distances mod 3, two bits a state,
// beside the pattern databases. Little-endian: a 4096-byte header (magic, format version,
// board size, goal, number of states, the count at every distance, sizes, XXH3 of the table,
// which layers are listed, XXH3 of the lists, XXH3 of the header), then the table, then the
// sorted states of each rare layer, so that every distance draws uniformly and fast: from its
// list, or by rejection from a layer that is not rare. Written whole or not at all (temp +
// rename), mapped to read; a damaged, foreign or older file is refused with what is wrong.
//
//   save_table_file(dir, search);                         // -> ".../3x4-standard.dist"
//   LoadedTable t = load_table_file(path);                 // t.table serves solves and draws

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/files/mapped_file.hpp"
#include "solve/table/distance_table.hpp"
#include "solve/table/full_search.hpp"

namespace slidegif::app {

inline constexpr std::uint32_t kTableFormatVersion = 2;  // 2: the rare layers listed

// "3x4-distances.dist" for the standard goal, "3x4-distances-<goal digits>.dist" for another.
std::string table_file_name(const Board& goal);

// Layers of at most one this-th of the states are rare: listed in the file (else a pick by
// rejection would take over this many tries, expected); the others take fewer tries.
inline constexpr std::uint64_t kRareLayerShare = 10'000;

// Writes a Mod3 search's table into `dir` (created if missing), with the states of each layer
// of at most `rare_layer` states (0: a kRareLayerShare-th of them; the search must have listed
// them, as its default list limit does); returns the path. Throws std::runtime_error on I/O
// failure, leaving nothing behind.
std::string save_table_file(const std::string& dir, const detail::FullSearch& search,
                            std::uint64_t rare_layer = 0);

struct LoadedTable {
  MappedFile file;
  std::unique_ptr<detail::DistanceTable> table;  // views file
};
// Maps and checks a table file: header and sizes every time; the checksums and the lists once
// per file, recorded in "<path>.ok" (pdb_trust.hpp). Throws Error(BadInput)
// "distance table PATH: <problem>" for a damaged or foreign file, std::runtime_error when it
// cannot be read.
LoadedTable load_table_file(const std::string& path);

// A table file's bytes that outlive the table (the three 3x3 tables built into the command
// line, cli/built_in_tables.hpp): checked whole (header, checksums, lists), then viewed without
// a copy. Throws Error(BadInput) "distance table NAME: <problem>" for damaged bytes.
std::unique_ptr<detail::DistanceTable> view_table_bytes(std::span<const std::uint8_t> bytes,
                                                        const std::string& name);

// The table files in `dir` for boards of `shape` (names only checked; loading checks the rest).
std::vector<std::string> table_files(const std::string& dir, Shape shape);

}  // namespace slidegif::app
