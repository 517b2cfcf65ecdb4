#include "solve/pattern/pattern.hpp"

#include "slidegif/error.hpp"
#include "solve/support/format.hpp"

namespace slidegif::detail {

void check_pattern(const Board& goal, const Pattern& pattern) {
  if (pattern.empty() || static_cast<int>(pattern.size()) > kMaxPatternTiles)
    throw Error(Error::Kind::BadInput,
                detail::format("a pattern needs 1 to {} tiles", kMaxPatternTiles));
  std::uint64_t seen = 0;
  for (auto t : pattern) {
    if (t == 0 || t >= goal.cells() || ((seen >> t) & 1))
      throw Error(Error::Kind::BadInput, detail::format("bad tile {} in a pattern", int{t}));
    seen |= 1ULL << t;
  }
}

std::uint64_t check_partition(const Board& goal, const Partition& partition,
                              std::size_t max_patterns) {
  if (partition.size() > max_patterns) throw Error(Error::Kind::BadInput, "too many patterns");
  std::uint64_t covered = 0;
  for (const Pattern& pattern : partition) {
    check_pattern(goal, pattern);
    for (auto t : pattern) {
      if ((covered >> t) & 1) throw Error(Error::Kind::BadInput, "patterns overlap");
      covered |= 1ULL << t;
    }
  }
  return covered;
}

void check_table_bytes(std::size_t p, std::size_t bytes, std::uint64_t need) {
  if (bytes != need)
    throw Error(Error::Kind::BadInput,
                detail::format("pattern table {} has {} bytes, expected {}", p, bytes, need));
}

std::uint64_t pattern_entries(int cells, int tiles) {
  std::uint64_t n = 1;
  for (int i = 0; i < tiles; ++i) n *= static_cast<std::uint64_t>(cells - i);
  return n;
}

}  // namespace slidegif::detail
