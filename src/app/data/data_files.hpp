#pragma once
// Every file slidegif keeps in a data directory (app/pdb_location.hpp): pattern databases
// (*.pdb), distance tables (*.dist), the move-pieces file, the trust stamp beside each (*.ok),
// and a temporary file a killed build left (".NAME.XXXXXX"). `slidegif pdb status --all` lists
// them, `slidegif pdb clean` removes them; files of anyone else are never touched.
//
//   for (const DataFile& f : list_data_files(dir)) ...
//   remove_data_files(dir);

#include <cstdint>
#include <string>
#include <vector>

namespace slidegif::app {

struct DataFile {
  enum class Kind { PatternDatabase, DistanceTable, MovePieces, TrustStamp, Leftover };
  std::string path;
  Kind kind = Kind::Leftover;
  std::uint64_t bytes = 0;
  bool trusted = false;  // checked as the programs check it before use (stamps: n/a, false)
  std::string problem;   // why not trusted (empty when trusted or not a data file proper)
};

// What kind of file of ours `name` (a file name, no directory) is, if any.
bool is_data_file_name(const std::string& name, DataFile::Kind* kind = nullptr);

// The files of ours in `dir`, sorted by name, each checked (a database's tables hashed unless
// its trust stamp vouches for them). An empty list when `dir` does not exist.
std::vector<DataFile> list_data_files(const std::string& dir);

// Removes the files of ours in `dir`, unchecked; nothing else, `dir` itself (or the link it
// is) included, even when that leaves it empty.
// Throws std::runtime_error naming a file that cannot be removed.
struct Removed {
  std::size_t files = 0;
  std::uint64_t bytes = 0;
};
Removed remove_data_files(const std::string& dir);

// "5.8 MB", "49 KB", "1.2 GB", "512 bytes": decimal units, as du --si and file managers say.
std::string human_size(std::uint64_t bytes);

}  // namespace slidegif::app
