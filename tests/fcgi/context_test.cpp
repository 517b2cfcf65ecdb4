// The FastCGI worker's per-process context: the CGI's handler with services that keep the font
// and the pattern databases, giving the CGI's answers byte for byte, and a pieces file read
// from the first request.
#include "fcgi/context.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "altered_pieces.hpp"
#include "app/data/distance_tables.hpp"
#include "app/data/pdb_store.hpp"
#include "app/data/pieces_build.hpp"
#include "app/data/pieces_file.hpp"
#include "app/files/font_locator.hpp"
#include "cgi/handler.hpp"
#include "run_binary.hpp"
#include "solve/board/random.hpp"
#include "test_font.hpp"

namespace slidegif::fcgi {
namespace {

// What slidegif.cgi's main() configures, fresh for every request.
// (The distance tables live as long as the config here, as they do in the CGI's one request.)
cgi::HandlerConfig cgi_config() {
  auto tables = std::make_shared<app::DistanceTables>(
      app::TablePolicy{.max_build_bytes = 1'000'000, .build_to_solve = false, .dir = ""});
  cgi::HandlerConfig config;
  config.services.font = [] { return load_font(testing::kTestFontPath); };
  config.services.entropy = detail::fresh_seed;
  config.services.distance_table = [tables](const Board& goal, bool to_pick) {
    return (*tables)(goal, to_pick);
  };
  return config;
}

cgi::Response get(const cgi::HandlerConfig& config, const std::string& query,
                  const std::string& method = "GET") {
  return cgi::handle_request({{"REQUEST_METHOD", method}, {"QUERY_STRING", query}}, config);
}

TEST(WorkerContext, AnswersAsTheCgiDoes) {
  const WorkerContext context("", testing::kTestFontPath);
  for (const char* query :
       {"start=123456708&tween=0", "random=1&seed=7", "start=867254301&tile=40&title=x", "size=5",
        "start=213456780", "tile=4", "moves=20&seed=3", "moves=max&seed=1", "moves=40"}) {
    for (int round = 0; round < 2; ++round) {  // the second time with everything kept
      const cgi::Response ours = get(context.config(), query);
      const cgi::Response theirs = get(cgi_config(), query);
      EXPECT_EQ(ours.status, theirs.status) << query;
      EXPECT_EQ(ours.headers, theirs.headers) << query;
      EXPECT_EQ(ours.body, theirs.body) << query;
    }
  }
  EXPECT_EQ(get(context.config(), "start=123456708").status, 200);
  EXPECT_EQ(get(context.config(), "random=1", "POST").status, 405);
}

TEST(WorkerContext, ServesTheMultiTileSetOfItsDirectoryMappedOnce) {
  testing::TempDir dir;
  const Board goal = Board::standard_goal({3, 4});
  ASSERT_TRUE(app::load_multi_tile_pdb(goal, dir.path(), true));  // 3x4-mtm.pdb, 4.7 MB
  const WorkerContext context(dir.path());
  const auto& services = context.config().services;
  const detail::MultiTilePdb* first = services.multi_tile_database(goal);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(services.multi_tile_database(goal), first);  // kept, not mapped again
  // The single-tile sets are not there, and other shapes have none.
  EXPECT_EQ(services.pattern_database(goal), nullptr);
  EXPECT_EQ(services.multi_tile_database(Board::standard_goal({3, 3})), nullptr);
  EXPECT_EQ(services.multi_tile_database(Board::standard_goal({4, 4})), nullptr);
  // A request in the metric is answered through it, and the worker built nothing more.
  const cgi::Response r = get(context.config(), "start=1,2,3,0/5,6,7,4/9,10,11,8&metric=mtm");
  EXPECT_EQ(r.status, 200);
  std::string puzzle;
  for (const auto& [name, value] : r.headers)
    if (name == "X-Slidegif-Puzzle") puzzle = value;
  EXPECT_NE(puzzle.find("1 mtm moves (optimal)"), std::string::npos) << puzzle;
  EXPECT_EQ(dir.entries().size(), 2u);  // 3x4-mtm.pdb and its stamp
}

TEST(WorkerContext, ReadsTheFontOnce) {
  const WorkerContext context("", testing::kTestFontPath);
  const Font first = context.config().services.font();
  const Font second = context.config().services.font();
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first.bytes().data(), second.bytes().data());  // the same bytes, not a new read
}

TEST(WorkerContext, NoDatabasesWithoutADirectoryOrFor3x3) {
  const WorkerContext none("");
  EXPECT_EQ(none.config().services.pattern_database(Board::standard_goal({4, 4})), nullptr);
  const WorkerContext empty("/nonexistent/slidegif-pdb");
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(empty.config().services.pattern_database(Board::standard_goal({4, 4})), nullptr);
    EXPECT_EQ(empty.config().services.pattern_database(
                  parse_board("0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15")),
              nullptr);
  }
  EXPECT_EQ(empty.config().services.pattern_database(Board::standard_goal({3, 3})), nullptr);
}

