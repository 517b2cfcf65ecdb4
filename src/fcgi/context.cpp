#include "fcgi/context.hpp"

#include <cstdio>

#include "app/files/font_locator.hpp"
#include "cgi/server_config.hpp"
#include "cgi/server_font.hpp"
#include "solve/board/random.hpp"

namespace slidegif::fcgi {

WorkerContext::WorkerContext(std::string pdb_dir, std::string font_path, std::string picture_dir,
                             const std::string& url_key_file, std::size_t cache_bytes)
    : pdb_dir_(std::move(pdb_dir)),
      font_path_(std::move(font_path)),
      data_(cgi::server_data(pdb_dir_)),
      pieces_(cache_bytes / 3 * 2),
      file_(app::pieces_file_path(pdb_dir_),
            [](const std::string& problem) {
              std::fprintf(stderr, "slidegif.fcgi: %s (GIFs are coded afresh)\n", problem.c_str());
            }),
      drawing_(detail::DrawingCache::Limits{.sprite_bytes = cache_bytes / 3}) {
  config_.services.font = [this] { return font(); };  // a copy shares the bytes
  config_.services.entropy = detail::fresh_seed;
  data_.wire(config_.services);
  config_.services.move_pieces = &pieces_;
  if (!pdb_dir_.empty()) {
    config_.services.move_pieces = &cache_then_file_;
    drawing_.use_stored_drawings([this] { return file_.drawings(); });
  }
  config_.services.drawing = &drawing_;
  cgi::serve_pictures(config_, picture_dir);
  // The pool refused to start with an empty setting: empty here is none.
  const std::string problem = cgi::require_signatures(
      config_, url_key_file.empty() ? std::nullopt : std::optional<std::string>(url_key_file));
  if (!problem.empty()) std::fprintf(stderr, "slidegif.fcgi: %s\n", problem.c_str());
}

const Font& WorkerContext::font() {
  // A missing font throws here, every request again (answered 500 like the CGI), rather than
  // being remembered as missing: an administrator may install it without a restart.
  if (!font_) font_ = font_path_.empty() ? cgi::server_font() : load_font(font_path_);
  return *font_;
}

}  // namespace slidegif::fcgi
