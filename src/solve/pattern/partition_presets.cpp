#include "solve/pattern/partition_presets.hpp"

#include "slidegif/error.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {
namespace {

// Cell groups on the blank-last 4x4 goal. "small" is Korf & Felner's 6-6-3 turned by 180
// degrees; "large" is their 7-8 likewise (top two rows, bottom two rows minus the blank).
// "mtm" (multi-tile, multi_tile_pdb.hpp) is the rows, 6-6-3: reflected about the diagonal they
// give the columns, and the two together searched a third fewer nodes than Korf & Felner's.
std::vector<std::vector<int>> square_groups(std::string_view name) {
  if (name == kMultiTileSet) return {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}, {12, 13, 14}};
  if (name == "small") return {{3, 6, 7, 10, 11, 14}, {4, 5, 8, 9, 12, 13}, {0, 1, 2}};
  return {{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}};
}

// Any other shape: the cells taken along the long side, a short column (or row) after another,
// cut into runs of `size`, the last cell (the standard blank) left out. Tiles that sit near each
// other interact most, and a block across the short side keeps them in one pattern.
std::vector<std::vector<int>> block_groups(Shape shape, int size) {
  const bool by_columns = shape.cols > shape.rows;
  std::vector<std::vector<int>> groups;
  const int last = shape.cells() - 1;
  for (int i = 0; i < shape.cells(); ++i) {
    const int major = by_columns ? i / shape.rows : i / shape.cols;
    const int minor = by_columns ? i % shape.rows : i % shape.cols;
    const int cell = by_columns ? minor * shape.cols + major : major * shape.cols + minor;
    if (cell == last) continue;
    if (groups.empty() || static_cast<int>(groups.back().size()) == size) groups.emplace_back();
    groups.back().push_back(cell);
  }
  return groups;
}

// 5x5 on the blank-last goal. "large" is Korf & Felner's 6-6-6-6 (2002) turned by 180 degrees:
// the irregular group beside the blank, then three 2x3 blocks, each a quarter turn of the other
// (pattern_symmetry.hpp then derives two of their tables from the third). "small" is 5-5-5-5-4
// in rows, built in seconds.
std::vector<std::vector<int>> square5_groups(std::string_view name) {
  if (name == "small")
    return {{0, 1, 2, 3, 4},
            {5, 6, 7, 8, 9},
            {10, 11, 12, 13, 14},
            {15, 16, 17, 18, 19},
            {20, 21, 22, 23}};
  return {
      {12, 17, 18, 19, 22, 23}, {10, 11, 15, 16, 20, 21}, {3, 4, 8, 9, 13, 14}, {0, 1, 2, 5, 6, 7}};
}

}  // namespace

bool has_preset_partitions(Shape shape) {
  return (shape.cells() >= kMinPresetCells && shape.cells() <= kMaxPresetCells) ||
         shape == kLargePresetShape;
}

Partition preset_partition(std::string_view name, const Board& goal) {
  const Shape shape = goal.shape();
  if (!has_preset_partitions(shape))
    throw Error(
        Error::Kind::BadInput,
        detail::format("pattern databases exist for boards of {} to {} cells and {}, not {}",
                       kMinPresetCells, kMaxPresetCells, format_shape(kLargePresetShape),
                       format_shape(shape)));
  if (name != "small" && name != "large" && name != kMultiTileSet && name != kZeroAwareSet)
    throw Error(Error::Kind::BadInput,
                detail::format("unknown pattern database set '{}' (small, large, {} or mtm)", name,
                               kZeroAwareSet));
  if (name == kMultiTileSet && shape.cells() > kMaxPresetCells)
    throw Error(Error::Kind::BadInput,
                detail::format("the {} set serves boards of {} to {} cells, not {}", name,
                               kMinPresetCells, kMaxPresetCells, format_shape(shape)));
  if (name == kZeroAwareSet) name = "large";
  const auto groups = shape == Shape{4, 4}         ? square_groups(name)
                      : shape == kLargePresetShape ? square5_groups(name)
                                                   : block_groups(shape, name == "large" ? 7 : 6);
  const int blank = goal.blank();
  const int last = shape.cells() - 1;
  Partition out;
  for (auto& g : groups) {
    Pattern p;
    // The groups leave out the last cell, the standard blank; another goal's blank cell is
    // swapped for it so the partition still covers every tile.
    for (int c : g) p.push_back(goal.at(c == blank ? last : c));
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace slidegif::detail
