// Build-time tool: writes the three 3x3 distance tables the command line has built in
// (cli/built_in_tables.hpp), one for each class of the goal's blank cell (corner, edge,
// centre), as table files (app/data/table_file.hpp).
//   make_tables CORNER EDGE CENTRE  ->  the three files at those paths
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

#include "app/data/distance_tables.hpp"
#include "app/data/table_file.hpp"
#include "solve/table/full_search.hpp"

namespace {

using namespace slidegif;
using namespace slidegif::detail;  // a benchmark measures the internals

// Any goal with the blank at `cell` serves its class; the table is built for the goal the
// command line would build for it, so a built-in table answers exactly as a built one.
void write_table(int cell, const std::string& path) {
  std::vector<std::uint8_t> tiles(9, 1);
  tiles[static_cast<std::size_t>(cell)] = 0;
  for (std::size_t i = 0, next = 1; i < tiles.size(); ++i)
    if (tiles[i] != 0) tiles[i] = static_cast<std::uint8_t>(next++);
  const Board goal = app::table_goal_for(Board({3, 3}, tiles));
  detail::FullSearchOptions options;
  options.storage = detail::DistanceStorage::Mod3;
  options.threads = 1;
  const std::filesystem::path dir = std::filesystem::path(path).parent_path() / "tables.tmp";
  const std::string written = app::save_table_file(dir.string(), full_search(goal, options));
  std::filesystem::rename(written, path);
  std::filesystem::remove(dir);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: make_tables CORNER EDGE CENTRE\n");
    return 2;
  }
  try {
    write_table(8, argv[1]);
    write_table(1, argv[2]);
    write_table(4, argv[3]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "make_tables: %s\n", e.what());
    return 1;
  }
  return 0;
}
