#pragma once
// Move-pieces files (`slidegif pieces build`): coded move frames (render/cache/move_pieces.hpp)
// built offline for the CGI, which cannot keep them between requests, beside the pattern
// databases, with the tile sprites and glyphs they were drawn with
// (render/cache/drawing_cache.hpp), which the CGI then copies rather than draws. Little-endian: a
// 4096-byte header (file_header.hpp's common part, then the GIF coder's version, the number of
// pieces, where the index, the pieces and the drawings are, the XXH3 of all three, the XXH3 of the
// header), the index (one 40-byte record per piece, sorted by key: the key, offset and size), the
// pieces, the drawings. Written whole or not at all (temp + rename), mapped to read. A damaged or
// foreign file, or one coded by another version of the coder, is refused with what is wrong (the
// request is then coded afresh: the same bytes, only slower); the checksum and the index's order
// are checked once per file and recorded in "<path>.ok" (pdb_trust.hpp). A piece is only ever used
// under its configuration's fingerprint, so a file built for other settings (or another font) is
// harmless: its pieces are never found.
//
//   save_pieces_file(path, cache, drawing.save_drawings());  // -> ".../move-pieces.bin"
//   app::PiecesFile pieces(pieces_file_path(dir));          // opened on first use
//   services.move_pieces = &pieces;
//   drawing.use_stored_drawings([&pieces] { return pieces.drawings(); });

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/files/mapped_file.hpp"
#include "render/cache/move_pieces.hpp"

namespace slidegif::app {

inline constexpr std::uint32_t kPiecesFormatVersion = 3;  // 2: the sprites; 3: glyphs too
inline constexpr const char* kPiecesFileName = "move-pieces.bin";

std::string pieces_file_path(const std::string& dir);

// Writes every piece of `pieces` and the `drawings` (DrawingCache::save_drawings()) into `path`
// (its directory created if missing), and its trust stamp. Throws std::runtime_error on I/O
// failure, leaving nothing behind.
void save_pieces_file(const std::string& path, const detail::MovePieceCache& pieces,
                      std::span<const std::uint8_t> drawings = {});

// A pieces file as a read-only store. The file is mapped and checked on first use;
// a missing file is no store; a refused one reports its problem to `refused` once
// ("move pieces PATH: <problem>") and is no store either.
class PiecesFile final : public detail::MovePieces {
 public:
  explicit PiecesFile(std::string path,
                      std::function<void(const std::string& problem)> refused = {});
  std::span<const std::uint8_t> find(const detail::MovePieceKey& key) override;
  void keep(const detail::MovePieceKey&, std::vector<std::uint8_t>) override {}  // read-only

  // Opens the file now; throws Error(BadInput) with the problem, std::runtime_error when it
  // cannot be read. (find() and drawings() call it once, catching both.)
  void open();
  std::size_t size() const;  // pieces
  // The stored sprites and glyphs (DrawingCache::use_stored_drawings), empty without a usable
  // file.
  std::span<const std::uint8_t> drawings();

 private:
  void open_once();

  std::string path_;
  std::function<void(const std::string&)> refused_;
  bool tried_ = false;
  MappedFile file_;
  // Views of the mapped file: the index (records sorted by key), the pieces, the drawings.
  std::span<const std::uint8_t> index_, data_, drawings_;
};

}  // namespace slidegif::app
