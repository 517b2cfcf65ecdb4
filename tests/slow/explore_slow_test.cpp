// The larger boards of `slidegif explore` (seconds to a minute each), through the real binary,
// against Korf 2008 (table III) and OEIS A151944 / A090163: 2x5 (55), 2x6 (80), 3x4 (53, with
// 18 antipodes). Labelled "slow": scripts/test leaves them out, run them with
//   ctest --test-dir build -L slow
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <numeric>

#include "run_binary.hpp"

namespace slidegif {
namespace {

nlohmann::json explore_json(const std::string& size) {
  const auto r =
      testing::run_binary({testing::slidegif_binary(), "explore", "--size", size, "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

void expect_space(const nlohmann::json& j, std::uint64_t states, int gods_number,
                  std::uint64_t antipodes) {
  const auto histogram = j["histogram"].get<std::vector<std::uint64_t>>();
  EXPECT_EQ(j["gods_number"], gods_number);
  EXPECT_EQ(std::accumulate(histogram.begin(), histogram.end(), std::uint64_t{0}), states);
  EXPECT_EQ(histogram.back(), antipodes);
  EXPECT_EQ(j["antipodes"].size(), antipodes);
}

#define SLOW_SPACE(name, size, states, gods, antipodes)           \
  TEST(ExploreSlow, name) {                                       \
    expect_space(explore_json(size), states, gods, antipodes);    \
  }

SLOW_SPACE(TwoByFive, "2x5", 1'814'400, 55, 2)
// Korf gives 2x6's radius (80), not its antipodes: 2 is this search's count (the engine is
// checked state by state against a plain BFS on the small boards, tests/unit/full_search_test).
SLOW_SPACE(TwoBySix, "2x6", 239'500'800, 80, 2)
SLOW_SPACE(ThreeByFour, "3x4", 239'500'800, 53, 18)
SLOW_SPACE(FourByThree, "4x3", 239'500'800, 53, 18)

}  // namespace
}  // namespace slidegif

namespace slidegif {
namespace {

// Over 20 M states: histogram, antipodes and meta only, said before the search.
TEST(ExploreSlow, ThreeByFourDatabaseWithoutStateRows) {
  testing::TempDir dir;
  const std::string db = dir.file("3x4.sqlite");
  const auto r =
      testing::run_binary({testing::slidegif_binary(), "explore", "--size", "3x4", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("histogram, antipodes and meta only (239,500,800 states are over 20 M"),
            std::string::npos)
      << r.err;
  auto sql = [&](const std::string& q) {
    return testing::run_binary({"/usr/bin/sqlite3", db, q}).out;
  };
  EXPECT_EQ(sql("SELECT count(*) FROM states"), "0\n");
  EXPECT_EQ(sql("SELECT count(*) FROM antipodes"), "18\n");
  EXPECT_EQ(sql("SELECT sum(count), max(distance) FROM histogram"), "239500800|53\n");
  EXPECT_EQ(sql("SELECT value FROM meta WHERE key = 'all_states'"), "0\n");
}

}  // namespace
}  // namespace slidegif
