// The real binary, as a user runs it: good paths, every class of bad input, exit statuses,
// and no file left behind on error.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "bfs_reference.hpp"
#include "gif_decoder.hpp"
#include "run_binary.hpp"
#include "slidegif/board.hpp"

namespace slidegif {
namespace {

using testing::run_binary;
using testing::run_slidegif;
using testing::RunResult;
using testing::slidegif_binary;
using testing::TempDir;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

Board replay(const std::string& start, const std::string& moves, std::optional<Shape> shape = {}) {
  Board b = parse_board(start, shape);
  b.apply_all(moves_from_string(moves));
  return b;
}

TEST(Cli, HelpShowsExamples) {
  const auto r = run_slidegif({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "Examples:"));
  EXPECT_TRUE(contains(r.out, "solve"));
  const auto s = run_slidegif({"solve", "--help"});
  EXPECT_EQ(s.exit_code, 0);
  EXPECT_TRUE(contains(s.out, "--tween"));
  EXPECT_TRUE(contains(s.out, "--batch"));
}

TEST(Cli, SolvePrintsAnOptimalSummary) {
  const auto r = run_slidegif({"solve", "867254301"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "867254301 -> 123456780: 31 moves (optimal)")) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(Cli, SolveJsonHasTheFieldsAndReplays) {
  const auto r = run_slidegif({"solve", "2,8,3,1,0,4,7,6,5", "--goal", "123804765", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rows"], 3);
  EXPECT_EQ(j["cols"], 3);
  EXPECT_EQ(j["start"], "283104765");
  EXPECT_EQ(j["goal"], "123804765");
  EXPECT_EQ(j["optimal"], true);
  const auto dist = testing::bfs_distances(parse_board("123804765"));
  EXPECT_EQ(j["length"], dist.at(testing::pack(parse_board("283104765"))));
  EXPECT_EQ(replay("283104765", j["moves"]), parse_board("123804765"));
}

// The multi-tile metric: the answer counted in line moves (as short as a breadth-first search
// here finds: multi_tile_test), drawn a line move a step; what it cannot do is refused.
TEST(Cli, MultiTileMetricSolvesExploresAndDraws) {
  TempDir dir;
  const std::string out = dir.file("mtm.gif");
  const auto r = run_slidegif({"solve", "867254301", "--metric", "mtm", "--json", "-o", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["metric"], "mtm");
  EXPECT_EQ(j["length"], 20);
  EXPECT_EQ(j["steps"], j["moves"].get<std::string>().size());
  EXPECT_EQ(count_moves(moves_from_string(j["moves"].get<std::string>()), Metric::MultiTile), 20);
  EXPECT_EQ(replay("867254301", j["moves"]), parse_board("123456780"));
  EXPECT_EQ(testing::DecodedGif::decode_file(out).frame_count(), 1 + 20 * 4);  // 3 tweens each
  const auto text = run_slidegif({"solve", "867254301", "--metric", "mtm"});
  EXPECT_TRUE(contains(text.out, "867254301 -> 123456780: 20 mtm moves (optimal)")) << text.out;

  const auto explored = run_slidegif({"explore", "--metric", "mtm", "--json"});
  ASSERT_EQ(explored.exit_code, 0) << explored.err;
  const auto e = nlohmann::json::parse(explored.out);
  EXPECT_EQ(e["gods_number"], 24);
  EXPECT_EQ(e["metric"], "mtm");
  EXPECT_EQ(e["antipodes"], nlohmann::json::array({"147208365"}));

  const auto bad = run_slidegif({"solve", "867254301", "--metric", "ftm"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--metric")) << bad.err;
  const auto exact = run_slidegif({"random", "--moves", "10", "--metric", "mtm"});
  EXPECT_EQ(exact.exit_code, 2);
  EXPECT_TRUE(contains(exact.err, "single-tile")) << exact.err;
  const auto save = run_slidegif({"explore", "--metric", "mtm", "--save", "--dir", dir.path()});
  EXPECT_EQ(save.exit_code, 2);
  EXPECT_TRUE(contains(save.err, "--save")) << save.err;
  EXPECT_EQ(dir.entries().size(), 1u);  // the GIF alone
}

TEST(Cli, SolveWritesAGifAndReportsIt) {
  TempDir dir;
  const std::string out = dir.file("hard.gif");
  const auto r = run_slidegif({"solve", "867254301", "-o", out, "--json", "--tile", "40"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const std::string bytes = testing::read_file(out);
  EXPECT_EQ(j["file"], out);
  EXPECT_EQ(j["bytes"], bytes.size());
  const auto gif = testing::DecodedGif::decode_file(out);
  EXPECT_EQ(gif.frame_count(), j["frames"].get<int>());
  EXPECT_EQ(gif.frame_count(), 125);    // start + 31 moves of 3 sliding frames and a landing
  EXPECT_EQ(gif.loop_count(), 0);       // forever
  EXPECT_EQ(dir.entries().size(), 1u);  // no temporary left behind
}

TEST(Cli, GifToStdoutKeepsTheSummaryOnStderr) {
  const auto r = run_slidegif({"solve", "123456708", "-o", "-"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 6), "GIF89a");
  EXPECT_TRUE(contains(r.err, "1 move (optimal) R")) << r.err;
}

TEST(Cli, RectangularAndTinyBoards) {
  auto r = run_slidegif({"solve", "1,2,3,4,5,0,6,7", "--size", "2x4", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["length"], 2);
  EXPECT_EQ(replay("1,2,3,4,5,0,6,7", j["moves"], Shape{2, 4}), Board::standard_goal({2, 4}));
  r = run_slidegif({"solve", "30/21", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  j = nlohmann::json::parse(r.out);
  EXPECT_EQ(replay("30/21", j["moves"]), Board::standard_goal({2, 2}));
}

TEST(Cli, RandomIsReproducibleFromTheSeed) {
  const auto a = run_slidegif({"random", "--seed", "7", "--json"});
  const auto b = run_slidegif({"random", "--seed", "7", "--json"});
  const auto c = run_slidegif({"random", "--seed", "8", "--json"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out),
             jc = nlohmann::json::parse(c.out);
  EXPECT_EQ(ja["start"], jb["start"]);
  EXPECT_EQ(ja["moves"], jb["moves"]);
  EXPECT_EQ(ja["seed"], 7);
  EXPECT_NE(ja["start"], jc["start"]);
  EXPECT_EQ(replay(ja["start"], ja["moves"]), Board::standard_goal({3, 3}));
}

TEST(Cli, RandomGoalAndSizes) {
  const auto r =
      run_slidegif({"random", "--seed", "3", "--random-goal", "--size", "2x3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rows"], 2);
  EXPECT_EQ(j["cols"], 3);
  EXPECT_EQ(replay(j["start"], j["moves"]), parse_board(j["goal"].get<std::string>()));
}

TEST(Cli, CheckSaysWhy) {
  auto r = run_slidegif({"check", "867254301"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(contains(r.out, "solvable: start has")) << r.out;
  r = run_slidegif({"check", "213456780"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(contains(r.out, "unsolvable")) << r.out;
  EXPECT_TRUE(contains(r.out, "they differ")) << r.out;
}

TEST(Cli, BatchAnswersEveryLineAndSurvivesBadOnes) {
  const std::string input =
      "867254301\n"
      "# a comment\n"
      "283104765 123804765\n"
      "12345678\n"
      "1 2 3 4 5 6 7 0 8\n"
      "213456780\n"
      "123456780\n";
  const auto r = run_slidegif({"solve", "--batch", "-"}, input);
  EXPECT_EQ(r.exit_code, 1);  // some lines failed
  std::istringstream lines(r.out);
  std::vector<std::string> out;
  for (std::string l; std::getline(lines, l);) out.push_back(l);
  ASSERT_EQ(out.size(), 6u) << r.out;
  EXPECT_EQ(out[0].substr(0, 3), "31 ");
  EXPECT_EQ(out[1].substr(0, 2), "4 ");
  // The line number, what was read, what is wrong, and what a line holds.
  EXPECT_TRUE(contains(out[2], "error: line 4: '12345678': 8 tiles do not make a square board"))
      << out[2];
  EXPECT_TRUE(contains(out[2], "(a line holds START [GOAL], or START ; GOAL)")) << out[2];
  EXPECT_EQ(out[3], "1 R");
  EXPECT_TRUE(contains(out[4], "error: line 6: '213456780': unsolvable")) << out[4];
  EXPECT_EQ(out[5], "0 -");
}

// A huge line is refused as too long (read through, at most kMaxLine characters of it kept), and
// the next line is still solved.
TEST(Cli, BatchRefusesAHugeLine) {
  const std::string input = std::string(5'000'000, '1') + "\n123456708\n";
  const auto r = run_slidegif({"solve", "--batch", "-"}, input);
  EXPECT_EQ(r.exit_code, 1);
  std::istringstream lines(r.out);
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_TRUE(contains(first, "error: line 1: '" + std::string(60, '1') + "...': line is too long"))
      << first.substr(0, 200);
  EXPECT_EQ(second, "1 R");
}

TEST(Cli, BatchJson) {
  const auto r = run_slidegif({"solve", "--batch", "-", "--json"}, "123456708\nnope\n");
  std::istringstream lines(r.out);
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_EQ(nlohmann::json::parse(first)["length"], 1);
  EXPECT_EQ(nlohmann::json::parse(second)["line"], 2);
  EXPECT_TRUE(nlohmann::json::parse(second).contains("error"));
}

// One shape for `solve --json`, `random --json` and each line of `solve --batch --json`.
TEST(Cli, EveryJsonOutputHasTheSameShape) {
  const auto solve = run_slidegif({"solve", "123456708", "--json"});
  const auto random = run_slidegif({"random", "--seed", "4", "--json"});
  const auto batch = run_slidegif({"solve", "--batch", "-", "--json"}, "123456708\n");
  ASSERT_EQ(solve.exit_code, 0) << solve.err;
  ASSERT_EQ(random.exit_code, 0) << random.err;
  ASSERT_EQ(batch.exit_code, 0) << batch.err;
  const auto keys = [](const std::string& text) {
    const auto j = nlohmann::json::parse(text);
    std::vector<std::string> out;
    for (const auto& [k, v] : j.items()) out.push_back(k);
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::vector<std::string> want = {"cols",  "goal",    "length", "method",  "metric", "moves",
                                         "nodes", "optimal", "rows",   "seconds", "start"};
  EXPECT_EQ(keys(solve.out), want);
  auto with = [](std::vector<std::string> v, const std::string& k) {
    v.push_back(k);
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(keys(random.out), with(want, "seed"));
  EXPECT_EQ(keys(batch.out), with(want, "line"));
  auto solved = nlohmann::json::parse(solve.out), line = nlohmann::json::parse(batch.out);
  line.erase("line");
  for (auto* j : {&solved, &line}) j->erase("seconds");
  EXPECT_EQ(solved, line);
}

// Error messages quote the input, which need not be UTF-8: the JSON line still prints.
TEST(Cli, BatchJsonSurvivesBytesThatAreNotUtf8) {
  const auto r = run_slidegif({"solve", "--batch", "-", "--json"}, "12345678\xbb\n123456708\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::istringstream lines(r.out);
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_EQ(nlohmann::json::parse(first)["line"], 1) << first;
  EXPECT_TRUE(nlohmann::json::parse(first).contains("error"));
  EXPECT_EQ(nlohmann::json::parse(second)["length"], 1) << second;
}

struct BadCase {
  std::vector<std::string> args;
  int exit_code;
  std::string message;
};

TEST(Cli, EveryBadInputFailsCleanlyWithoutAFile) {
  const std::vector<BadCase> cases = {
      {{"solve", "12345678"}, 2, "square"},
      {{"solve", "283104766"}, 2, "appears twice"},
      {{"solve", "1,2,3,4,5,6,7,8,9"}, 2, "out of range"},
      {{"solve", "28310476x"}, 2, "unexpected character"},
      {{"solve", ""}, 2, "START"},
      {{"solve", "   "}, 2, "empty"},
      {{"solve", std::string(5000, '1')}, 2, "too long"},
      {{"solve", "283104765", "--goal", "1234/5670"}, 2, "size"},
      {{"solve", "283104765", "--goal", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"},
       2,
       "needs 9 tiles"},
      {{"solve", "213456780"}, 3, "unsolvable"},
      {{"solve", "283104765", "--tile", "5"}, 2, "--tile"},
      {{"solve", "283104765", "--tween", "99"}, 2, "--tween"},
      {{"solve", "283104765", "--theme", "nope"}, 2, "--theme"},
      {{"solve", "123456708", "--font", "/nonexistent.ttf"}, 2, "font"},
      {{"solve", "283104765", "--size", "17x17"}, 2, "out of range"},
      {{"solve", "--batch", "/nonexistent/file"}, 1, "cannot read"},
      {{"solve", "--batch", "/nonexistent/file"}, 1, "No such file or directory"},
      {{"solve", "--batch", "/"}, 1, "cannot read /: Is a directory"},
      {{"random", "--seed", "abc"}, 2, "--seed"},
      {{"random", "--goal", "123456780", "--random-goal"}, 2, "--goal excludes --random-goal"},
      {{"solve", "283104765", "--bogus"}, 2, "bogus"},
      {{"frobnicate"}, 2, "frobnicate"},
  };
  for (const auto& c : cases) {
    TempDir dir;
    auto args = c.args;
    const bool makes_gif = args[0] != "frobnicate" && args[1] != "--batch";
    if (makes_gif) args.insert(args.end(), {"-o", dir.file("x.gif")});
    const auto r = run_slidegif(args);
    EXPECT_EQ(r.exit_code, c.exit_code) << args[1] << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, c.message)) << "wanted '" << c.message << "' in: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n') <= 3, true) << r.err;
    EXPECT_TRUE(dir.entries().empty()) << "left a file for " << args[1];
  }
}

TEST(Cli, PdbBuildThreadsOutOfRangeIsRefusedBeforeBuilding) {
  TempDir dir;
  for (const std::string threads : {"0", "-1", "100000", "two"}) {
    const auto r =
        run_slidegif({"pdb", "build", "--size", "3x4", "--dir", dir.path(), "--threads", threads});
    EXPECT_EQ(r.exit_code, 2) << threads;
    EXPECT_TRUE(contains(r.err, "--threads")) << r.err;
    EXPECT_TRUE(dir.entries().empty()) << threads;
  }
}

TEST(Cli, UnwritableOutputIsAnErrorWithoutPartialFile) {
  const auto r = run_slidegif({"solve", "123456708", "-o", "/nonexistent-dir/x.gif"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(contains(r.err, "/nonexistent-dir")) << r.err;
}

TEST(Cli, AFullDeviceIsAnErrorAndNothingIsClaimedWritten) {
  for (const std::string target : {"/dev/full", "-"}) {
    std::vector<std::string> args = {slidegif_binary(), "solve", "123456708", "-o", target};
    // "-": standard output is /dev/full itself.
    if (target == "-")
      args = {"/bin/sh", "-c", "\"$0\" solve 123456708 -o - >/dev/full", slidegif_binary()};
    const auto r = run_binary(args);
    EXPECT_EQ(r.exit_code, 1) << target << ": " << r.out << r.err;
    EXPECT_FALSE(contains(r.out + r.err, "wrote")) << r.out << r.err;
    EXPECT_TRUE(contains(r.err, target == "-" ? "standard output" : "No space left")) << r.err;
  }
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device was replaced";
}

TEST(Cli, PastTheBudgetTheBestSolutionIsMarkedNotOptimal) {
  // Korf's hardest instance (65 moves) is far beyond Manhattan + linear conflict in 0.2 s.
  const std::string start = "12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1";
  auto r = run_slidegif({"solve", start, "--no-pdb", "--max-seconds", "0.2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["optimal"], false);
  EXPECT_GE(j["length"].get<int>(), 65);
  EXPECT_EQ(replay(start, j["moves"]), Board::standard_goal({4, 4}));
  r = run_slidegif({"solve", start, "--no-pdb", "--max-seconds", "0.2"});
  EXPECT_TRUE(contains(r.out, "NOT optimal")) << r.out;
}

TEST(Cli, LargerBoardsGetANearOptimalSolution) {
  for (const std::string size : {"5", "8", "3x7"}) {
    const auto r = run_slidegif({"random", "--size", size, "--seed", "11", "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["optimal"], false);
    const Board start = parse_board(j["start"].get<std::string>());
    EXPECT_EQ(replay(j["start"], j["moves"]), Board::standard_goal(start.shape())) << size;
  }
}

TEST(Cli, TheLargestBoardDrawsWithDefaultsAndLimitsSayWhatToChange) {
  TempDir dir;
  auto r = run_slidegif({"random", "--size", "8", "--seed", "1", "-o", dir.file("r.gif")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto gif = testing::DecodedGif::decode_file(dir.file("r.gif"));
  EXPECT_LT(gif.width(), 560);  // 60 px tiles: the board is 480 px wide
  EXPECT_GT(gif.frame_count(), 300);
  // 42 moves at 16 tweens of 256 px tiles are over the pixel limit: the advice has the size.
  r = run_slidegif({"random", "--size", "3x4", "--seed", "8", "--no-pdb", "--tile", "256",
                    "--tween", "16", "-o", dir.file("big.gif")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "use --tile ")) << r.err;
  EXPECT_TRUE(contains(r.err, "or fewer --tween frames")) << r.err;
  EXPECT_FALSE(contains(r.err, "kMax")) << r.err;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"r.gif"});
}

TEST(Cli, PdbStatusReportsMissingDatabases) {
  TempDir dir;
  const auto r = run_slidegif({"pdb", "status", "--dir", dir.path()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "small")) << r.out;
  EXPECT_TRUE(contains(r.out, "missing")) << r.out;
}

// A damaged set's line says what becomes of it, and a solve then does just that: 3x4's
// first-use set (large) is built again when a solve needs it; a solve ignores the others
// (zero-aware) until `pdb build` replaces them. The command names the board when only --goal
// gave it.
TEST(Cli, PdbStatusSaysWhatBecomesOfADamagedSet) {
  TempDir dir;
  for (const char* set : {"large", "zero-aware"}) {
    const auto r =
        run_slidegif({"pdb", "build", "--size", "3x4", "--set", set, "--dir", dir.path()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  for (const char* name : {"3x4-large.pdb", "3x4-zero-aware.pdb"}) {
    std::string bytes = testing::read_file(dir.file(name));
    ASSERT_GT(bytes.size(), 5000u);
    bytes[5000] = static_cast<char>(bytes[5000] ^ 0x5A);
    std::ofstream(dir.file(name), std::ios::binary) << bytes;
  }
  const std::vector<std::string> status = {
      "pdb", "status", "--goal", "1,2,3,4/5,6,7,8/9,10,11,0", "--dir", dir.path()};
  auto r = run_slidegif(status);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out,
                       "(solves ignore it; slidegif pdb build --set zero-aware --size 3x4 "
                       "builds it again)"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "large      damaged")) << r.out;
  EXPECT_TRUE(contains(r.out,
                       "(built again when a solve next needs it, or now by: slidegif pdb "
                       "build --set large --size 3x4)"))
      << r.out;
  EXPECT_FALSE(contains(r.out, "rebuilt on next use")) << r.out;

  r = run_slidegif(
      {"solve", "--pdb-dir", dir.path(), "--size", "3x4", "0,1,2,3/5,6,7,4/9,10,11,8"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "(optimal)")) << r.out;
  r = run_slidegif(status);
  EXPECT_TRUE(contains(r.out, "large      ok")) << r.out;
  EXPECT_TRUE(contains(r.out, "zero-aware damaged")) << r.out;
}

// For a goal whose files are its own (the blank not in a corner), the command a status line
// gives builds that goal's file: run as printed, the set is then there and checks out.
TEST(Cli, PdbStatusCommandsBuildTheGoalsOwnFiles) {
  TempDir dir;
  const std::string goal = "1,2,3,4/5,0,6,7/8,9,10,11";
  const std::vector<std::string> status = {"pdb", "status", "--goal", goal, "--dir", dir.path()};
  auto r = run_slidegif(status);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string command = "slidegif pdb build --set large --size 3x4 --goal " + goal;
  EXPECT_TRUE(contains(r.out, "large      missing   (" + command + ")")) << r.out;
  r = run_slidegif(
      {"pdb", "build", "--set", "large", "--size", "3x4", "--goal", goal, "--dir", dir.path()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_slidegif(status);
  EXPECT_TRUE(contains(r.out, "large      ok")) << r.out;
}

}  // namespace
}  // namespace slidegif
