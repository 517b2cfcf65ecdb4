#include "app/data/pieces_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <new>
#include <stdexcept>

#include "app/data/pdb_trust.hpp"
#include "app/files/atomic_file.hpp"
#include "app/files/file_header.hpp"
#include "slidegif/error.hpp"

namespace slidegif::app {
namespace {

constexpr FileKind kPiecesKind{
    {'S', 'L', 'D', 'G', 'P', 'C', 'S', '\n'}, kPiecesFormatVersion, "move-pieces file", ""};

struct PiecesHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t header_bytes;
  std::uint8_t rows, cols, entry_bits, reserved;  // unused here (the common part)
  std::uint32_t coder_version;                    // kMovePiecesVersion of the program
  std::uint8_t goal[64];                          // unused here (the common part)
  std::uint64_t pieces;
  std::uint64_t index_offset, index_bytes;
  std::uint64_t data_offset, data_bytes;
  std::uint64_t drawings_offset, drawings_bytes;  // DrawingCache::save_drawings()
  std::uint64_t file_bytes;
  std::uint64_t payload_hash;  // XXH3-64 of the index, the pieces and the drawings
  std::uint64_t header_hash;   // XXH3-64 of the bytes before this field
};

struct IndexRecord {  // 40 bytes, little-endian on disk as in memory (x86-64, arm64)
  std::uint64_t config;
  std::uint16_t tile, from, to;
  std::uint8_t captions, reserved;
  std::uint64_t offset;  // from data_offset
  std::uint32_t size;
  std::uint16_t x0, x1, end_x0, end_x1;
  std::uint32_t reserved2;
};
static_assert(sizeof(IndexRecord) == 40);

detail::MovePieceKey key_of(const IndexRecord& r) {
  return {.config = r.config,
          .tile = r.tile,
          .from = r.from,
          .to = r.to,
          .captions = r.captions,
          .x0 = r.x0,
          .x1 = r.x1,
          .end_x0 = r.end_x0,
          .end_x1 = r.end_x1};
}

std::string check_header(const PiecesHeader& h, std::span<const std::uint8_t> file) {
  if (h.header_bytes != kFileHeaderBytes) return "unsupported layout";
  if (h.coder_version != detail::kMovePiecesVersion) {
    return fmt::format(
        "coded by GIF coder version {} (this slidegif codes version {}); build it "
        "again",
        h.coder_version, detail::kMovePiecesVersion);
  }
  if (h.file_bytes != file.size())
    return fmt::format("size {} bytes, header says {}", file.size(), h.file_bytes);
  if (h.index_offset != kFileHeaderBytes || h.index_bytes != h.pieces * sizeof(IndexRecord) ||
      h.data_offset != h.index_offset + h.index_bytes ||
      h.drawings_offset != h.data_offset + h.data_bytes ||
      h.drawings_offset + h.drawings_bytes != h.file_bytes)
    return "bad layout";
  return "";
}

// Every record sorted, in range and readable as a coded move.
std::string check_index(const PiecesHeader& h, std::span<const std::uint8_t> file) {
  const auto* records = reinterpret_cast<const IndexRecord*>(file.data() + h.index_offset);
  for (std::uint64_t i = 0; i < h.pieces; ++i) {
    const IndexRecord& r = records[i];
    if (r.offset > h.data_bytes || r.size > h.data_bytes - r.offset) return "a piece out of range";
    if (i > 0 && !(key_of(records[i - 1]) < key_of(r))) return "index not sorted";
  }
  return "";
}

}  // namespace

std::string pieces_file_path(const std::string& dir) {
  return (std::filesystem::path(dir) / kPiecesFileName).string();
}

