#pragma once
// The pattern-database file format. Little-endian: a 4096-byte header (magic, format version,
// board size, goal, partition, table offsets and sizes, XXH3 of the tables, XXH3 of the
// header), then each table at a page-aligned offset, zero-padded: 4 bits an entry, 8 in the
// multi-tile set (kMultiTileSet), whose tables also place the blank, or 1 in the zero-aware set
// (kZeroAwareSet). A file is written whole or not at all (temp + rename).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "slidegif/board.hpp"
#include "solve/pattern/pattern.hpp"
#include "solve/pattern/pdb_heuristic.hpp"

namespace slidegif::app {

inline constexpr std::uint32_t kPdbFormatVersion = 1;
inline constexpr std::size_t kPdbHeaderBytes = 4096;

// On-disk header; all integers little-endian (every platform Debian builds slidegif for).
struct PdbHeader {
  static constexpr int kMaxTables = detail::PdbHeuristic::kMaxPatterns;

  char magic[8];
  std::uint32_t version;
  std::uint32_t header_bytes;
  std::uint8_t rows, cols, entry_bits, pattern_count;
  std::uint8_t pattern_sizes[kMaxTables];
  std::uint8_t pattern_tiles[64];
  std::uint8_t goal[64];
  char set[16];
  std::uint64_t table_offset[kMaxTables];
  std::uint64_t table_bytes[kMaxTables];
  std::uint64_t file_bytes;
  std::uint64_t payload_hash;  // XXH3-64 of bytes [header_bytes, file_bytes)
  std::uint64_t header_hash;   // XXH3-64 of the bytes before this field
};
static_assert(sizeof(PdbHeader) <= kPdbHeaderBytes);

// Reads the header of a whole file's bytes into *out and checks it against itself and the
// file's size; returns the problem ("truncated", "header checksum mismatch", ...) or "".
// The tables' hash is not checked here (pdb_trust.hpp says when it is).
std::string read_pdb_header(std::span<const std::uint8_t> file, PdbHeader* out);

// XXH3 of everything after the header: equals header.payload_hash in an intact file.
std::uint64_t pdb_payload_hash(std::span<const std::uint8_t> file);

// What a checked header describes, the tables viewed in `file`.
struct PdbContents {
  Board goal;
  std::string set;
  detail::Partition partition;
  std::vector<std::span<const std::uint8_t>> tables;
  int entry_bits = 4;  // 8: multi-tile tables
};
// Throws Error(BadInput) when the header's goal is not a board.
PdbContents pdb_contents(const PdbHeader& header, std::span<const std::uint8_t> file);

// Writes the tables of `partition` for `goal` as one file; returns the header written.
// Throws std::runtime_error on I/O failure.
PdbHeader write_pdb_file(const std::string& path, const Board& goal, std::string_view set,
                         const detail::Partition& partition,
                         const std::vector<std::vector<std::uint8_t>>& tables);

}  // namespace slidegif::app
