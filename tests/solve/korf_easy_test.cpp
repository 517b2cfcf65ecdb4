// The twelve easiest of Korf's 100 instances, solved optimally with the small set.

#include <gtest/gtest.h>

#include <algorithm>

#include "instances.hpp"
#include "pdb_fixture.hpp"
#include "solve/solver.hpp"

namespace slidegif::detail {
namespace {

struct Instance {
  Board start;
  int optimal;
};

std::vector<Instance> easiest(std::size_t count) {
  std::vector<Instance> all;
  for (const auto& inst : testing::read_instances("korf100.txt")) {
    all.push_back({Board({4, 4}, inst.tiles), inst.optimal});
  }
  std::stable_sort(all.begin(), all.end(), [](auto& a, auto& b) { return a.optimal < b.optimal; });
  all.erase(all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), count)), all.end());
  return all;
}

TEST(KorfEasy, SmallSetSolvesOptimally) {
  const auto pdb = testing::load_small_pdb();
  // Korf's goal has the blank first: the standard-goal tables serve it through a symmetry.
  const Board goal = parse_board("0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15");
  const auto instances = easiest(12);
  ASSERT_EQ(instances.size(), 12u);
  for (const auto& inst : instances) {
    SolveOptions options;
    options.max_seconds = 60;
    options.near_optimal_fallback = false;
    const Solution s = solve_by_search(inst.start, goal, options, {}, pdb.heuristic.get());
    EXPECT_TRUE(s.optimal);
    EXPECT_NE(s.method.find("pattern databases"), std::string::npos) << s.method;
    EXPECT_EQ(static_cast<int>(s.moves.size()), inst.optimal);
    Board end = inst.start;
    end.apply_all(s.moves);
    EXPECT_EQ(end, goal);
  }
}

}  // namespace
}  // namespace slidegif::detail
