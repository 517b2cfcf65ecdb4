// Move-pieces files: pieces saved and mapped again give the same GIF bytes as coding afresh and
// are actually used; a damaged, truncated or foreign file is refused with what is wrong and
// changes nothing; pieces built for other settings are never used.

#include "app/data/pieces_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>

#include "app/data/pieces_build.hpp"
#include "render/animation/animation.hpp"
#include "render/cache/drawing_cache.hpp"
#include "slidegif/error.hpp"
#include "test_font.hpp"

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;

struct PiecesDir {
  fs::path path = fs::temp_directory_path() / ("slidegif_pieces_" + std::to_string(::getpid()));
  PiecesDir() { fs::create_directories(path); }
  ~PiecesDir() { fs::remove_all(path); }
};

AnimationOptions options(int tile_px = 40) {
  AnimationOptions o;
  o.font = testing::test_font();
  o.tile_px = tile_px;
  o.tween = 2;
  return o;
}

struct Puzzle {
  Board start;
  std::vector<Move> moves;
};

// Random legal walks of 26 moves on 2x3 boards (a small shape: every move is built quickly;
// the builder draws 26-move animations for it, so these captions are as wide).
std::vector<Puzzle> puzzles(int n) {
  std::mt19937 rng(4);
  std::vector<Puzzle> out;
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint8_t> tiles = {0, 1, 2, 3, 4, 5};
    std::shuffle(tiles.begin(), tiles.end(), rng);
    Puzzle p{Board({2, 3}, tiles), {}};
    Board b = p.start;
    while (p.moves.size() < 26) {
      const Move m = kAllMoves[rng() % 4];
      if (b.target(m) < 0 || (!p.moves.empty() && m == opposite(p.moves.back()))) continue;
      b.apply(m);
      p.moves.push_back(m);
    }
    out.push_back(p);
  }
  return out;
}

class Counting final : public detail::MovePieces {
 public:
  explicit Counting(detail::MovePieces& inner) : inner_(inner) {}
  std::span<const std::uint8_t> find(const detail::MovePieceKey& key) override {
    const auto found = inner_.find(key);
    found_ += found.empty() ? 0 : 1;
    return found;
  }
  void keep(const detail::MovePieceKey& key, std::vector<std::uint8_t> coded) override {
    inner_.keep(key, std::move(coded));
  }
  int found() const { return found_; }

 private:
  detail::MovePieces& inner_;
  int found_ = 0;
};

// Renders every puzzle through `pieces`, expecting the bytes of coding afresh; returns how many
// moves the store gave.
int expect_fresh_bytes(detail::MovePieces& pieces, const AnimationOptions& o) {
  Counting counting(pieces);
  for (const auto& p : puzzles(8)) {
    EXPECT_EQ(detail::render_animation(p.start, p.moves, o, {}, &counting).bytes,
              detail::render_animation(p.start, p.moves, o).bytes);
  }
  return counting.found();
}

std::string built_file(const PiecesDir& dir, const AnimationOptions& o) {
  const std::string path = pieces_file_path(dir.path.string());
  detail::DrawingCache drawing;
  const detail::MovePieceCache pieces = build_move_pieces({{2, 3}}, o, drawing);
  save_pieces_file(path, pieces, drawing.save_drawings());
  return path;
}

TEST(PiecesFile, SavedPiecesAreUsedAndChangeNoByte) {
  PiecesDir dir;
  const std::string path = built_file(dir, options());
  std::vector<std::string> problems;
  PiecesFile file(path, [&](const std::string& p) { problems.push_back(p); });
  EXPECT_GT(expect_fresh_bytes(file, options()), 8 * 26 * 3 / 4);  // most of 8 x 26 moves
  EXPECT_GT(file.size(), 0u);
  EXPECT_TRUE(problems.empty());
  EXPECT_TRUE(fs::exists(path + ".ok"));  // checked once, stamped
}

// Stamped when written, so that a CGI that cannot write beside it never hashes it per request:
// the first use trusts the stamp instead of checking and stamping again.
TEST(PiecesFile, ASavedFileIsStampedAlready) {
  PiecesDir dir;
  const std::string path = built_file(dir, options());
  ASSERT_TRUE(fs::exists(path + ".ok"));
  const auto stamped = fs::last_write_time(path + ".ok");
  std::vector<std::string> problems;
  PiecesFile file(path, [&](const std::string& p) { problems.push_back(p); });
  EXPECT_GT(expect_fresh_bytes(file, options()), 0);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(fs::last_write_time(path + ".ok"), stamped);  // trusted, not checked again
}

