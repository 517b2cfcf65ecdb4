#include "fcgi/context.hpp"

#include "app/font_locator.hpp"
#include "slidegif/random.hpp"

namespace slidegif::fcgi {

WorkerContext::WorkerContext(std::string pdb_dir, std::string font_path)
    : pdb_dir_(std::move(pdb_dir)), font_path_(std::move(font_path)) {
  config_.services.font = [this] { return font(); };  // a copy shares the bytes
  config_.services.entropy = fresh_seed;
  config_.services.pattern_database = [this](const Board& goal) { return pattern_database(goal); };
}

const Font& WorkerContext::font() {
  // A missing font throws here, every request again (answered 500 like the CGI), rather than
  // being remembered as missing: an administrator may install it without a restart.
  if (!font_) font_ = app::load_font(font_path_);
  return *font_;
}

const PdbHeuristic* WorkerContext::pattern_database(const Board& goal) {
  if (pdb_dir_.empty()) return nullptr;
  if (goal.shape() != Shape{4, 4}) return nullptr;
  if (app::pdb_base_goal(goal) == Board::standard_goal(goal.shape())) {
    if (!standard_looked_up_) {
      standard_ = app::load_best_pdb(goal, pdb_dir_, /*build_if_missing=*/false);
      standard_looked_up_ = true;
    }
    return standard_ ? standard_->heuristic.get() : nullptr;
  }
  // The previous request's solve is over (a worker answers one request at a time).
  other_ = app::load_best_pdb(goal, pdb_dir_, /*build_if_missing=*/false);
  return other_ ? other_->heuristic.get() : nullptr;
}

}  // namespace slidegif::fcgi
