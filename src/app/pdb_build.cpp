#include "app/pdb_build.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <vector>

#include "app/pdb_format.hpp"
#include "app/pdb_location.hpp"
#include "app/pdb_trust.hpp"
#include "slidegif/partition_presets.hpp"

namespace slidegif::app {

std::string build_pdb_file(const std::string& dir, const Board& goal, std::string_view set,
                           const PdbBuildOptions& options) {
  const Partition partition = preset_partition(set, goal);
  // Progress over the whole set: each table weighs as many placements as it has.
  std::vector<double> weight;
  double total = 0;
  for (auto& p : partition) {
    weight.push_back(
        static_cast<double>(pattern_entries(goal.cells(), static_cast<int>(p.size()))));
    total += weight.back();
  }
  std::vector<std::vector<std::uint8_t>> tables;
  double done = 0;
  for (std::size_t p = 0; p < partition.size(); ++p) {
    PdbBuildOptions one = options;
    if (options.progress)
      one.progress = [&, p](double f) { options.progress((done + f * weight[p]) / total); };
    tables.push_back(build_pattern_table(goal, partition[p], one));
    done += weight[p];
  }

  std::filesystem::create_directories(dir);
  const std::string path = (std::filesystem::path(dir) / pdb_file_name(goal, set)).string();
  const PdbHeader header = write_pdb_file(path, goal, set, partition, tables);
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) write_trust_stamp(path, trust_stamp(st, header.payload_hash));
  return path;
}

}  // namespace slidegif::app
