#pragma once
// What a process drawing animation after animation makes only once: each font's glyphs
// (loaded and rasterised once per size), each theme's palette, and each look's tile sprites
// (theme, font, tile geometry, number of tiles). None of it depends on the puzzle, and a GIF's
// bytes are the same with or without a cache; only the time to draw it changes. A FastCGI
// worker owns one (src/fcgi/context.hpp), as it owns its MovePieceCache (move_pieces.hpp).
// Picture puzzles take their palette and pieces from the picture, never from here.
//
// Bounded (Limits): past its bound a font's glyphs start afresh, and the least recently used
// sprite sets make room for a new one. Not for two threads at once.
//
//   slidegif::detail::DrawingCache drawing;
//   auto gif = slidegif::detail::render_animation(start, moves, options, {}, &pieces, &drawing);

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace slidegif::detail {

class DrawingCache {
 public:
  struct Limits {
    std::size_t fonts = 4;
    // A font's glyphs (a character at a size) before its cache starts afresh: a title in any
    // language at a fitted size brings new ones. (A default 3x3 GIF uses about 60.)
    std::size_t glyphs = 20'000;
    std::size_t sprite_bytes = std::size_t{32} << 20;  // a 3x3 look at tile 72: about 150 KB
  };
  DrawingCache();
  explicit DrawingCache(const Limits& limits);
  ~DrawingCache();
  DrawingCache(const DrawingCache&) = delete;
  DrawingCache& operator=(const DrawingCache&) = delete;

  struct Stats {
    std::size_t fonts = 0, glyphs = 0, palettes = 0, sprite_sets = 0, sprite_bytes = 0;
    int drops = 0;                 // glyph caches emptied and sprite sets evicted for room
    std::size_t stored_used = 0;   // sprite sets taken from stored bytes rather than drawn
    std::size_t stored_fonts = 0;  // glyph caches begun from stored glyphs
  };
  Stats stats() const;

  // For a process that keeps nothing between requests (the CGI), sprites and glyphs can come
  // from a file built offline (src/app/data/pieces_file.hpp) instead of being drawn:
  // every sprite set and each font's glyphs made so far, as bytes (drawing_cache_io.cpp says
  // how);
  std::vector<std::uint8_t> save_drawings();
  // and those saved so: a set looked up by theme, the font's bytes, tile geometry and number of
  // tiles before it is drawn, a font's glyphs by its bytes when its glyph cache is made.
  // `stored` is called once, at the first need, and what it returns must outlive the cache;
  // bytes that do not read as saved drawings are ignored. (The file's GIF coder version says
  // the sprites were drawn by this program's code; the glyphs carry FreeType's version.)
  void use_stored_drawings(std::function<std::span<const std::uint8_t>()> stored);

  // The renderer's side (src/render/cache/drawing_cache_impl.hpp).
  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace slidegif::detail
