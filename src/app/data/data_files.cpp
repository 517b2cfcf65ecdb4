#include "app/data/data_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "app/data/pdb_file.hpp"
#include "app/data/pieces_file.hpp"
#include "app/data/table_file.hpp"
#include "slidegif/error.hpp"

namespace fs = std::filesystem;

namespace slidegif::app {
namespace {

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Checks a file as the programs do before they use it; returns the problem, empty if none.
std::string check(const std::string& path, DataFile::Kind kind) {
  try {
    switch (kind) {
      case DataFile::Kind::PatternDatabase: {
        std::string why;
        if (!load_pdb_file(path, PdbVerify::Once, &why)) return why.empty() ? "unusable" : why;
        return "";
      }
      case DataFile::Kind::DistanceTable:
        load_table_file(path);
        return "";
      case DataFile::Kind::MovePieces: {
        PiecesFile pieces(path);
        pieces.open();
        return "";
      }
      default:
        return "";
    }
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

bool is_data_file_name(const std::string& name, DataFile::Kind* kind) {
  using K = DataFile::Kind;
  K k;
  // A temporary file of write_file_atomically: ".NAME.XXXXXX" for a NAME of ours.
  if (name.size() > 8 && name[0] == '.' && name[name.size() - 7] == '.' &&
      is_data_file_name(name.substr(1, name.size() - 8))) {
    k = K::Leftover;
  } else if (ends_with(name, ".ok") && is_data_file_name(name.substr(0, name.size() - 3))) {
    k = K::TrustStamp;
  } else if (ends_with(name, ".pdb")) {
    k = K::PatternDatabase;
  } else if (ends_with(name, ".dist")) {
    k = K::DistanceTable;
  } else if (name == kPiecesFileName) {
    k = K::MovePieces;
  } else {
    return false;
  }
  if (kind) *kind = k;
  return true;
}

std::vector<DataFile> list_data_files(const std::string& dir) {
  std::vector<DataFile> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    DataFile f;
    if (!entry.is_regular_file(ec) || !is_data_file_name(entry.path().filename(), &f.kind))
      continue;
    f.path = entry.path().string();
    f.bytes = entry.file_size(ec);
    files.push_back(std::move(f));
  }
  std::sort(files.begin(), files.end(),
            [](const DataFile& a, const DataFile& b) { return a.path < b.path; });
  // Checked after listing: checking a file may write its trust stamp.
  for (DataFile& f : files) {
    if (f.kind == DataFile::Kind::TrustStamp || f.kind == DataFile::Kind::Leftover) continue;
    f.problem = check(f.path, f.kind);
    f.trusted = f.problem.empty();
  }
  return files;
}

Removed remove_data_files(const std::string& dir) {
  Removed removed;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return removed;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec) || !is_data_file_name(entry.path().filename())) continue;
    const std::uint64_t bytes = entry.file_size(ec);
    if (!fs::remove(entry.path(), ec) || ec)
      throw std::runtime_error(
          fmt::format("cannot remove {}: {}", entry.path().string(), ec.message()));
    removed.bytes += bytes;
    ++removed.files;
  }
  // The directory stays, empty or not: it may be the operator's (a link to a data disk, a
  // directory a unit names), and "nothing else" is what clean promises.
  return removed;
}

std::string human_size(std::uint64_t bytes) {
  const double b = static_cast<double>(bytes);
  if (bytes < 1000) return fmt::format("{} bytes", bytes);
  if (b < 1e6) return fmt::format("{:.0f} KB", b / 1e3);
  if (b < 1e9) return fmt::format("{:.1f} MB", b / 1e6);
  return fmt::format("{:.1f} GB", b / 1e9);
}

}  // namespace slidegif::app
