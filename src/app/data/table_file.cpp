#include "app/data/table_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <xxhash.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <functional>

#include "app/data/pdb_trust.hpp"
#include "app/files/atomic_file.hpp"
#include "app/files/file_header.hpp"
#include "slidegif/error.hpp"

namespace slidegif::app {
namespace {

constexpr FileKind kTableKind{{'S', 'L', 'D', 'G', 'D', 'S', 'T', '\n'},
                              kTableFormatVersion,
                              "distance table",
                              ": an older file, without the rare layers listed for uniform draws"};
constexpr std::size_t kHeaderBytes = kFileHeaderBytes;
constexpr int kMaxDistances = 256;  // 2x7's God's number is 108

struct TableHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t header_bytes;
  std::uint8_t rows, cols, entry_bits, reserved;
  std::uint32_t distances;  // God's number + 1
  std::uint8_t goal[64];
  std::uint64_t states;
  std::uint64_t histogram[kMaxDistances];
  std::uint64_t table_offset;
  std::uint64_t table_bytes;
  std::uint64_t file_bytes;
  std::uint64_t payload_hash;  // XXH3-64 of the table
  // Version 2: the sorted states of the rare layers (listed[d] = 1), histogram[d] 64-bit
  // indices each, one layer after another, after the table.
  std::uint8_t listed[kMaxDistances];
  std::uint64_t lists_offset;
  std::uint64_t lists_bytes;
  std::uint64_t lists_hash;   // XXH3-64 of the lists
  std::uint64_t header_hash;  // XXH3-64 of the bytes before this field
};

// Checks a header read_header accepted against the file's size and against itself.
std::string check_header(const TableHeader& h, std::span<const std::uint8_t> file) {
  if (h.header_bytes != kHeaderBytes || h.entry_bits != 2 || h.distances == 0 ||
      h.distances > kMaxDistances)
    return "unsupported layout";
  if (h.file_bytes != file.size())
    return fmt::format("size {} bytes, header says {}", file.size(), h.file_bytes);
  if (h.rows < kMinSide || h.cols < kMinSide || h.rows * h.cols > detail::kMaxFullSearchCells)
    return "bad board size";
  const Shape shape{h.rows, h.cols};
  if (h.states != detail::reachable_states(shape) ||
      h.table_bytes != full_search_bytes(shape, detail::DistanceStorage::Mod3) ||
      h.table_offset != kHeaderBytes || h.lists_offset != h.table_offset + h.table_bytes ||
      h.lists_offset + h.lists_bytes != h.file_bytes)
    return "bad table layout";
  std::uint64_t total = 0;
  std::uint64_t listed = 0;
  for (std::uint32_t d = 0; d < h.distances; ++d) {
    total += h.histogram[d];
    if (h.listed[d] > 1) return "bad layer lists";
    if (h.listed[d]) listed += h.histogram[d];
  }
  if (total != h.states) return "distance counts do not add up";
  if (listed * 8 != h.lists_bytes) return "bad layer lists";
  return "";
}

// The layers' lists in the file (lists[d] empty: layer d not listed).
std::vector<std::span<const std::uint64_t>> layer_lists(const TableHeader& h,
                                                        std::span<const std::uint8_t> file) {
  const auto* at = reinterpret_cast<const std::uint64_t*>(file.data() + h.lists_offset);
  std::vector<std::span<const std::uint64_t>> out(h.distances);
  for (std::uint32_t d = 0; d < h.distances; ++d) {
    if (!h.listed[d]) continue;
    out[d] = std::span<const std::uint64_t>(at, h.histogram[d]);
    at += out[d].size();
  }
  return out;
}

// What reads the whole file (pdb_trust.hpp says when it is skipped): the checksums of the table
// and of the lists, and each list against the table - sorted, in range, at the right distance
// mod 3.
std::string check_contents(const TableHeader& h, std::span<const std::uint8_t> file,
                           const std::vector<std::span<const std::uint64_t>>& lists) {
  const auto table = file.subspan(h.table_offset, h.table_bytes);
  if (XXH3_64bits(table.data(), table.size()) != h.payload_hash) return "table checksum mismatch";
  const auto listed = file.subspan(h.lists_offset, h.lists_bytes);
  if (XXH3_64bits(listed.data(), listed.size()) != h.lists_hash) return "lists checksum mismatch";
  const auto* words = reinterpret_cast<const std::uint64_t*>(table.data());
  for (std::uint32_t d = 0; d < h.distances; ++d) {
    const auto list = lists[d];
    for (std::size_t k = 0; k < list.size(); ++k) {
      if (list[k] >= h.states || (k > 0 && list[k] <= list[k - 1]) ||
          detail::mod3_entry(words, list[k]) != static_cast<int>(d % 3))
        return fmt::format("the list of the states {} moves away is wrong", d);
    }
  }
  return "";
}

}  // namespace

std::string table_file_name(const Board& goal) {
  const std::string shape = format_shape(goal.shape());
  if (goal == Board::standard_goal(goal.shape())) return shape + "-distances.dist";
  return fmt::format("{}-distances-{}.dist", shape, fmt::join(goal.tiles(), "."));
}