// The sprites the file was built with come back out of it, and drawing with them (and its
// pieces) gives the bytes of GIFs drawn afresh.
TEST(PiecesFile, ItsSpritesAreUsedAndChangeNoByte) {
  PiecesDir dir;
  const std::string path = built_file(dir, options());
  PiecesFile file(path);
  ASSERT_FALSE(file.drawings().empty());
  detail::DrawingCache drawing;
  drawing.use_stored_drawings([&file] { return file.drawings(); });
  for (const auto& p : puzzles(4)) {
    EXPECT_EQ(render_animation(p.start, p.moves, options(), {}, &file, &drawing).bytes,
              detail::render_animation(p.start, p.moves, options()).bytes);
  }
  EXPECT_EQ(drawing.stats().stored_used, 1u);
}

TEST(PiecesFile, PiecesOfOtherSettingsAreNeverUsed) {
  PiecesDir dir;
  const std::string path = built_file(dir, options(40));
  PiecesFile file(path);
  EXPECT_EQ(expect_fresh_bytes(file, options(41)), 0);
  AnimationOptions dark = options(40);
  dark.theme = "dark";
  EXPECT_EQ(expect_fresh_bytes(file, dark), 0);
  AnimationOptions more_tweens = options(40);
  more_tweens.tween = 3;
  EXPECT_EQ(expect_fresh_bytes(file, more_tweens), 0);
}

void flip_byte(const std::string& path, std::uintmax_t at) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(static_cast<std::streamoff>(at));
  const char c = static_cast<char>(f.get() ^ 0x20);
  f.seekp(static_cast<std::streamoff>(at));
  f.put(c);
}

TEST(PiecesFile, DamagedFilesAreRefusedAndChangeNothing) {
  PiecesDir dir;
  const std::string good = built_file(dir, options());
  const auto size = fs::file_size(good);
  struct Damage {
    const char* what;
    std::function<void(const std::string&)> apply;
    const char* problem;
  };
  const std::vector<Damage> damages = {
      {"a flipped byte in a piece", [&](const std::string& p) { flip_byte(p, size - 100); },
       "checksum mismatch"},
      {"a flipped byte in the header", [](const std::string& p) { flip_byte(p, 40); },
       "header checksum mismatch"},
      {"cut short", [&](const std::string& p) { fs::resize_file(p, size - 1); }, "size"},
      {"not a pieces file", [](const std::string& p) { flip_byte(p, 0); }, "not a slidegif"},
  };
  for (const auto& d : damages) {
    const std::string path = (dir.path / "damaged.bin").string();
    fs::copy_file(good, path, fs::copy_options::overwrite_existing);
    fs::remove(path + ".ok");
    d.apply(path);
    std::vector<std::string> problems;
    PiecesFile file(path, [&](const std::string& p) { problems.push_back(p); });
    EXPECT_EQ(expect_fresh_bytes(file, options()), 0) << d.what;
    ASSERT_EQ(problems.size(), 1u) << d.what;  // said once, not per move
    EXPECT_NE(problems[0].find(d.problem), std::string::npos) << d.what << ": " << problems[0];
    EXPECT_THROW(PiecesFile(path).open(), Error) << d.what;
  }
}

TEST(PiecesFile, DamageAfterTheStampIsStillCaught) {
  PiecesDir dir;
  const std::string path = built_file(dir, options());
  PiecesFile(path).open();  // stamps it
  ASSERT_TRUE(fs::exists(path + ".ok"));
  flip_byte(path, fs::file_size(path) - 50);  // rewriting changes the modification time
  fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(2));
  EXPECT_THROW(PiecesFile(path).open(), Error);
}

TEST(PiecesFile, AMissingFileIsNoStoreAndNoComplaint) {
  std::vector<std::string> problems;
  PiecesFile file("/nonexistent/move-pieces.bin",
                  [&](const std::string& p) { problems.push_back(p); });
  EXPECT_EQ(expect_fresh_bytes(file, options()), 0);
  EXPECT_TRUE(problems.empty());
}

}  // namespace
}  // namespace slidegif::app
