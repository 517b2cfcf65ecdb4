// The public API (include/slidegif/) as a program that links libslidegif sees it: only
// <slidegif/slidegif.hpp>, checked against independent references (a plain BFS, the published
// 8-puzzle counts, Korf's optimal lengths, giflib).
#include <gtest/gtest.h>

#include <numeric>
#include <string>

#include "bfs_reference.hpp"
#include "gif_decoder.hpp"
#include "instances.hpp"
#include "private_home.hpp"
#include "published_counts.hpp"
#include "run_binary.hpp"
#include "slidegif/slidegif.hpp"

namespace slidegif {
namespace {

Board replay(Board board, const std::vector<Move>& moves) {
  board.apply_all(moves);
  return board;
}

TEST(Api, SolvesOptimallyAndSaysSo) {
  const Board start = parse_board("867254301");
  const Board goal = Board::standard_goal(start.shape());
  const auto bfs = testing::bfs_distances(goal);
  for (const Solution& s : {solve(start, goal), Solver().solve(start, goal)}) {
    EXPECT_TRUE(s.optimal) << s.method;
    EXPECT_EQ(static_cast<int>(s.moves.size()), bfs.at(testing::pack(start)));
    EXPECT_EQ(replay(start, s.moves), goal);
  }
}

TEST(Api, BadInputIsAnErrorWithTheCliMessage) {
  try {
    parse_board("1123");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::BadInput);
    EXPECT_NE(std::string(e.what()).find("appears twice"), std::string::npos) << e.what();
  }
  const Board start = parse_board("213456780");
  try {
    solve(start, Board::standard_goal({3, 3}));
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), Error::Kind::Unsolvable);
    EXPECT_FALSE(check_solvable(start, Board::standard_goal({3, 3})).solvable);
  }
  EXPECT_THROW(solve(start, Board::standard_goal({2, 2})), Error);
}

// A solver with the command line's databases answers Korf's 15-puzzles optimally with them.
TEST(Api, SolverUsesTheDatabasesInItsDirectory) {
  const Solver solver(testing::small_pdb_dir());
  const Board goal = parse_board("0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15");
  const auto instances = testing::read_instances("korf100.txt");
  for (int k : {0, 1}) {
    const auto& inst = instances.at(static_cast<std::size_t>(k));
    const Board start({4, 4}, inst.tiles);
    SolveOptions options;
    options.max_seconds = 60;
    options.near_optimal_fallback = false;
    const Solution s = solver.solve(start, goal, options);
    EXPECT_TRUE(s.optimal);
    EXPECT_NE(s.method.find("pattern databases"), std::string::npos) << s.method;
    EXPECT_EQ(static_cast<int>(s.moves.size()), inst.optimal) << inst.id;
    EXPECT_EQ(replay(start, s.moves), goal);
  }
}

// The multi-tile set (built here by the binary, `pdb build --set mtm`) serves a multi-tile solve;
// without it, or with use_pdb off, the walking distance finds an answer as short.
TEST(Api, SolverUsesTheMultiTileDatabaseInItsDirectory) {
  testing::TempDir dir;
  const auto built =
      testing::run_slidegif({"pdb", "build", "--set", "mtm", "--size", "3x4", "--dir", dir.path()});
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const Board start = parse_board("5,3,10,4/6,2,7,11/9,0,1,8");
  const Board goal = Board::standard_goal({3, 4});
  SolveOptions options;
  options.metric = Metric::MultiTile;
  const Solution with = Solver(dir.path()).solve(start, goal, options);
  options.use_pdb = false;
  const Solution without = Solver(dir.path()).solve(start, goal, options);
  EXPECT_NE(with.method.find("multi-tile pattern database"), std::string::npos) << with.method;
  EXPECT_NE(without.method.find("walking distance"), std::string::npos) << without.method;
  EXPECT_TRUE(with.optimal);
  EXPECT_EQ(count_moves(with.moves, Metric::MultiTile),
            count_moves(without.moves, Metric::MultiTile));
  EXPECT_EQ(replay(start, with.moves), goal);
}

