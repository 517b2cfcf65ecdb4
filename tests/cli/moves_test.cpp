// `random --moves N|max` and solving by descent, through the real binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "private_home.hpp"
#include "run_binary.hpp"
#include "slidegif/board.hpp"
#include "solve/solver.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;

nlohmann::json json_of(std::vector<std::string> args) {
  args.push_back("--json");
  const RunResult r = run_slidegif(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(Moves, ThreeByThreeDrawsAreExactAndSeeded) {
  for (int n : {0, 1, 13, 20, 31}) {
    const auto j = json_of({"random", "--moves", std::to_string(n), "--seed", "4"});
    EXPECT_EQ(j["length"], n);
    EXPECT_EQ(j["method"], "descent of the distance table");
    // Checked independently: IDA* finds the same length.
    const Solution s =
        solve(parse_board(j["start"].get<std::string>()), Board::standard_goal({3, 3}));
    EXPECT_EQ(static_cast<int>(s.moves.size()), n);
  }
  EXPECT_EQ(json_of({"random", "--moves", "20", "--seed", "4"})["start"],
            json_of({"random", "--moves", "20", "--seed", "4"})["start"]);
  const auto max = json_of({"random", "--moves", "max", "--seed", "9"});
  EXPECT_EQ(max["length"], 31);
  EXPECT_TRUE(max["start"] == "867254301" || max["start"] == "647850321") << max["start"];
  EXPECT_EQ(json_of({"random", "--moves", "max", "--goal", "123804765"})["length"], 30);
}

// Boards up to 16x16: a pick a few dozen moves out is proven optimal and replays to its goal
// (solver_test checks such answers against brute force), a pick past what can be proven is
// refused, a random one is answered near-optimally, and 17 rows are refused.
TEST(Moves, BoardsUpTo16x16) {
  for (const char* size : {"10", "16", "9x14"}) {
    const auto j = json_of({"random", "--size", size, "--moves", "40", "--seed", "2"});
    EXPECT_EQ(j["length"], 40) << size;
    EXPECT_EQ(j["optimal"], true) << size;
    Board b = parse_board(j["start"].get<std::string>());
    b.apply_all(moves_from_string(j["moves"].get<std::string>()));
    EXPECT_EQ(b, parse_board(j["goal"].get<std::string>())) << size;
  }
  const RunResult far = run_slidegif({"random", "--size", "12", "--moves", "61", "--json"});
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_NE(far.out.find("proven up to 60 moves"), std::string::npos) << far.out;
  const auto near = json_of({"random", "--size", "16", "--seed", "1", "--max-seconds", "0.5"});
  EXPECT_EQ(near["optimal"], false);
  Board b = parse_board(near["start"].get<std::string>());
  b.apply_all(moves_from_string(near["moves"].get<std::string>()));
  EXPECT_EQ(b, parse_board(near["goal"].get<std::string>()));
  const RunResult big = run_slidegif({"random", "--size", "17"});
  EXPECT_EQ(big.exit_code, 2);
  EXPECT_NE(big.err.find("2 to 16"), std::string::npos) << big.err;
}

// --threads shares one search between threads and changes nothing in the answer; a count
// outside 1..256 is refused naming the option.
TEST(Moves, ThreadsGiveTheSameAnswer) {
  const std::vector<std::string> solve = {"solve", "5,4,3,9/13,0,14,2/11,7,12,8/1,6,10,15",
                                          "--no-pdb", "--max-seconds", "60"};
  auto with = [&solve](const char* threads) {
    auto args = solve;
    args.insert(args.end(), {"--threads", threads});
    return json_of(args);
  };
  const auto one = with("1");
  EXPECT_EQ(one["length"], 48);
  EXPECT_EQ(with("2")["moves"], one["moves"]);
  EXPECT_EQ(with("3")["moves"], one["moves"]);
  for (const char* bad : {"0", "257", "two"}) {
    auto args = solve;
    args.insert(args.end(), {"--threads", bad});
    const RunResult r = run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find("--threads"), std::string::npos) << r.err;
  }
}

TEST(Moves, FifteenPuzzleByWalksIsExactAndOptimal) {
  // The test is of the walks, not of a first-use build, and no slow machine may miss its
  // budget: the databases are in place first, and the budget is ample.
  testing::install_small_pdb_in_cache();
  const auto j =
      json_of({"random", "--size", "4", "--moves", "24", "--seed", "3", "--max-seconds", "120"});
  EXPECT_EQ(j["length"], 24);
  EXPECT_EQ(j["optimal"], true);
}

TEST(Moves, SolveSaysItAnsweredByDescent) {
  testing::install_small_pdb_in_cache();  // the 4x4 below is solved, not a database built
  const RunResult r = run_slidegif({"solve", "867254301"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("31 moves (optimal)"), std::string::npos);
  EXPECT_NE(r.out.find("[by descent of the distance table]"), std::string::npos) << r.out;
  const RunResult four = run_slidegif({"solve", "1,2,3,4/5,6,7,8/9,10,11,12/13,14,0,15"});
  EXPECT_EQ(four.out.find("descent"), std::string::npos) << four.out;
}

TEST(Moves, OutOfRangeAndMalformedAreOneLineErrors) {
  const std::pair<std::vector<std::string>, const char*> table[] = {
      {{"random", "--moves", "32"}, "0 to 31 moves"},
      {{"random", "--moves", "-2"}, "--moves takes"},
      {{"random", "--moves", "twenty"}, "--moves takes"},
      {{"random", "--size", "4", "--moves", "81"}, "0 to 80 moves"},
      {{"random", "--size", "4", "--moves", "max"}, "need a distance table"},
      {{"random", "--size", "2x3", "--moves", "22"}, "0 to 21 moves"},
  };
  for (const auto& [args, message] : table) {
    const RunResult r = run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << args.back() << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  // A 4x4 walk that cannot finish in time: a budget error, exit 1.
  const RunResult slow = run_slidegif({"random", "--size", "4", "--moves", "70", "--max-seconds",
                                       "0.3", "--no-pdb", "--seed", "1"});
  EXPECT_EQ(slow.exit_code, 1);
  EXPECT_NE(slow.err.find("within 0.3 s; raise --max-seconds"), std::string::npos) << slow.err;
}

}  // namespace
}  // namespace slidegif
