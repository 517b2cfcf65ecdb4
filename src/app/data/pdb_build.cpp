#include "app/data/pdb_build.hpp"

#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "app/data/pdb_format.hpp"
#include "app/data/pdb_location.hpp"
#include "app/data/pdb_trust.hpp"
#include "solve/pattern/multi_tile_table.hpp"
#include "solve/pattern/partition_presets.hpp"
#include "solve/pattern/pattern_symmetry.hpp"

namespace slidegif::app {

std::string build_pdb_file(const std::string& dir, const Board& goal, std::string_view set,
                           const detail::PdbBuildOptions& options) {
  const detail::Partition partition = detail::preset_partition(set, goal);
  const bool multi_tile = set == detail::kMultiTileSet;
  const bool zero_aware = set == detail::kZeroAwareSet;
  // A table that a board symmetry gives from an earlier one is copied, not searched (4-bit
  // tables only: map_pattern_table reads those).
  std::vector<std::optional<std::pair<std::size_t, int>>> copy_of(partition.size());
  for (std::size_t p = 0; p < partition.size() && !multi_tile && !zero_aware; ++p)
    for (std::size_t q = 0; q < p && !copy_of[p]; ++q)
      if (!copy_of[q])
        if (auto k = detail::pattern_symmetry(goal, partition[q], partition[p]))
          copy_of[p] = {{q, *k}};
  // Progress over the whole set: each table searched weighs as many placements as it has.
  std::vector<double> weight;
  double total = 0;
  for (std::size_t p = 0; p < partition.size(); ++p) {
    const int k = static_cast<int>(partition[p].size());
    const auto entries = multi_tile ? detail::multi_tile_entries(goal.cells(), k)
                                    : detail::pattern_entries(goal.cells(), k);
    weight.push_back(copy_of[p] ? 0.0 : static_cast<double>(entries));
    total += weight.back();
  }
  std::vector<std::vector<std::uint8_t>> tables;
  double done = 0;
  for (std::size_t p = 0; p < partition.size(); ++p) {
    if (const auto& c = copy_of[p]) {
      tables.push_back(detail::map_pattern_table(goal, partition[c->first], tables[c->first],
                                                 partition[p], c->second));
      continue;
    }
    detail::PdbBuildOptions one = options;
    one.zero_aware = zero_aware;
    if (options.progress)
      one.progress = [&, p](double f) { options.progress((done + f * weight[p]) / total); };
    tables.push_back(multi_tile ? build_multi_tile_table(goal, partition[p], one)
                                : build_pattern_table(goal, partition[p], one));
    done += weight[p];
  }

  std::filesystem::create_directories(dir);
  const std::string path = (std::filesystem::path(dir) / pdb_file_name(goal, set)).string();
  const PdbHeader header = write_pdb_file(path, goal, set, partition, tables);
  stamp_written_file(path, header.payload_hash);
  return path;
}

}  // namespace slidegif::app
