#pragma once
// What the headers of slidegif's own files (pdb_format.hpp, table_file.hpp) share: each is a
// struct at the start of a 4096-byte page, beginning with magic, format version, header size,
// board size and entry bits, holding the goal, and ending with the XXH3 of the bytes before
// it. These helpers stamp and check that common part; each format checks the rest.
//
//   constexpr FileKind kKind{{'S', 'L', 'D', 'G', ...}, 2, "distance table", ""};
//   Header h = new_header<Header>(kKind, /*entry_bits=*/2, goal);   // ... fill in, then
//   h.header_hash = header_hash(h);
//   std::string problem = read_header(file, kKind, &h);             // "" or what is wrong

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "slidegif/board.hpp"
#include "slidegif/error.hpp"

namespace slidegif::app {

inline constexpr std::size_t kFileHeaderBytes = 4096;

struct FileKind {
  char magic[8];
  std::uint32_t version;
  const char* name;        // "not a slidegif <name>"
  const char* older_note;  // appended when a file's version is older than this one's
};

template <class Header>
std::uint64_t header_hash(const Header& h) {
  return XXH3_64bits(&h, offsetof(Header, header_hash));
}

// A zeroed header (padding too: the header hash covers it) with the common fields filled in.
template <class Header>
Header new_header(const FileKind& kind, int entry_bits, const Board& goal) {
  static_assert(sizeof(Header) <= kFileHeaderBytes);
  Header h;
  std::memset(&h, 0, sizeof h);
  std::memcpy(h.magic, kind.magic, sizeof h.magic);
  h.version = kind.version;
  h.header_bytes = kFileHeaderBytes;
  h.rows = static_cast<std::uint8_t>(goal.rows());
  h.cols = static_cast<std::uint8_t>(goal.cols());
  h.entry_bits = static_cast<std::uint8_t>(entry_bits);
  if (goal.tiles().size() > sizeof h.goal) {
    throw Error(Error::Kind::BadInput,
                fmt::format("data files hold boards of up to {} cells; {} has {}", sizeof h.goal,
                            format_shape(goal.shape()), goal.cells()));
  }
  std::copy(goal.tiles().begin(), goal.tiles().end(), h.goal);
  return h;
}

// Copies the header out of a whole file's bytes and checks, in this order, that the file holds
// one, its magic, its version (an older header's hash covers other bytes) and its hash; returns
// the problem ("truncated", "header checksum mismatch", ...) or "".
template <class Header>
std::string read_header(std::span<const std::uint8_t> file, const FileKind& kind, Header* out) {
  static_assert(sizeof(Header) <= kFileHeaderBytes);
  if (file.size() < kFileHeaderBytes) return "truncated";
  std::memcpy(out, file.data(), sizeof *out);
  const Header& h = *out;
  if (std::memcmp(h.magic, kind.magic, sizeof h.magic) != 0)
    return fmt::format("not a slidegif {}", kind.name);
  if (h.version != kind.version) {
    return fmt::format("format version {} (this slidegif reads {}{})", h.version, kind.version,
                       h.version < kind.version ? kind.older_note : "");
  }
  if (h.header_hash != header_hash(h)) return "header checksum mismatch";
  // The header holds goals of up to 64 cells (8x8): the data files serve no larger board.
  if (h.rows * h.cols > static_cast<int>(sizeof h.goal)) return "bad board size";
  return "";
}

// The goal a checked header holds. Throws Error(BadInput) when it is not a board.
template <class Header>
Board header_goal(const Header& h) {
  const Shape shape{h.rows, h.cols};
  return Board(shape, std::vector<std::uint8_t>(h.goal, h.goal + shape.cells()));
}

}  // namespace slidegif::app