void save_pieces_file(const std::string& path, const detail::MovePieceCache& pieces,
                      std::span<const std::uint8_t> drawings) {
  const auto sorted = pieces.sorted();
  std::vector<IndexRecord> index;
  std::vector<std::uint8_t> data;
  for (const auto& [key, coded] : sorted) {
    IndexRecord r{};
    r.config = key.config;
    r.tile = key.tile, r.from = key.from, r.to = key.to, r.captions = key.captions;
    r.x0 = key.x0, r.x1 = key.x1, r.end_x0 = key.end_x0, r.end_x1 = key.end_x1;
    r.offset = data.size();
    r.size = static_cast<std::uint32_t>(coded.size());
    data.insert(data.end(), coded.begin(), coded.end());
    index.push_back(r);
  }
  PiecesHeader h = new_header<PiecesHeader>(kPiecesKind, 0, Board::standard_goal({3, 3}));
  h.coder_version = detail::kMovePiecesVersion;
  h.pieces = index.size();
  h.index_offset = kFileHeaderBytes;
  h.index_bytes = index.size() * sizeof(IndexRecord);
  h.data_offset = h.index_offset + h.index_bytes;
  h.data_bytes = data.size();
  h.drawings_offset = h.data_offset + h.data_bytes;
  h.drawings_bytes = drawings.size();
  h.file_bytes = h.drawings_offset + h.drawings_bytes;
  const std::span<const std::uint8_t> index_bytes(
      reinterpret_cast<const std::uint8_t*>(index.data()), h.index_bytes);
  XXH3_state_t* state = XXH3_createState();
  if (state == nullptr) throw std::bad_alloc();
  XXH3_64bits_reset(state);
  XXH3_64bits_update(state, index_bytes.data(), index_bytes.size());
  XXH3_64bits_update(state, data.data(), data.size());
  XXH3_64bits_update(state, drawings.data(), drawings.size());
  h.payload_hash = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  h.header_hash = header_hash(h);
  std::vector<std::uint8_t> header(kFileHeaderBytes, 0);
  std::memcpy(header.data(), &h, sizeof h);
  const auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir);
  const std::span<const std::uint8_t> parts[] = {header, index_bytes, data, drawings};
  write_file_atomically(path, parts);
  // Stamped as checked now (it was hashed just above), as the pattern databases are when built:
  // a CGI whose user cannot write here would otherwise hash the whole file on every request.
  stamp_written_file(path, h.payload_hash);
}

PiecesFile::PiecesFile(std::string path, std::function<void(const std::string&)> refused)
    : path_(std::move(path)), refused_(std::move(refused)) {}

namespace {

std::span<const IndexRecord> records_of(std::span<const std::uint8_t> index) {
  return {reinterpret_cast<const IndexRecord*>(index.data()), index.size() / sizeof(IndexRecord)};
}

}  // namespace

void PiecesFile::open() {
  tried_ = true;
  index_ = data_ = drawings_ = {};
  struct stat st {};
  const bool stated = ::stat(path_.c_str(), &st) == 0;
  file_ = MappedFile(path_);
  const auto file = file_.bytes();
  PiecesHeader h;
  std::string problem = read_header(file, kPiecesKind, &h);
  if (problem.empty()) problem = check_header(h, file);
  if (problem.empty()) {
    // Megabytes, and an index of thousands of records: checked once per file, like the
    // pattern databases' tables, rather than by every CGI request.
    const std::string stamp = trust_stamp(st, h.payload_hash);
    if (!stated || !trust_stamp_matches(path_, stamp)) {
      const auto payload =
          file.subspan(h.index_offset, h.index_bytes + h.data_bytes + h.drawings_bytes);
      if (XXH3_64bits(payload.data(), payload.size()) != h.payload_hash) {
        problem = "checksum mismatch";
      } else {
        problem = check_index(h, file);
        if (problem.empty() && stated) write_trust_stamp(path_, st, stamp);
      }
    }
  }
  if (!problem.empty()) {
    file_ = MappedFile();
    throw Error(Error::Kind::BadInput,
                fmt::format("move pieces {}: {}; delete it or build it again", path_, problem));
  }
  index_ = file.subspan(h.index_offset, h.index_bytes);
  data_ = file.subspan(h.data_offset, h.data_bytes);
  drawings_ = file.subspan(h.drawings_offset, h.drawings_bytes);
}

void PiecesFile::open_once() {
  if (tried_) return;
  try {
    if (std::filesystem::exists(path_)) open();
  } catch (const std::exception& e) {
    if (refused_) refused_(e.what());
  }
  tried_ = true;
}

std::size_t PiecesFile::size() const {
  return records_of(index_).size();
}

std::span<const std::uint8_t> PiecesFile::find(const detail::MovePieceKey& key) {
  open_once();
  // The index is searched where it is mapped: a CGI request looks up a few dozen keys.
  const auto records = records_of(index_);
  const auto it = std::lower_bound(
      records.begin(), records.end(), key,
      [](const IndexRecord& r, const detail::MovePieceKey& k) { return key_of(r) < k; });
  if (it == records.end() || key_of(*it) != key) return {};
  if (it->offset > data_.size() || it->size > data_.size() - it->offset) return {};
  return data_.subspan(it->offset, it->size);
}

std::span<const std::uint8_t> PiecesFile::drawings() {
  open_once();
  return drawings_;
}

}  // namespace slidegif::app
