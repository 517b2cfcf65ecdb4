#include "app/pdb_store.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <xxhash.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "app/atomic_file.hpp"
#include "slidegif/error.hpp"

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;

constexpr char kMagic[8] = {'S', 'L', 'D', 'G', 'P', 'D', 'B', '\n'};
constexpr std::size_t kHeaderBytes = 4096;
constexpr std::size_t kAlign = 4096;
constexpr int kMaxTables = PdbHeuristic::kMaxPatterns;

// On-disk header; all integers little-endian (every platform Debian builds slidegif for).
struct FileHeader {
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
static_assert(sizeof(FileHeader) <= kHeaderBytes);

std::uint64_t header_hash(const FileHeader& h) {
  return XXH3_64bits(&h, offsetof(FileHeader, header_hash));
}

std::uint64_t align_up(std::uint64_t n) {
  return (n + kAlign - 1) / kAlign * kAlign;
}

std::string stamp_path(const std::string& path) {
  return path + ".ok";
}

std::string stamp_text(const struct stat& st, std::uint64_t hash) {
  return fmt::format("{} {} {} {:016x}\n", static_cast<std::uint64_t>(st.st_size),
                     static_cast<std::uint64_t>(st.st_ino),
                     static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                     hash);
}

bool stamp_matches(const std::string& path, const std::string& expected) {
  std::ifstream in(stamp_path(path));
  std::stringstream text;
  text << in.rdbuf();
  return in && text.str() == expected;
}

void write_stamp(const std::string& path, const std::string& text) {
  try {
    write_file_atomically(
        stamp_path(path),
        std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  } catch (const std::exception&) {
    // A read-only cache (a CGI user) only means the next process checks again.
  }
}

// Checks the header against itself and the file's size; returns the problem or "".
std::string check_header(const FileHeader& h, std::size_t size) {
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return "not a slidegif pattern database";
  if (h.version != kPdbFormatVersion)
    return fmt::format("format version {} (this slidegif reads {})", h.version, kPdbFormatVersion);
  if (h.header_hash != header_hash(h)) return "header checksum mismatch";
  if (h.header_bytes != kHeaderBytes || h.entry_bits != 4 || h.pattern_count == 0 ||
      h.pattern_count > kMaxTables)
    return "unsupported layout";
  if (h.file_bytes != size) return fmt::format("size {} bytes, header says {}", size, h.file_bytes);
  const int cells = h.rows * h.cols;
  if (h.rows < kMinSide || h.cols < kMinSide || h.rows > kMaxSide || h.cols > kMaxSide)
    return "bad board size";
  int tiles = 0;
  for (int p = 0; p < h.pattern_count; ++p) {
    tiles += h.pattern_sizes[p];
    if (tiles >= cells) return "bad partition";
    const auto need = packed_bytes(pattern_entries(cells, h.pattern_sizes[p]));
    if (h.table_bytes[p] != need || h.table_offset[p] < kHeaderBytes ||
        h.table_offset[p] + h.table_bytes[p] > size)
      return "bad table layout";
  }
  return "";
}

std::string hex_of_goal(const Board& goal) {
  return fmt::format(
      "{:08x}", static_cast<std::uint32_t>(XXH3_64bits(goal.tiles().data(), goal.tiles().size())));
}

}  // namespace

std::string default_pdb_dir(const std::string& explicit_dir) {
  if (!explicit_dir.empty()) return explicit_dir;
  if (const char* env = std::getenv(kPdbDirEnv); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return (fs::path(xdg) / "slidegif").string();
  const char* home = std::getenv("HOME");
  return (fs::path(home && *home ? home : ".") / ".cache" / "slidegif").string();
}

std::string pdb_file_name(const Board& goal, std::string_view set) {
  const std::string shape = format_shape(goal.shape());
  if (goal == Board::standard_goal(goal.shape())) return fmt::format("{}-{}.pdb", shape, set);
  return fmt::format("{}-{}-{}.pdb", shape, set, hex_of_goal(goal));
}

Board pdb_base_goal(const Board& goal) {
  const Board standard = Board::standard_goal(goal.shape());
  return GoalFraming(goal, standard).valid() ? standard : goal;
}

std::optional<LoadedPdb> load_pdb_file(const std::string& path, PdbVerify verify,
                                       std::string* why) {
  const auto started = std::chrono::steady_clock::now();
  auto fail = [&](std::string reason) -> std::optional<LoadedPdb> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail("missing");
  LoadedPdb out;
  try {
    out.file = MappedFile(path);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  const auto bytes = out.file.bytes();
  if (bytes.size() < kHeaderBytes) return fail("truncated");
  FileHeader h;
  std::memcpy(&h, bytes.data(), sizeof h);
  if (auto problem = check_header(h, bytes.size()); !problem.empty()) return fail(problem);

  const std::string stamp = stamp_text(st, h.payload_hash);
  if (verify == PdbVerify::Full || !stamp_matches(path, stamp)) {
    const auto payload = bytes.subspan(kHeaderBytes);
    if (XXH3_64bits(payload.data(), payload.size()) != h.payload_hash)
      return fail("checksum mismatch");
    write_stamp(path, stamp);
  }

  const Shape shape{h.rows, h.cols};
  try {
    const Board goal(shape, std::vector<std::uint8_t>(h.goal, h.goal + shape.cells()));
    Partition partition;
    std::vector<std::span<const std::uint8_t>> tables;
    int at = 0;
    for (int p = 0; p < h.pattern_count; ++p) {
      partition.emplace_back(h.pattern_tiles + at, h.pattern_tiles + at + h.pattern_sizes[p]);
      at += h.pattern_sizes[p];
      tables.push_back(bytes.subspan(h.table_offset[p], h.table_bytes[p]));
    }
    out.heuristic = std::make_unique<PdbHeuristic>(goal, std::move(partition), std::move(tables));
  } catch (const Error& e) {
    return fail(e.what());
  }
  out.path = path;
  out.set.assign(h.set, strnlen(h.set, sizeof h.set));
  out.load_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

std::string build_pdb_file(const std::string& dir, const Board& goal, std::string_view set,
                           const PdbBuildOptions& options) {
  const Partition partition = preset_partition(set, goal);
  const int cells = goal.cells();
  std::vector<double> weight;
  double total = 0;
  for (auto& p : partition) {
    weight.push_back(static_cast<double>(pattern_entries(cells, static_cast<int>(p.size()))));
    total += weight.back();
  }

  FileHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kPdbFormatVersion;
  h.header_bytes = kHeaderBytes;
  h.rows = static_cast<std::uint8_t>(goal.rows());
  h.cols = static_cast<std::uint8_t>(goal.cols());
  h.entry_bits = 4;
  h.pattern_count = static_cast<std::uint8_t>(partition.size());
  std::copy(goal.tiles().begin(), goal.tiles().end(), h.goal);
  std::memcpy(h.set, set.data(), std::min(set.size(), sizeof h.set - 1));

  std::vector<std::vector<std::uint8_t>> tables;
  double done = 0;
  int at = 0;
  std::uint64_t offset = kHeaderBytes;
  for (std::size_t p = 0; p < partition.size(); ++p) {
    PdbBuildOptions one = options;
    if (options.progress)
      one.progress = [&, p](double f) { options.progress((done + f * weight[p]) / total); };
    tables.push_back(build_pattern_table(goal, partition[p], one));
    done += weight[p];
    h.pattern_sizes[p] = static_cast<std::uint8_t>(partition[p].size());
    std::copy(partition[p].begin(), partition[p].end(), h.pattern_tiles + at);
    at += static_cast<int>(partition[p].size());
    h.table_offset[p] = offset;
    h.table_bytes[p] = tables.back().size();
    offset = align_up(offset + tables.back().size());
  }
  h.file_bytes = offset;

  // The pieces of the file: header page, then each table followed by zero padding.
  std::vector<std::uint8_t> header(kHeaderBytes, 0);
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

  fs::create_directories(dir);
  const std::string path = (fs::path(dir) / pdb_file_name(goal, set)).string();
  write_file_atomically(path, parts);
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) write_stamp(path, stamp_text(st, h.payload_hash));
  return path;
}

std::vector<PdbFileStatus> pdb_status(const std::string& dir, const Board& goal) {
  std::vector<PdbFileStatus> out;
  const Board base = pdb_base_goal(goal);
  for (auto set : kPdbSets) {
    PdbFileStatus s;
    s.set = set;
    s.path = (fs::path(dir) / pdb_file_name(base, set)).string();
    std::error_code ec;
    s.present = fs::exists(s.path, ec);
    if (s.present) {
      s.bytes = fs::file_size(s.path, ec);
      s.trusted = load_pdb_file(s.path, PdbVerify::Full, &s.problem).has_value();
    } else {
      s.problem = "missing";
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::optional<LoadedPdb> load_best_pdb(const Board& goal, const std::string& dir,
                                       bool build_if_missing,
                                       const std::function<void(const std::string&)>& note,
                                       const PdbBuildOptions& build_options) {
  if (goal.shape() != Shape{4, 4}) return std::nullopt;
  const Board base = pdb_base_goal(goal);
  bool small_damaged = false;
  for (auto set : kPdbSets) {
    const std::string path = (fs::path(dir) / pdb_file_name(base, set)).string();
    std::string why;
    if (auto pdb = load_pdb_file(path, PdbVerify::Once, &why)) return pdb;
    if (why != "missing") {
      if (note) note(fmt::format("ignoring {}: {}", path, why));
      if (set == "small") small_damaged = true;
    }
  }
  if (!build_if_missing) return std::nullopt;
  if (note)
    note(
        fmt::format("{} the small pattern database in {} (once; 'slidegif pdb build' does it "
                    "ahead of time)",
                    small_damaged ? "rebuilding" : "building", dir));
  const std::string path = build_pdb_file(dir, base, "small", build_options);
  std::string why;
  auto pdb = load_pdb_file(path, PdbVerify::Once, &why);
  if (!pdb && note) note(fmt::format("cannot use {}: {}", path, why));
  return pdb;
}

}  // namespace slidegif::app
