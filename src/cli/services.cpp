#include "cli/services.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "app/data/distance_tables.hpp"
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

}  // namespace

const app::LoadedPdb* PatternDatabases::once(
    const std::string& key, const std::function<std::optional<app::LoadedPdb>()>& load) {
  const std::lock_guard lock(mutex_);
  auto [it, fresh] = loaded_.try_emplace(key);
  if (fresh) it->second = load();
  return it->second ? &*it->second : nullptr;
}

const PdbHeuristic* PatternDatabases::operator()(const Board& goal) {
  if (!has_preset_partitions(goal.shape())) return nullptr;
  const app::LoadedPdb* pdb = once(format_board(goal), [&] {
    app::ProgressBar bar("building pattern database");
    PdbBuildOptions build;
    build.progress = [&bar](double f) { bar.update(f); };
    return app::load_best_pdb(
        goal, app::default_pdb_dir(dir_flag_), /*build_if_missing=*/true, print_note, build,
        [this, &goal](const std::string& cost) {
          return may_build(
              fmt::format("{} needs its pattern database first", format_shape(goal.shape())), cost);
        });
  });
  return pdb ? pdb->heuristic.get() : nullptr;
}

const MultiTilePdb* PatternDatabases::multi_tile(const Board& goal) {
  if (!app::has_multi_tile_set(goal.shape())) return nullptr;
  const app::LoadedPdb* pdb = once("mtm " + format_board(goal), [&] {
    app::ProgressBar bar("building multi-tile pattern database");
    PdbBuildOptions build;
    build.progress = [&bar](double f) { bar.update(f); };
    return app::load_multi_tile_pdb(
        goal, app::default_pdb_dir(dir_flag_), /*build_if_missing=*/true, print_note, build,
        [this, &goal](const std::string& cost) {
          return may_build(fmt::format("multi-tile answers on {} are proven far faster with its "
                                       "pattern database",
                                       format_shape(goal.shape())),
                           cost);
        });
  });
  return pdb ? pdb->multi_tile.get() : nullptr;
}

bool PatternDatabases::may_build(const std::string& what, const std::string& cost) const {
  if (yes_) return true;
  // Asked only where someone can answer: standard input and the error stream on a terminal
  // (a batch read from standard input is never asked).
  if (::isatty(STDIN_FILENO) == 0 || ::isatty(STDERR_FILENO) == 0) return false;
  fmt::print(stderr, "{}: {}. Build it now? [y/N] ", what, cost);
  std::fflush(stderr);
  std::string answer;
  std::getline(std::cin, answer);
  return !answer.empty() && (answer[0] == 'y' || answer[0] == 'Y');
}

app::Services cli_services(const OutputFlags& flags, PatternDatabases& databases,
                           bool show_progress) {
  app::Services s;
  s.font = [path = flags.font] { return app::font_or_default(path); };
  s.complete_font = [](const Font& font, std::string_view text) {
    return with_system_fallbacks(
        font, text, [](const std::string& note) { fmt::print(stderr, "note: {}\n", note); });
  };
  s.entropy = fresh_seed;
  s.pattern_database = [&databases](const Board& goal) { return databases(goal); };
  s.multi_tile_database = [&databases](const Board& goal) { return databases.multi_tile(goal); };
  // 3x3 (and smaller) never needs a search: its tables are built in, or take milliseconds to
  // build. Larger boards use the tables `explore --save` left beside the pattern databases.
  auto tables = std::make_shared<app::DistanceTables>(
      app::TablePolicy{.dir = app::default_pdb_dir(flags.pdb_dir)}, built_in_tables());
  s.distance_table = [tables](const Board& goal, bool to_draw) { return (*tables)(goal, to_draw); };
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