TEST(Api, RandomPuzzlesAreSeededAndExact) {
  PuzzleSpec spec;
  spec.seed = 7;
  spec.moves = 20;
  const Puzzle a = random_puzzle(spec);
  const Puzzle b = random_puzzle(spec);
  EXPECT_EQ(a.start, b.start);
  EXPECT_EQ(a.seed, 7u);
  const auto bfs = testing::bfs_distances(a.goal);
  EXPECT_EQ(bfs.at(testing::pack(a.start)), 20);
  spec.moves = kHardestMoves;
  EXPECT_EQ(bfs.at(testing::pack(random_puzzle(spec).start)), 31);
  spec.moves = 99;
  EXPECT_THROW(random_puzzle(spec), Error);
}

TEST(Api, RendersAGifThatGiflibReads) {
  const Board start = parse_board("123456708");
  const std::vector<Move> moves = solve(start, Board::standard_goal({3, 3})).moves;
  AnimationOptions look;
  look.tween = 2;
  look.theme = "dark";
  const Animation gif = render(start, moves, look);
  const auto decoded = testing::DecodedGif::decode(gif.bytes);
  EXPECT_EQ(decoded.frame_count(), 1 + static_cast<int>(moves.size()) * 3);
  EXPECT_EQ(gif.frames, decoded.frame_count());
  EXPECT_EQ(decoded.width(), gif.width);
  look.theme = "plaid";
  EXPECT_THROW(render(start, moves, look), Error);
  EXPECT_THROW(render(start, {Move::Down}, {}), Error);  // the blank is on the bottom row
  EXPECT_EQ(format_of_output_name("x.gif"), OutputFormat::Gif);
}

TEST(Api, RendersEachFormatWithTheSameFrames) {
  const Board start = parse_board("123456708");
  const std::vector<Move> moves = {Move::Right};
  const AnimationOptions look;
  const Animation gif = render(start, moves, look);
  const Animation webp = render(start, moves, look, OutputFormat::Webp);
  EXPECT_EQ(std::string(webp.bytes.begin() + 8, webp.bytes.begin() + 12), "WEBP");
  EXPECT_EQ(webp.frames, gif.frames);
  EXPECT_EQ(webp.width, gif.width);
  const Animation apng = render(start, moves, look, OutputFormat::Apng);
  EXPECT_EQ(apng.frames, gif.frames);
  const Animation still = render(start, moves, look, {OutputFormat::Png, -1});
  EXPECT_EQ(std::string(still.bytes.begin() + 1, still.bytes.begin() + 4), "PNG");
  EXPECT_EQ(still.frames, 1);
  EXPECT_THROW(render(start, moves, look, {OutputFormat::Png, gif.frames}), Error);
  EXPECT_EQ(format_info(format_named("webp")).mime_type, "image/webp");
  EXPECT_EQ(format_of_output_name("thumb.PNG"), OutputFormat::Png);
  // Video where FFmpeg was found when building (tests/video decodes it), else a clear refusal.
  if (can_write(OutputFormat::Mp4)) {
    const Animation mp4 = render(start, moves, look, OutputFormat::Mp4);
    EXPECT_EQ(std::string(mp4.bytes.begin() + 4, mp4.bytes.begin() + 8), "ftyp");
    EXPECT_EQ(mp4.frames, gif.frames);
  } else {
    EXPECT_THROW(render(start, moves, look, OutputFormat::Mp4), Error);
  }
}

TEST(Api, GodsEyeTableMatchesThePublishedCounts) {
  const GodsEyeTable table(Board::standard_goal({3, 3}));
  EXPECT_EQ(table.gods_number(), 31);
  EXPECT_EQ(table.histogram(), testing::published_8puzzle_counts("123456780"));
  const Board start = parse_board("867254301");
  EXPECT_EQ(table.distance(start), 31);
  EXPECT_EQ(replay(start, table.solve(start)), table.goal());
  EXPECT_THROW(table.distance(parse_board("213456780")), Error);
  EXPECT_THROW(GodsEyeTable(Board::standard_goal({4, 4})), Error);
}

}  // namespace
}  // namespace slidegif
