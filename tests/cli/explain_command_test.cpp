// `slidegif explain` through the real binary: the GIF read back by giflib has the frames the
// JSON script lists, the counts are compare's, every format is written, and bad requests are
// refused with nothing written.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "gif_decoder.hpp"
#include "run_binary.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;
using testing::TempDir;

TEST(ExplainCli, TheGifHasTheFramesTheScriptSaysAndCompareCounts) {
  TempDir dir;
  const std::string gif = dir.file("ida.gif");
  const RunResult r = run_slidegif(
      {"explain", "867254301", "--algorithm", "idastar", "-o", gif, "--json", "--frames", "60"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto decoded = testing::DecodedGif::decode_file(gif);
  ASSERT_EQ(decoded.frame_count(), j["frames"].get<int>());
  ASSERT_EQ(j["script"].size(), static_cast<std::size_t>(decoded.frame_count()));
  for (int k = 0; k < decoded.frame_count(); ++k) {
    EXPECT_EQ(decoded.delay_cs(k), j["script"][k]["delay_ms"].get<int>() / 10) << k;
  }
  EXPECT_EQ(j["algorithm"], "idastar-manhattan");
  EXPECT_EQ(j["moves"], 31);
  EXPECT_EQ(j["script"].back()["caption"], "Solved in 31 moves");
  EXPECT_LE(decoded.total_delay_cs(), 6000);
  const RunResult compare =
      run_slidegif({"compare", "867254301", "--algorithms", "idastar-manhattan", "--json"});
  ASSERT_EQ(compare.exit_code, 0) << compare.err;
  const auto row = nlohmann::json::parse(compare.out)["rows"][0];
  EXPECT_EQ(j["expanded"], row["expanded"]);
  EXPECT_EQ(j["generated"], row["generated"]);
}

TEST(ExplainCli, EveryImageFormatAndTheSummaryLine) {
  TempDir dir;
  for (const std::string name : {"a.webp", "a.png", "a.apng"}) {
    const RunResult r =
        run_slidegif({"explain", "123456708", "--algorithm", "bfs", "-o", dir.file(name)});
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    EXPECT_NE(r.out.find("123456708 -> 123456780: bfs: 1 move, 4 expanded"), std::string::npos)
        << r.out;
    EXPECT_GT(std::filesystem::file_size(dir.file(name)), 100u);
  }
}

TEST(ExplainCli, RefusalsWriteNothing) {
  TempDir dir;
  const std::string out = dir.file("x.gif");
  struct Case {
    std::vector<std::string> args;
    int exit;
    std::string says;
  };
  const std::vector<Case> cases{
      {{"explain", "867254301", "--algorithm", "dfs", "-o", out}, 2, "unknown algorithm \"dfs\""},
      {{"explain", "123456780", "--algorithm", "astar", "-o", out, "--goal", "213456780"}, 3, ""},
      {{"explain", "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15/16,17,18,19,20/21,22,23,24,0", "-o", out},
       2,
       "16 cells"},
      {{"explain", "867254301", "-o", dir.file("x.bmp")}, 2, ""},
      {{"explain", "867254301"}, 2, "--output"},
      {{"explain", "867254301", "-o", out, "--frames", "0"}, 2, "--frames"},
      {{"explain", "867254301", "--algorithm", "bfs", "--frames", "800", "--tile", "256", "-o",
        out},
       2,
       "; use a smaller --tile or fewer --frames"},
      {{"explain", "867254301", "-o", out, "--lang", "fr"}, 0, ""},  // English, with a note
  };
  for (const Case& c : cases) {
    const RunResult r = run_slidegif(c.args);
    EXPECT_EQ(r.exit_code, c.exit) << c.args.back() << ": " << r.err;
    if (!c.says.empty()) {
      EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    }
    if (c.exit != 0) {
      EXPECT_TRUE(dir.entries().empty()) << r.err;
    }
    std::filesystem::remove(out);
  }
}

TEST(ExplainCli, SolveAndExplainShowEachTilesShareOfTheEstimate) {
  TempDir dir;
  for (const std::string command : {"solve", "explain"}) {
    const std::string plain = dir.file(command + ".gif"), noted = dir.file(command + "-h.gif");
    ASSERT_EQ(run_slidegif({command, "152703846", "-o", plain}).exit_code, 0);
    const RunResult r =
        run_slidegif({command, "152703846", "--show-heuristic", "manhattan", "-o", noted});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto a = testing::DecodedGif::decode_file(plain);
    const auto b = testing::DecodedGif::decode_file(noted);
    ASSERT_EQ(a.frame_count(), b.frame_count()) << command;
    ASSERT_EQ(a.width(), b.width());
    int differ = 0;
    for (int y = 0; y < a.height(); ++y)
      for (int x = 0; x < a.width(); ++x) differ += a.pixel(0, x, y) == b.pixel(0, x, y) ? 0 : 1;
    EXPECT_GT(differ, 40) << command << ": the first frame's notes";
  }
  const RunResult bad =
      run_slidegif({"solve", "152703846", "--show-heuristic", "euclid", "-o", dir.file("x.gif")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(dir.file("x.gif")));
}

TEST(ExplainCli, TheTreeOfASmallSearchAsPngOrSvg) {
  TempDir dir;
  const RunResult png = run_slidegif(
      {"explain", "413026758", "--algorithm", "idastar", "--tree", "-o", dir.file("t.png")});
  ASSERT_EQ(png.exit_code, 0) << png.err;
  EXPECT_NE(png.out.find("IDA* · Manhattan distance: 6 expanded, 5 moves; the tree has"),
            std::string::npos)
      << png.out;
  EXPECT_GT(std::filesystem::file_size(dir.file("t.png")), 1000u);
  const RunResult svg = run_slidegif({"explain", "413026758", "--algorithm", "bfs", "--tree",
                                      "--lang", "zh", "-o", dir.file("t.svg")});
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  // Refused: a search past 60 expansions, a name that is not a still, --format with it.
  const std::vector<std::vector<std::string>> refused{
      {"explain", "867254301", "--tree", "-o", dir.file("big.png")},
      {"explain", "413026758", "--tree", "-o", dir.file("t.gif")},
      {"explain", "413026758", "--tree", "--format", "png", "-o", dir.file("u.png")}};
  for (const auto& args : refused) {
    const RunResult r = run_slidegif(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_FALSE(std::filesystem::exists(args.back())) << args.back();
  }
  EXPECT_NE(run_slidegif(refused[0]).err.find("more than 60 states"), std::string::npos);
}

}  // namespace
}  // namespace slidegif