std::string save_table_file(const std::string& dir, const detail::FullSearch& search,
                            std::uint64_t rare_layer) {
  const Board goal = search.index.board(search.index.goal_index());
  if (search.histogram.size() > kMaxDistances)
    throw std::runtime_error("too many distances for a table file");
  TableHeader h = new_header<TableHeader>(kTableKind, /*entry_bits=*/2, goal);
  h.distances = static_cast<std::uint32_t>(search.histogram.size());
  h.states = search.index.size();
  std::copy(search.histogram.begin(), search.histogram.end(), h.histogram);
  h.table_offset = kHeaderBytes;
  h.table_bytes = full_search_bytes(goal.shape(), detail::DistanceStorage::Mod3);
  std::vector<std::uint64_t> listed;
  if (rare_layer == 0) rare_layer = search.index.size() / kRareLayerShare;
  for (std::size_t d = 0; d < search.histogram.size(); ++d) {
    if (search.histogram[d] > rare_layer) continue;
    if (!search.listed[d]) throw std::runtime_error("a rare layer of the search is not listed");
    h.listed[d] = 1;
    listed.insert(listed.end(), search.lists[d].begin(), search.lists[d].end());
  }
  h.lists_offset = h.table_offset + h.table_bytes;
  h.lists_bytes = listed.size() * sizeof(std::uint64_t);
  h.file_bytes = h.lists_offset + h.lists_bytes;
  const std::span<const std::uint8_t> table(
      reinterpret_cast<const std::uint8_t*>(search.mod3.data()), h.table_bytes);
  const std::span<const std::uint8_t> lists(reinterpret_cast<const std::uint8_t*>(listed.data()),
                                            h.lists_bytes);
  h.payload_hash = XXH3_64bits(table.data(), table.size());
  h.lists_hash = XXH3_64bits(lists.data(), lists.size());
  h.header_hash = header_hash(h);
  std::vector<std::uint8_t> header(kHeaderBytes, 0);
  std::memcpy(header.data(), &h, sizeof h);
  std::filesystem::create_directories(dir);
  const std::string path = (std::filesystem::path(dir) / table_file_name(goal)).string();
  const std::span<const std::uint8_t> parts[] = {header, table, lists};
  write_file_atomically(path, parts);
  return path;
}

namespace {

// Checks `file` (contents too unless `trusted` says they were checked before) and views it.
std::unique_ptr<detail::DistanceTable> view_checked(
    std::span<const std::uint8_t> file, const std::string& name,
    const std::function<bool(const TableHeader&)>& trusted,
    const std::function<void(const TableHeader&)>& checked) {
  TableHeader h;
  std::string problem = read_header(file, kTableKind, &h);
  if (problem.empty()) problem = check_header(h, file);
  std::vector<std::span<const std::uint64_t>> lists;
  if (problem.empty()) {
    lists = layer_lists(h, file);
    if (!trusted(h)) {
      problem = check_contents(h, file, lists);
      if (problem.empty()) checked(h);
    }
  }
  if (!problem.empty())
    throw Error(Error::Kind::BadInput,
                fmt::format("distance table {}: {}; delete it or save it again", name, problem));
  const auto* words = reinterpret_cast<const std::uint64_t*>(file.data() + h.table_offset);
  return std::make_unique<detail::DistanceTable>(detail::DistanceTable::view(
      header_goal(h), std::span<const std::uint64_t>(words, h.table_bytes / 8),
      std::vector<std::uint64_t>(h.histogram, h.histogram + h.distances), std::move(lists)));
}

}  // namespace

LoadedTable load_table_file(const std::string& path) {
  // Stat before mapping, as load_pdb_file does: a file replaced in between is checked again.
  struct stat st {};
  const bool stated = ::stat(path.c_str(), &st) == 0;
  LoadedTable out{MappedFile(path), nullptr};
  // A 60 MB read for 3x4, too slow for every CGI request: the contents are checked once per
  // file, like the pattern databases' tables.
  out.table = view_checked(
      out.file.bytes(), path,
      [&](const TableHeader& h) {
        return stated && trust_stamp_matches(path, trust_stamp(st, h.payload_hash));
      },
      [&](const TableHeader& h) {
        if (stated) write_trust_stamp(path, st, trust_stamp(st, h.payload_hash));
      });
  return out;
}

std::unique_ptr<detail::DistanceTable> view_table_bytes(std::span<const std::uint8_t> bytes,
                                                        const std::string& name) {
  // A 3x3 table is 45 KB: checking it every time costs microseconds.
  return view_checked(
      bytes, name, [](const TableHeader&) { return false; }, [](const TableHeader&) {});
}

std::vector<std::string> table_files(const std::string& dir, Shape shape) {
  std::vector<std::string> out;
  std::error_code ec;
  const std::string prefix = format_shape(shape) + "-distances";
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".dist")
      out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace slidegif::app
