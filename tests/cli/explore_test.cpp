// `slidegif explore` through the real binary: God's numbers and distance counts against the
// published figures (Korf 2008 table III; OEIS A089473 in tests/data), the antipodes, the JSON
// shape, and the refusals. The larger boards are in tests/slow.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>

#include "app/data/data_files.hpp"
#include "published_counts.hpp"
#include "run_binary.hpp"
#include "solve/table/distance_table.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;

nlohmann::json explore_json(const std::string& size, const std::string& goal = {}) {
  std::vector<std::string> args{"explore", "--size", size, "--json"};
  if (!goal.empty()) args.insert(args.end(), {"--goal", goal});
  const RunResult r = run_slidegif(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

std::uint64_t half_factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 3; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

void expect_space(const nlohmann::json& j, int cells, int gods_number) {
  const auto histogram = j["histogram"].get<std::vector<std::uint64_t>>();
  EXPECT_EQ(j["gods_number"], gods_number);
  EXPECT_EQ(histogram.size(), static_cast<std::size_t>(gods_number + 1));
  EXPECT_EQ(std::accumulate(histogram.begin(), histogram.end(), std::uint64_t{0}),
            half_factorial(cells));
  EXPECT_EQ(j["states"], half_factorial(cells));
  EXPECT_EQ(j["antipodes_count"], histogram.back());
}

TEST(Explore, SmallBoardsHaveThePublishedGodsNumbers) {
  expect_space(explore_json("2x2"), 4, 6);
  expect_space(explore_json("2x3"), 6, 21);
  expect_space(explore_json("3x2"), 6, 21);
  expect_space(explore_json("2x4"), 8, 36);
}

TEST(Explore, ThreeByThreeMatchesThePublishedHistogram) {
  for (const char* goal : {"123456780", "123804765"}) {
    const auto j = explore_json("3", goal);
    expect_space(j, 9, goal == std::string("123456780") ? 31 : 30);
    EXPECT_EQ(j["histogram"].get<std::vector<std::uint64_t>>(),
              testing::published_8puzzle_counts(goal));
    EXPECT_EQ(j["goal"], goal);
    EXPECT_EQ(j["rows"], 3);
    EXPECT_EQ(j["cols"], 3);
  }
  const auto j = explore_json("3x3");
  EXPECT_EQ(j["antipodes"], (nlohmann::json{"647850321", "867254301"}));
  EXPECT_GE(j["seconds"].get<double>(), 0.0);
}

TEST(Explore, TextReportNamesGodsNumberAntipodesTimeAndMemory) {
  const RunResult r = run_slidegif({"explore", "--size", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("181,440 states"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("God's number: 31"), std::string::npos);
  EXPECT_NE(r.out.find("antipodes (2): 647850321 867254301"), std::string::npos);
  EXPECT_NE(r.out.find("      30  221\n"), std::string::npos);
  EXPECT_NE(r.out.find("peak memory"), std::string::npos);
}

TEST(Explore, RefusesBoardsOverTwelveCellsSayingStatesAndMemory) {
  const RunResult r = run_slidegif({"explore", "--size", "4x4"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("10,461,394,944,000 states"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2615 GB"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_NE(r.err.find("slidegif-mpi"), std::string::npos) << r.err;
}

TEST(Explore, Takes13And14CellsOnlyWhenAskedWithLarge) {
  // 2x7 and 7x2: 11 GB and half an hour or more, so not unasked; the message says
  // how. Saving the table keeps distances mod 3, with a bit a state more while searching.
  for (const char* size : {"2x7", "7x2"}) {
    const RunResult r = run_slidegif({"explore", "--size", size});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("43,589,145,600 states"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("10.9 GB"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("add --large"), std::string::npos) << r.err;
  }
  const RunResult saving = run_slidegif({"explore", "--size", "2x7", "--save"});
  EXPECT_EQ(saving.exit_code, 2);
  EXPECT_NE(saving.err.find("16.3 GB"), std::string::npos) << saving.err;
  // Past 14 cells --large does not help: one machine's memory is not enough.
  const RunResult wider = run_slidegif({"explore", "--size", "3x5", "--large"});
  EXPECT_EQ(wider.exit_code, 2);
  EXPECT_TRUE(wider.out.empty());
  EXPECT_NE(wider.err.find("163 GB"), std::string::npos) << wider.err;
  EXPECT_NE(wider.err.find("slidegif-mpi"), std::string::npos) << wider.err;
  // The multi-tile search stays within 12 cells.
  EXPECT_EQ(run_slidegif({"explore", "--size", "2x7", "--large", "--metric", "mtm"}).exit_code, 2);
  // On a small board --large changes nothing.
  const RunResult small = run_slidegif({"explore", "--size", "2x3", "--large", "--json"});
  EXPECT_EQ(small.exit_code, 0) << small.err;
  EXPECT_NE(small.out.find("\"gods_number\":21"), std::string::npos) << small.out;
}

TEST(Explore, RefusesAnUnknownGoalInOneLine) {
  for (std::vector<std::string> args : {std::vector<std::string>{"explore", "--goal", "123456788"},
                                        {"explore", "--goal", "12345678"},
                                        {"explore", "--size", "2x3", "--goal", "123456780"},
                                        {"explore", "--size", "9x9"},
                                        {"explore", "--size", "banana"}}) {
    const RunResult r = run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << args.back();
    EXPECT_TRUE(r.out.empty()) << args.back();
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace slidegif

namespace slidegif {
namespace {

TEST(ExploreSave, SolveAndRandomUseTheSavedTable) {
  testing::TempDir dir;
  const RunResult saved = run_slidegif({"explore", "--size", "2x5", "--save", "--dir", dir.path()});
  ASSERT_EQ(saved.exit_code, 0) << saved.err;
  // The file's own size, in human units (the table: 2 bits for each of 1,814,400 states).
  const auto bytes = std::filesystem::file_size(dir.file("2x5-distances.dist"));
  EXPECT_GT(bytes, 1'814'400u / 4);
  EXPECT_NE(saved.out.find("saved " + dir.file("2x5-distances.dist") + " (" +
                           app::human_size(bytes) + ")"),
            std::string::npos)
      << saved.out;
  const RunResult solved =
      run_slidegif({"solve", "98765/43210", "--size", "2x5", "--json", "--pdb-dir", dir.path()});
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  const auto j = nlohmann::json::parse(solved.out);
  EXPECT_EQ(j["method"], "descent of the distance table");
  EXPECT_EQ(j["length"], 44);
  const RunResult drawn = run_slidegif({"random", "--size", "2x5", "--moves", "40", "--seed", "2",
                                        "--json", "--pdb-dir", dir.path()});
  ASSERT_EQ(drawn.exit_code, 0) << drawn.err;
  EXPECT_EQ(nlohmann::json::parse(drawn.out)["length"], 40);
  const RunResult over =
      run_slidegif({"random", "--size", "2x5", "--moves", "56", "--pdb-dir", dir.path()});
  EXPECT_EQ(over.exit_code, 2);
  EXPECT_NE(over.err.find("0 to 55 moves"), std::string::npos) << over.err;
}

TEST(ExploreSave, EveryDistanceDrawsFromTheSavedTable) {
  // The rare layers (at most 181 of 1,814,400 states: 0 to 9 moves and the tail) come from
  // the file's lists, the others by rejection; each draw checked against an exact table.
  testing::TempDir dir;
  ASSERT_EQ(run_slidegif({"explore", "--size", "2x5", "--save", "--dir", dir.path()}).exit_code, 0);
  const detail::DistanceTable exact = detail::DistanceTable::build(Board::standard_goal({2, 5}));
  for (int n = 0; n <= 56; ++n) {
    const std::string moves = n == 56 ? "max" : std::to_string(n);
    const RunResult r = run_slidegif({"random", "--size", "2x5", "--moves", moves, "--seed",
                                      std::to_string(n), "--json", "--pdb-dir", dir.path()});
    ASSERT_EQ(r.exit_code, 0) << n << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const Board start = parse_board(j["start"].get<std::string>(), Shape{2, 5});
    EXPECT_EQ(exact.distance(start), std::min(n, 55)) << moves << " " << j["start"];
    EXPECT_EQ(j["length"], std::min(n, 55));
  }
}

TEST(ExploreSave, ADamagedTableIsAOneLineError) {
  testing::TempDir dir;
  ASSERT_EQ(run_slidegif({"explore", "--size", "2x5", "--save", "--dir", dir.path()}).exit_code, 0);
  {
    std::fstream f(dir.file("2x5-distances.dist"), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(9000);
    f.put('\x42');
  }
  const RunResult r =
      run_slidegif({"solve", "98765/43210", "--size", "2x5", "--pdb-dir", dir.path()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("table checksum mismatch"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

TEST(ExploreSave, AnUnwritableDirectoryLeavesNoReport) {
  testing::TempDir dir;
  const std::string blocked = dir.file("plain-file");
  std::ofstream(blocked) << "x";
  const RunResult r = run_slidegif({"explore", "--size", "2x3", "--save", "--dir", blocked});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"plain-file"});
}

}  // namespace
}  // namespace slidegif
