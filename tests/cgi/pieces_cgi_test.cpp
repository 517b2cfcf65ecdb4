// The real slidegif.cgi copies from a move-pieces file beside the pattern databases: its coded
// moves, its tile sprites and its glyphs. Copied or drawn, the bytes are the same, so what shows
// that they are copied is a file whose pieces, sprites or glyphs were altered (and stored with a
// valid checksum): only copying can change the answer then.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "altered_pieces.hpp"
#include "app/data/pieces_build.hpp"
#include "app/data/pieces_file.hpp"
#include "app/files/font_locator.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "run_binary.hpp"

namespace slidegif {
namespace {

using testing::TempDir;

// The CGI's answer to a default random 3x3 request, with SLIDEGIF_PDB_DIR=dir. (Its captions
// fit at the caption size; a narrower board's are shrunk to a size of their own, whose glyphs
// a file may not hold.)
std::string answer(const std::string& dir) {
  const auto r = testing::run_binary(
      {std::string(SLIDEGIF_PROGRAM_DIR) + "/slidegif.cgi"}, {},
      {{"REQUEST_METHOD", "GET"}, {"QUERY_STRING", "random=1&seed=7"}, {"SLIDEGIF_PDB_DIR", dir}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Content-Type: image/gif"), std::string::npos) << r.out.substr(0, 300);
  EXPECT_TRUE(r.err.empty()) << r.err;  // no file refused
  return r.out;
}

// The drawings with a bit of every stored glyph's coverage flipped (the layout:
// glyph_snapshot.cpp), so that any caption drawn from them differs.
std::vector<std::uint8_t> altered_glyphs(std::vector<std::uint8_t> drawings) {
  const std::string magic = "GLY1";
  auto at = static_cast<std::size_t>(
      std::search(drawings.begin(), drawings.end(), magic.begin(), magic.end()) - drawings.begin());
  EXPECT_LT(at, drawings.size()) << "no glyphs stored";
  const auto u32 = [&](std::size_t i) {
    return drawings[i] | drawings[i + 1] << 8 | drawings[i + 2] << 16 | drawings[i + 3] << 24;
  };
  const std::size_t glyphs = u32(at + 16);
  std::size_t p = at + 20, altered = 0;
  for (std::size_t g = 0; g < glyphs && p < drawings.size(); ++g) {
    p += 8 + 4 + 4 + 8 + 16;           // size, character, index, advance, ink box
    if (drawings[p++] == 0) continue;  // not rasterised
    const std::size_t w = drawings[p + 8] | drawings[p + 9] << 8;
    const std::size_t h = drawings[p + 10] | drawings[p + 11] << 8;
    p += 12;
    if (w * h > 0) drawings[p + w * h / 2] ^= 0x80, ++altered;
    p += w * h;
  }
  EXPECT_GT(altered, 10U);
  return drawings;
}

TEST(PiecesCgi, TheRealCgiCopiesItsMovesSpritesAndGlyphsFromTheFile) {
  AnimationOptions o;  // as `slidegif pieces build` draws: the CGI's defaults
  o.font = app::default_font();
  o.tile_px = 80;
  o.tween = 3;
  o.theme = "classic";
  detail::DrawingCache drawing;
  const detail::MovePieceCache pieces = app::build_move_pieces({{3, 3}}, o, drawing);
  std::vector<std::uint8_t> drawings = drawing.save_drawings();
  ASSERT_GT(drawings.size(), 1000u);

  TempDir none, honest, moves, looks, glyphs;
  const std::string fresh = answer(none.path());
  app::save_pieces_file(app::pieces_file_path(honest.path()), pieces, drawings);
  EXPECT_TRUE(answer(honest.path()) == fresh) << "other bytes with the file";
  app::save_pieces_file(app::pieces_file_path(moves.path()), testing::altered_pieces(pieces),
                        drawings);
  EXPECT_TRUE(answer(moves.path()) != fresh) << "the CGI did not copy the file's coded moves";
  app::save_pieces_file(app::pieces_file_path(glyphs.path()), pieces, altered_glyphs(drawings));
  EXPECT_TRUE(answer(glyphs.path()) != fresh) << "the CGI did not take the file's glyphs";
  // A pixel in the middle of tile 1's fixed sprite, which the start frame shows (the layout:
  // drawing_cache_io.cpp; one set, of 3x3 tiles `s` pixels wide).
  const std::size_t s = drawings[32] | drawings[33] << 8, area = s * s;
  drawings[60 + (2 + area) + 2 + area / 2 + s / 2] ^= 0x01;
  app::save_pieces_file(app::pieces_file_path(looks.path()), pieces, drawings);
  EXPECT_TRUE(answer(looks.path()) != fresh) << "the CGI did not take the file's sprites";
}

}  // namespace
}  // namespace slidegif
