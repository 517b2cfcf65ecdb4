#include "slidegif/partition_presets.hpp"

#include "slidegif/detail/format.hpp"
#include "slidegif/error.hpp"

namespace slidegif {

Partition preset_partition(std::string_view name, const Board& goal) {
  if (goal.shape() != Shape{4, 4})
    throw Error(
        Error::Kind::BadInput,
        detail::format("pattern databases exist for 4x4 only, not {}", format_shape(goal.shape())));
  // Cell groups on the blank-last goal. "small" is Korf & Felner's 6-6-3 turned by 180
  // degrees; "large" is their 7-8 likewise (top two rows, bottom two rows minus the blank).
  std::vector<std::vector<int>> groups;
  if (name == "small") {
    groups = {{3, 6, 7, 10, 11, 14}, {4, 5, 8, 9, 12, 13}, {0, 1, 2}};
  } else if (name == "large") {
    groups = {{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}};
  } else {
    throw Error(Error::Kind::BadInput,
                detail::format("unknown pattern database set '{}' (small or large)", name));
  }
  const int blank = goal.blank();
  Partition out;
  for (auto& g : groups) {
    Pattern p;
    // The preset leaves out cell 15, the standard blank; another goal's blank cell is swapped
    // for it so the partition still covers every tile.
    for (int c : g) p.push_back(goal.at(c == blank ? 15 : c));
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace slidegif
