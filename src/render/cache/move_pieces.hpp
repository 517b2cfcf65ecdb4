#pragma once
// Coded pieces of move frames, shared between animations. The frames of a move (its sliding
// frames and the board after it) depend only on how the board is drawn (tile sprites, sizes,
// positions, tween count) and on the move (the tile, its cell, the blank's cell), except for
// the caption, which only the frames that change it show. So a move's frames are coded once
// and their bytes copied into later animations; a frame that changes the caption keeps the
// coded part above the caption band, and only the band is coded again (gif.hpp's
// add_split_frame). Copied or coded afresh, an animation's bytes are the same.
//
// Whoever keeps state between requests owns a store and hands it to render_animation(): a
// FastCGI worker a MovePieceCache in memory (src/fcgi/context.hpp), the CGI a file built
// offline (src/app/data/pieces_file.hpp). Picture puzzles are always coded afresh.
//
//   slidegif::detail::MovePieceCache pieces;  // 64 MB at most
//   auto gif = slidegif::detail::render_animation(start, moves, options, {}, &pieces);

#include <compare>
#include <cstddef>
#include <cstdint>
#include <list>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace slidegif::detail {

// The coder's version, part of every fingerprint: whatever changes the bytes coded for the same
// pixels (the GIF writer, the LZW coder, which frames are split and where, the pieces' layout)
// must change it, or a store built by an older program would be copied in; so must a new way of
// computing the fingerprint, or an older file would be kept but never found (3: the sprites'
// pixels hashed apart, once per DrawingCache set; 5: each frame's own transparent index, and a
// piece keeps its graphic control extension; 6: caption columns widened in step with the tile; 7:
// theme palettes with the tiles' colours before the transparent slot, and unchanged pixels coded as
// transparent or as themselves). A unit test (move_pieces_test.cpp) pins the bytes of a few coded
// animations to this number.
inline constexpr std::uint32_t kMovePiecesVersion = 7;

struct MovePieceKey {
  // The fingerprint of how the board is drawn: the pixels of every tile sprite (fixed and
  // sliding), the frame's size and the board's place in it, the palette's transparent index and
  // code size, the tween count and kMovePiecesVersion (FrameRenderer::piece_fingerprint).
  std::uint64_t config = 0;
  std::uint16_t tile = 0, from = 0, to = 0;  // the move: `tile` slides from cell `from` to `to`
  // Which of the move's frames change the caption: bit 0 the first, bit 1 the last (the same
  // frame without tweens); bit 2 the first move, bit 3 the last.
  std::uint8_t captions = 0;
  // The columns [x0, x1) of the caption band that the first frame changes, and [end_x0, end_x1)
  // those the last changes after tweens (0, 0 when it does not), widened to multiples of a tenth
  // of the tile, at most 8 (FrameSequence::widen_columns): a frame that changes the
  // caption spans them and the cells' changed columns, so its coded part above the band
  // (transparent in the caption's columns) depends on them.
  std::uint16_t x0 = 0, x1 = 0, end_x0 = 0, end_x1 = 0;
  friend auto operator<=>(const MovePieceKey&, const MovePieceKey&) = default;
};

class MovePieces {
 public:
  virtual ~MovePieces() = default;
  // The coded move under `key` (coded_move.hpp's layout), or empty. Valid until keep() is
  // called.
  virtual std::span<const std::uint8_t> find(const MovePieceKey& key) = 0;
  // Offers a move just coded; a store may decline it (a read-only file does).
  virtual void keep(const MovePieceKey& key, std::vector<std::uint8_t> coded) = 0;
};

// Pieces in memory, up to `max_bytes` of the heap: each piece's bytes with its bookkeeping (the
// map's and the recency list's nodes, malloc's headers; footprint()). A piece that would not fit
// evicts the least recently used ones first, so a full cache stays full of the configurations in
// use and no request can make the process keep more. (Every move of the CGI's default settings
// after 1,200 random requests, in coded bytes alone: 4.4 MB for 3x3, 20 MB for 4x4.)
class MovePieceCache final : public MovePieces {
 public:
  static constexpr std::size_t kDefaultBytes = std::size_t{64} << 20;
  explicit MovePieceCache(std::size_t max_bytes = kDefaultBytes) : max_bytes_(max_bytes) {}

  std::span<const std::uint8_t> find(const MovePieceKey& key) override;
  void keep(const MovePieceKey& key, std::vector<std::uint8_t> coded) override;

  std::size_t size() const { return pieces_.size(); }
  std::size_t bytes() const { return bytes_; }  // the heap it holds, bookkeeping included
  // The heap a piece of `coded_capacity` bytes holds once kept.
  static std::size_t footprint(std::size_t coded_capacity);
  std::uint64_t evictions() const { return evictions_; }  // pieces dropped for room
  // Every piece, ordered by key (a pieces file is written from this).
  std::vector<std::pair<MovePieceKey, std::span<const std::uint8_t>>> sorted() const;

 private:
  struct KeyHash {
    std::size_t operator()(const MovePieceKey& k) const;
  };
  struct Entry {
    std::vector<std::uint8_t> coded;
    std::list<MovePieceKey>::iterator recent;  // its place in recency_
  };
  std::unordered_map<MovePieceKey, Entry, KeyHash> pieces_;
  std::list<MovePieceKey> recency_;  // most recently used first
  std::size_t bytes_ = 0, max_bytes_;
  std::uint64_t evictions_ = 0;
};

// A store in front of another (a FastCGI worker's cache in front of the pieces file built
// offline): find() asks `first`, then `second`; what is coded afresh is kept in `first`. Both
// must outlive it.
class TieredPieces final : public MovePieces {
 public:
  TieredPieces(MovePieces& first, MovePieces& second) : first_(first), second_(second) {}
  std::span<const std::uint8_t> find(const MovePieceKey& key) override {
    const auto hit = first_.find(key);
    return hit.empty() ? second_.find(key) : hit;
  }
  void keep(const MovePieceKey& key, std::vector<std::uint8_t> coded) override {
    first_.keep(key, std::move(coded));
  }

 private:
  MovePieces& first_;
  MovePieces& second_;
};

}  // namespace slidegif::detail
