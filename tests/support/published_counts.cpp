#include "published_counts.hpp"

#include <fstream>
#include <sstream>

namespace slidegif::testing {

std::vector<std::uint64_t> published_8puzzle_counts(const std::string& goal) {
  std::ifstream in(std::string(SLIDEGIF_SOURCE_DIR) + "/tests/data/8puzzle_distances.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(goal + "\t", 0) != 0) continue;
    std::istringstream counts(line.substr(goal.size() + 1));
    std::vector<std::uint64_t> out;
    for (std::uint64_t n; counts >> n;) out.push_back(n);
    return out;
  }
  return {};
}

}  // namespace slidegif::testing
