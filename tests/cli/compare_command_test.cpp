// `slidegif compare` and `solve --algorithm` through the real binary: the table and the JSON
// rows, the classic searches' answers replayed, the refusals (an unknown name, an unsolvable
// puzzle, a breadth-first search too large to start, boards past 16 cells), and the GIF of a
// classic answer.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "gif_decoder.hpp"
#include "run_binary.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;

Board replayed(Board board, const std::string& moves) {
  for (const Move m : moves_from_string(moves)) board.apply(m);
  return board;
}

TEST(Compare, EveryRowOfTheHardest8PuzzleReplaysToTheGoal) {
  const RunResult r = run_slidegif({"compare", "867254301", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["rows"].size(), 13u);  // twelve classic methods, then slidegif's own
  EXPECT_EQ(j["rows"].back()["algorithm"], "slidegif");
  for (const auto& row : j["rows"]) {
    ASSERT_TRUE(row["solved"].get<bool>()) << row.dump();
    EXPECT_EQ(replayed(parse_board("867254301"), row["solution"].get<std::string>()),
              Board::standard_goal({3, 3}))
        << row["algorithm"];
    if (row["optimal"].get<bool>()) {
      EXPECT_EQ(row["moves"], 31) << row["algorithm"];
    }
  }
  EXPECT_EQ(j["rows"][0]["algorithm"], "bfs");
  EXPECT_EQ(j["rows"][0]["expanded"], 181439);  // all but the other antipode
  const auto ida = j["rows"][7];                // idastar-manhattan
  EXPECT_EQ(ida["algorithm"], "idastar-manhattan");
  EXPECT_EQ(ida["thresholds"].back(), 31);
}

TEST(Compare, TheTableNamesEachAlgorithmAndItsLimits) {
  const RunResult r = run_slidegif({"compare", "14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3", "--goal",
                                    "0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15", "--algorithms",
                                    "bfs,astar-manhattan,idastar-lc", "--max-nodes", "20000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("algorithm"), std::string::npos);
  EXPECT_NE(r.out.find("not started: breadth-first search here needs a byte for each of "
                       "20,922,789,888,000 arrangements"),
            std::string::npos)
      << r.out;
  // Limits are checked every 256 expansions (4,096 in IDA*): the same numbers every run.
  EXPECT_NE(r.out.find("stopped at 20224 expanded states (the limit)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopped at 20480 expanded states (the limit)"), std::string::npos) << r.out;
}

TEST(Compare, RefusalsSayWhy) {
  RunResult r = run_slidegif({"compare", "867254301", "--algorithms", "astar-euclid"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown algorithm \"astar-euclid\"; known: bfs,"), std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
  r = run_slidegif({"compare", "123456870"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("unsolvable"), std::string::npos) << r.err;
  // 5x5: the classic searches take up to 16 cells; slidegif's own row answers.
  r = run_slidegif({"compare", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15/16,17,18,19,20/21,22,23,0,24",
                    "--algorithms", "astar-lc,slidegif", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_NE(j["rows"][0]["stopped"].get<std::string>().find("not run: the classic searches take "
                                                            "boards of up to 16 cells"),
            std::string::npos);
  EXPECT_EQ(j["rows"][1]["moves"], 1);
}

TEST(SolveAlgorithm, AClassicAnswerIsDrawnAsUsual) {
  const testing::TempDir dir;
  const RunResult r = run_slidegif({"solve", "867254301", "--algorithm", "greedy-manhattan",
                                    "--tween", "0", "-o", dir.file("g.gif")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("47 moves (NOT optimal: greedy best-first search)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[by greedy-manhattan (Manhattan)]"), std::string::npos) << r.out;
  const auto gif = testing::DecodedGif::decode_file(dir.file("g.gif"));
  EXPECT_EQ(gif.frame_count(), 48);  // the start and one a move
  const RunResult bad = run_slidegif({"solve", "867254301", "--algorithm", "dfs"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown algorithm \"dfs\""), std::string::npos) << bad.err;
  const RunResult batch =
      run_slidegif({"solve", "--batch", "-", "--algorithm", "bfs"}, "867254301\n");
  EXPECT_EQ(batch.exit_code, 2);
  EXPECT_NE(batch.err.find("--batch does not take it"), std::string::npos) << batch.err;
  EXPECT_TRUE(batch.out.empty()) << batch.out;
  const RunResult mtm =
      run_slidegif({"solve", "867254301", "--algorithm", "bfs", "--metric", "mtm"});
  EXPECT_EQ(mtm.exit_code, 2);
  EXPECT_NE(mtm.err.find("--algorithm takes --metric stm"), std::string::npos) << mtm.err;
}

}  // namespace
}  // namespace slidegif
