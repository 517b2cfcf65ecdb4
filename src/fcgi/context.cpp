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
      tables_(cgi::server_table_policy(pdb_dir_)),
      pieces_(cache_bytes / 3 * 2),
      file_(app::pieces_file_path(pdb_dir_),
            [](const std::string& problem) {
              std::fprintf(stderr, "slidegif.fcgi: %s (GIFs are coded afresh)\n", problem.c_str());
            }),
      drawing_(DrawingCache::Limits{.sprite_bytes = cache_bytes / 3}) {
  config_.services.font = [this] { return font(); };  // a copy shares the bytes
  config_.services.entropy = fresh_seed;
  config_.services.pattern_database = [this](const Board& goal) { return pattern_database(goal); };
  config_.services.multi_tile_database = [this](const Board& goal) {
    return multi_tile_database(goal);
  };
  config_.services.distance_table = [this](const Board& goal, bool to_draw) {
    return tables_(goal, to_draw);
  };
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

const app::LoadedPdb* WorkerContext::database(const Board& goal, Metric metric) {
  if (pdb_dir_.empty()) return nullptr;
  auto load = [&] {
    return metric == Metric::MultiTile
               ? app::load_multi_tile_pdb(goal, pdb_dir_, /*build_if_missing=*/false)
               : app::load_best_pdb(goal, pdb_dir_, /*build_if_missing=*/false);
  };
  if (app::pdb_base_goal(goal) == Board::standard_goal(goal.shape())) {
    for (const auto& s : standard_)
      if (s.shape == goal.shape() && s.metric == metric) return s.pdb ? &*s.pdb : nullptr;
    const auto& s = standard_.emplace_back(ShapeDatabases{goal.shape(), metric, load()});
    return s.pdb ? &*s.pdb : nullptr;
  }
  // The previous request's solve is over (a worker answers one request at a time).
  other_ = load();
  return other_ ? &*other_ : nullptr;
}

const PdbHeuristic* WorkerContext::pattern_database(const Board& goal) {
  const app::LoadedPdb* pdb = database(goal, Metric::SingleTile);
  return pdb ? pdb->heuristic.get() : nullptr;
}

const MultiTilePdb* WorkerContext::multi_tile_database(const Board& goal) {
  const app::LoadedPdb* pdb = database(goal, Metric::MultiTile);
  return pdb ? pdb->multi_tile.get() : nullptr;
}

}  // namespace slidegif::fcgi
