#include "cli/services.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "app/font_locator.hpp"
#include "app/progress.hpp"
#include "cli/system_fonts.hpp"
#include "slidegif/random.hpp"

namespace slidegif::cli {

const PdbHeuristic* PatternDatabases::operator()(const Board& goal) {
  auto [it, fresh] = loaded_.try_emplace(format_board(goal));
  if (fresh && goal.shape() == Shape{4, 4}) {
    app::ProgressBar bar("building pattern database");
    PdbBuildOptions build;
    build.progress = [&bar](double f) { bar.update(f); };
    it->second = app::load_best_pdb(
        goal, app::default_pdb_dir(dir_flag_), /*build_if_missing=*/true,
        [](const std::string& note) { fmt::print(stderr, "note: {}\n", note); }, build);
  }
  return it->second ? it->second->heuristic.get() : nullptr;
}

app::Services cli_services(const OutputFlags& flags, PatternDatabases& databases,
                           bool show_progress) {
  app::Services s;
  s.font = [path = flags.font] {
    return path.empty() ? app::default_font() : app::load_font(path);
  };
  s.complete_font = [](const Font& font, std::string_view text) {
    return with_system_fallbacks(
        font, text, [](const std::string& note) { fmt::print(stderr, "note: {}\n", note); });
  };
  s.entropy = fresh_seed;
  s.pattern_database = [&databases](const Board& goal) { return databases(goal); };
  if (show_progress && ::isatty(STDERR_FILENO)) {
    // Searches longer than a moment show where they are, on one self-overwriting line.
    s.progress = [](const SearchStats& st) {
      fmt::print(stderr, "\rsearching: {:.1f} s, {} nodes, at least {} moves ", st.seconds,
                 st.nodes, st.last_bound);
      std::fflush(stderr);
    };
  }
  return s;
}

}  // namespace slidegif::cli
