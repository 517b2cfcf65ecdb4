#include "cli/services.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "app/files/font_locator.hpp"
#include "app/files/progress.hpp"
#include "cli/built_in_tables.hpp"
#include "cli/system_fonts.hpp"
#include "solve/board/random.hpp"
#include "solve/pattern/partition_presets.hpp"

namespace slidegif::cli {

namespace {

void print_note(const std::string& note) {
  fmt::print(stderr, "note: {}\n", note);
}

// Whether to build now: --yes, else the user's answer to "`what`: `cost`. Build it now?" on a
// terminal, else no.
bool may_build(bool yes, const std::string& what, const std::string& cost) {
  if (yes) return true;
  // Asked only where someone can answer: standard input and the error stream on a terminal
  // (a batch read from standard input is never asked).
  if (::isatty(STDIN_FILENO) == 0 || ::isatty(STDERR_FILENO) == 0) return false;
  fmt::print(stderr, "{}: {}. Build it now? [y/N] ", what, cost);
  std::fflush(stderr);
  std::string answer;
  std::getline(std::cin, answer);
  return !answer.empty() && (answer[0] == 'y' || answer[0] == 'Y');
}

// Loads the database for `goal`, building a missing first-use set (see cli_data).
std::optional<app::LoadedPdb> load_or_build(const std::string& dir, bool yes, const Board& goal,
                                            Metric metric) {
  const bool multi = metric == Metric::MultiTile;
  if (multi ? !app::has_multi_tile_set(goal.shape())
            : !detail::has_preset_partitions(goal.shape())) {
    return std::nullopt;
  }
  app::ProgressBar bar(multi ? "building multi-tile pattern database"
                             : "building pattern database");
  detail::PdbBuildOptions build;
  build.progress = [&bar](double f) { bar.update(f); };
  const auto confirm = [&](const std::string& cost) {
    const std::string what =
        multi ? fmt::format(
                    "multi-tile answers on {} are proven far faster with its pattern "
                    "database",
                    format_shape(goal.shape()))
              : fmt::format("{} needs its pattern database first", format_shape(goal.shape()));
    return may_build(yes, what, cost);
  };
  return multi
             ? app::load_multi_tile_pdb(goal, dir, /*build_if_missing=*/true, print_note, build,
                                        confirm)
             : app::load_best_pdb(goal, dir, /*build_if_missing=*/true, print_note, build, confirm);
}

}  // namespace

app::DataServices::Options cli_data(const std::string& dir_flag, bool yes) {
  const std::string dir = app::default_pdb_dir(dir_flag);
  // 3x3 (and smaller) never needs a search: its tables are built in, or take milliseconds to
  // build. Larger boards use the tables `explore --save` left beside the pattern databases.
  return {.load = [dir, yes](const Board& goal,
                             Metric metric) { return load_or_build(dir, yes, goal, metric); },
          .tables = {.dir = dir},
          .built_in_tables = built_in_tables(),
          .keep_standard_only = false};
}

app::Services cli_services(const JobFlags& flags, app::DataServices& data, bool show_progress) {
  app::Services s;
  s.font = [path = flags.font] { return app::font_or_default(path); };
  s.complete_font = [](const Font& font, std::string_view text) {
    return with_system_fallbacks(
        font, text, [](const std::string& note) { fmt::print(stderr, "note: {}\n", note); });
  };
  s.entropy = detail::fresh_seed;
  data.wire(s);
  if (show_progress && ::isatty(STDERR_FILENO)) {
    // Searches longer than a moment show where they are, on one self-overwriting line.
    s.control.progress = [](const SearchStats& st) {
      if (st.best_length > 0)
        fmt::print(stderr, "\rimproving: {:.1f} s, best so far {} moves ", st.seconds,
                   st.best_length);
      else
        fmt::print(stderr, "\rsearching: {:.1f} s, {} nodes, at least {} moves ", st.seconds,
                   st.nodes, st.last_bound);
      std::fflush(stderr);
    };
  }
  return s;
}

}  // namespace slidegif::cli
