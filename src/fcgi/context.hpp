#pragma once
// What a FastCGI worker keeps between requests, in one object owned by its loop (no global
// state): the font read once, the pattern databases mapped once per shape, the distance tables
// (saved ones, or a small one built to draw a puzzle of a given length) kept, the glyphs and
// tile sprites drawn so far (render/cache/drawing_cache.hpp), and the coded frames of the moves
// drawn so far (render/cache/move_pieces.hpp), which later GIFs copy. A move-pieces file beside
// the databases (`slidegif pieces build`), as the CGI reads it, serves what the worker has not
// made yet, so a fresh worker copies from its first request. Everything here is made on first
// need and never changes afterwards, so a request cannot see another's data.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/data/data_services.hpp"
#include "app/data/pieces_file.hpp"
#include "cgi/handler.hpp"
#include "fcgi/worker_memory.hpp"
#include "render/cache/drawing_cache.hpp"
#include "render/cache/move_pieces.hpp"
#include "slidegif/font.hpp"

namespace slidegif::fcgi {

class WorkerContext {
 public:
  // `pdb_dir`: where the pattern databases and saved distance tables are (never built here;
  // empty: none).
  // `font_path`: empty for the CGI's font (built in, with its built-in fallback).
  // `picture_dir`: the pictures requests may name (picture=NAME); empty: none.
  // `url_key_file`: requests must be signed under this key (cgi/signature.hpp); empty: not.
  // `cache_bytes`: the heap the drawings and coded moves kept between requests may hold, two
  // thirds for the coded moves, a third for the tile sprites (each evicting the least recently
  // used when full).
  explicit WorkerContext(std::string pdb_dir, std::string font_path = {},
                         std::string picture_dir = {}, const std::string& url_key_file = {},
                         std::size_t cache_bytes = megabytes(kDefaultCacheMb));
  WorkerContext(const WorkerContext&) = delete;
  WorkerContext& operator=(const WorkerContext&) = delete;

  // The CGI handler's configuration, its services bound to this context.
  const cgi::HandlerConfig& config() const { return config_; }
  // Cross-origin answers for pages of `origin` (checked: cgi::check_cors_origin); "": none.
  void allow_origin(std::string origin) { config_.cors_origin = std::move(origin); }
  // The operator's bounds on each request (cgi/request_limits.hpp).
  void limit_requests(const cgi::RequestLimits& limits) { config_.limits = limits; }

 private:
  const Font& font();

  std::string pdb_dir_;
  std::string font_path_;
  std::optional<Font> font_;
  // As the CGI's (cgi::server_data): each shape's standard-goal databases mapped on first need
  // and kept (a handful of shapes have them); a goal that cannot be framed onto it (rare, and
  // each would map its own file) has one slot, so no request can make the process keep more.
  app::DataServices data_;
  // Each worker is a process of its own answering one request at a time: its own cache, no
  // locks. Bounded (two thirds of cache_bytes; the least recently used go first).
  detail::MovePieceCache pieces_;
  // The pieces file, opened at the first GIF (a refused one is reported on stderr once), behind
  // the cache.
  app::PiecesFile file_;
  detail::TieredPieces cache_then_file_{pieces_, file_};
  // Glyphs, palettes and tile sprites, made once (a third of cache_bytes for the sprites, the
  // glyphs as DrawingCache says), or taken from the pieces file.
  detail::DrawingCache drawing_;
  cgi::HandlerConfig config_;
};

}  // namespace slidegif::fcgi
