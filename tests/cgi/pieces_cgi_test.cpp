// The real slidegif.cgi copies from a move-pieces file beside the pattern databases: its coded
// moves and its tile sprites. Copied or drawn, the bytes are the same, so what shows that they
// are copied is a file whose pieces or sprites were altered (and stored with a valid checksum):
// only copying can change the answer then.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/font_locator.hpp"
#include "app/pieces_build.hpp"
#include "app/pieces_file.hpp"
#include "run_binary.hpp"
#include "slidegif/drawing_cache.hpp"
#include "slidegif/move_pieces.hpp"

namespace slidegif {
namespace {

using testing::TempDir;

// The CGI's answer to a default random 2x3 request, with SLIDEGIF_PDB_DIR=dir.
std::string answer(const std::string& dir) {
  const auto r = testing::run_binary({std::string(SLIDEGIF_BINARY_DIR) + "/slidegif.cgi"}, {},
                                     {{"REQUEST_METHOD", "GET"},
                                      {"QUERY_STRING", "random=1&seed=7&size=2x3"},
                                      {"SLIDEGIF_PDB_DIR", dir}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Content-Type: image/gif"), std::string::npos) << r.out.substr(0, 300);
  EXPECT_TRUE(r.err.empty()) << r.err;  // no file refused
  return r.out;
}

// Every piece with one byte of its coded frames flipped.
MovePieceCache altered(const MovePieceCache& pieces) {
  MovePieceCache out(pieces.bytes() + 1);
  for (const auto& [key, coded] : pieces.sorted()) {
    std::vector<std::uint8_t> v(coded.begin(), coded.end());
    v[v.size() / 2] ^= 0x55;
    out.keep(key, std::move(v));
  }
  return out;
}

TEST(PiecesCgi, TheRealCgiCopiesItsMovesAndSpritesFromTheFile) {
  AnimationOptions o;  // as `slidegif pieces build` draws: the CGI's defaults
  o.font = app::default_font();
  o.tile_px = 72;
  o.tween = 3;
  o.theme = "classic";
  DrawingCache drawing;
  const MovePieceCache pieces = app::build_move_pieces({{2, 3}}, o, drawing);
  std::vector<std::uint8_t> sprites = drawing.save_sprites();
  ASSERT_GT(sprites.size(), 1000u);

  TempDir none, honest, moves, looks;
  const std::string fresh = answer(none.path());
  app::save_pieces_file(app::pieces_file_path(honest.path()), pieces, sprites);
  EXPECT_TRUE(answer(honest.path()) == fresh) << "other bytes with the file";
  app::save_pieces_file(app::pieces_file_path(moves.path()), altered(pieces), sprites);
  EXPECT_TRUE(answer(moves.path()) != fresh) << "the CGI did not copy the file's coded moves";
  // A pixel in the middle of tile 1's fixed sprite, which the start frame shows (the layout:
  // drawing_cache_io.cpp; one set, of 2x3 tiles `s` pixels wide).
  const std::size_t s = sprites[32] | sprites[33] << 8, area = s * s;
  sprites[60 + (2 + area) + 2 + area / 2 + s / 2] ^= 0x01;
  app::save_pieces_file(app::pieces_file_path(looks.path()), pieces, sprites);
  EXPECT_TRUE(answer(looks.path()) != fresh) << "the CGI did not take the file's sprites";
}

}  // namespace
}  // namespace slidegif