// A fresh worker with a pieces file in its directory copies its first GIF from it: the honest
// file gives the bytes of a worker without one, a file whose pieces were altered (stored with
// a valid checksum) another answer.
TEST(WorkerContext, CopiesFromThePiecesFileFromItsFirstRequest) {
  AnimationOptions o;  // as `slidegif pieces build` draws (the CGI's defaults), in the test font
  o.font = load_font(testing::kTestFontPath);
  o.tile_px = 80;
  o.tween = 3;
  o.theme = "classic";
  detail::DrawingCache drawing;
  const detail::MovePieceCache pieces = app::build_move_pieces({{3, 3}}, o, drawing);
  testing::TempDir none, honest, altered;
  app::save_pieces_file(app::pieces_file_path(honest.path()), pieces, drawing.save_drawings());
  app::save_pieces_file(app::pieces_file_path(altered.path()), testing::altered_pieces(pieces),
                        drawing.save_drawings());
  const auto first_gif = [](const std::string& dir) {
    const WorkerContext context(dir, testing::kTestFontPath);
    const cgi::Response r = get(context.config(), "random=1&seed=7");
    EXPECT_EQ(r.status, 200);
    return r.body;
  };
  const std::vector<std::uint8_t> fresh = first_gif(none.path());
  EXPECT_TRUE(first_gif(honest.path()) == fresh) << "other bytes with the file";
  EXPECT_TRUE(first_gif(altered.path()) != fresh) << "the worker did not copy from the file";
}

}  // namespace
}  // namespace slidegif::fcgi

namespace slidegif::fcgi {
namespace {

// The pictures of the administrator's directory, by name, as the CGI serves them.
TEST(WorkerContext, ServesThePicturesOfItsDirectory) {
  const std::string dir = std::string(SLIDEGIF_SOURCE_DIR) + "/samples/pictures";
  const WorkerContext with(std::string(), testing::kTestFontPath, dir);
  const cgi::Response list = get(with.config(), "pictures=1");
  EXPECT_EQ(list.status, 200);
  const std::string body(list.body.begin(), list.body.end());
  EXPECT_NE(body.find("\"sunset\""), std::string::npos) << body;
  EXPECT_EQ(get(with.config(), "picture=no_such_picture&seed=1&random=1").status, 400);
  EXPECT_EQ(get(with.config(), "picture=sunset&seed=1&random=1&tween=0").status, 200);
  const WorkerContext without(std::string(), testing::kTestFontPath);
  const cgi::Response none = get(without.config(), "pictures=1");
  EXPECT_EQ(std::string(none.body.begin(), none.body.end()).find("sunset"), std::string::npos);
  EXPECT_EQ(get(without.config(), "picture=sunset&seed=1&random=1").status, 400);
}

// Without a font path: the CGI's font, whose built-in fallback draws a Chinese title.
TEST(WorkerContext, DrawsChineseWithTheServersFont) {
  const WorkerContext context("");
  const Font font = context.config().services.font();
  EXPECT_FALSE(font.empty());
  EXPECT_EQ(get(context.config(), "start=123456708&lang=zh&title=%E5%85%AB").status, 200);
}

}  // namespace
}  // namespace slidegif::fcgi
