#include "app/data/pdb_format.hpp"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "app/files/atomic_file.hpp"
#include "app/files/file_header.hpp"
#include "solve/pattern/multi_tile_table.hpp"
#include "solve/pattern/partition_presets.hpp"

namespace slidegif::app {
namespace {

constexpr FileKind kPdbKind{
    {'S', 'L', 'D', 'G', 'P', 'D', 'B', '\n'}, kPdbFormatVersion, "pattern database", ""};
constexpr std::size_t kAlign = 4096;
static_assert(kPdbHeaderBytes == kFileHeaderBytes);

std::uint64_t align_up(std::uint64_t n) {
  return (n + kAlign - 1) / kAlign * kAlign;
}

// The multi-tile set's tables hold a byte an entry, the zero-aware set's a bit (the excess's
// parity: pattern_table.hpp), the others 4 bits.
int entry_bits_of(std::string_view set) {
  if (set == detail::kMultiTileSet) return 8;
  return set == detail::kZeroAwareSet ? 1 : 4;
}

// Checks a header read_header accepted against the file's size; returns the problem or "".
std::string check_header(const PdbHeader& h, std::size_t size) {
  const std::string_view set(h.set, strnlen(h.set, sizeof h.set));
  if (set == detail::kZeroAwareSet && h.entry_bits == 4)
    return fmt::format(
        "an older layout, 4 bits an entry (build it again: slidegif pdb build --set zero-aware "
        "--size {}x{})",
        h.rows, h.cols);
  if (h.header_bytes != kPdbHeaderBytes || h.entry_bits != entry_bits_of(set) ||
      h.pattern_count == 0 || h.pattern_count > PdbHeader::kMaxTables)
    return "unsupported layout";
  if (h.file_bytes != size) return fmt::format("size {} bytes, header says {}", size, h.file_bytes);
  const int cells = h.rows * h.cols;
  if (h.rows < kMinSide || h.cols < kMinSide || h.rows > kMaxSide || h.cols > kMaxSide ||
      cells > static_cast<int>(sizeof h.pattern_tiles))
    return "bad board size";
  int tiles = 0;
  for (int p = 0; p < h.pattern_count; ++p) {
    tiles += h.pattern_sizes[p];
    if (tiles >= cells) return "bad partition";
    const int k = h.pattern_sizes[p];
    const auto need = h.entry_bits == 8   ? detail::multi_tile_entries(cells, k)
                      : h.entry_bits == 1 ? detail::bit_bytes(detail::zero_aware_entries(cells, k))
                                          : detail::packed_bytes(detail::pattern_entries(cells, k));
    if (h.table_bytes[p] != need || h.table_offset[p] < kPdbHeaderBytes ||
        h.table_offset[p] + h.table_bytes[p] > size)
      return "bad table layout";
  }
  return "";
}

// The header of a file holding `tables` (each at the next page-aligned offset), unsealed:
// neither hash filled in.
PdbHeader layout(const Board& goal, std::string_view set, const detail::Partition& partition,
                 const std::vector<std::vector<std::uint8_t>>& tables) {
  PdbHeader h = new_header<PdbHeader>(kPdbKind, entry_bits_of(set), goal);
  h.pattern_count = static_cast<std::uint8_t>(partition.size());
  std::memcpy(h.set, set.data(), std::min(set.size(), sizeof h.set - 1));
  int at = 0;
  std::uint64_t offset = kPdbHeaderBytes;
  for (std::size_t p = 0; p < partition.size(); ++p) {
    h.pattern_sizes[p] = static_cast<std::uint8_t>(partition[p].size());
    std::copy(partition[p].begin(), partition[p].end(), h.pattern_tiles + at);
    at += static_cast<int>(partition[p].size());
    h.table_offset[p] = offset;
    h.table_bytes[p] = tables[p].size();
    offset = align_up(offset + tables[p].size());
  }
  h.file_bytes = offset;
  return h;
}

}  // namespace

std::string read_pdb_header(std::span<const std::uint8_t> file, PdbHeader* out) {
  std::string problem = read_header(file, kPdbKind, out);
  return problem.empty() ? check_header(*out, file.size()) : problem;
}

std::uint64_t pdb_payload_hash(std::span<const std::uint8_t> file) {
  const auto payload = file.subspan(kPdbHeaderBytes);
  return XXH3_64bits(payload.data(), payload.size());
}

PdbContents pdb_contents(const PdbHeader& h, std::span<const std::uint8_t> file) {
  PdbContents out{
      header_goal(h), std::string(h.set, strnlen(h.set, sizeof h.set)), {}, {}, h.entry_bits};
  int at = 0;
  for (int p = 0; p < h.pattern_count; ++p) {
    out.partition.emplace_back(h.pattern_tiles + at, h.pattern_tiles + at + h.pattern_sizes[p]);
    at += h.pattern_sizes[p];
    out.tables.push_back(file.subspan(h.table_offset[p], h.table_bytes[p]));
  }
  return out;
}

PdbHeader write_pdb_file(const std::string& path, const Board& goal, std::string_view set,
                         const detail::Partition& partition,
                         const std::vector<std::vector<std::uint8_t>>& tables) {
  PdbHeader h = layout(goal, set, partition, tables);
  // The parts of the file: header page, then each table followed by zero padding.
  std::vector<std::uint8_t> header(kPdbHeaderBytes, 0);
  std::vector<std::uint8_t> padding(kAlign, 0);
  std::vector<std::span<const std::uint8_t>> parts;
  parts.emplace_back(header);
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  for (std::size_t p = 0; p < tables.size(); ++p) {
    parts.emplace_back(tables[p]);
    const std::uint64_t end = h.table_offset[p] + tables[p].size();
    const std::uint64_t next = p + 1 < tables.size() ? h.table_offset[p + 1] : h.file_bytes;
    parts.emplace_back(padding.data(), next - end);
    XXH3_64bits_update(state, tables[p].data(), tables[p].size());
    XXH3_64bits_update(state, padding.data(), next - end);
  }
  h.payload_hash = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  h.header_hash = header_hash(h);
  std::memcpy(header.data(), &h, sizeof h);
  write_file_atomically(path, parts);
  return h;
}

}  // namespace slidegif::app
