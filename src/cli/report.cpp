#include "cli/report.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/atomic_file.hpp"
#include "app/font_locator.hpp"
#include "app/progress.hpp"
#include "slidegif/animation.hpp"
#include "slidegif/solver.hpp"

namespace slidegif::cli {
namespace {

void write_stdout(const std::vector<std::uint8_t>& bytes) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() ||
      std::fflush(stdout) != 0) {
    throw std::runtime_error("cannot write the GIF to standard output");
  }
}

// Renders and writes the GIF; returns what it wrote.
Animation write_animation(const Board& start, const Solution& solution, const OutputFlags& flags) {
  if (flags.output == "-" && ::isatty(STDOUT_FILENO)) {
    throw Error(Error::Kind::BadInput, "refusing to write a GIF to a terminal; redirect stdout");
  }
  AnimationOptions options = flags.animation;
  options.font = app::load_font(flags.font);
  options.optimal = solution.optimal;
  Animation gif = render_animation(start, solution.moves, options);
  if (flags.output == "-") {
    write_stdout(gif.bytes);
  } else {
    app::write_file_atomically(flags.output, gif.bytes);
  }
  return gif;
}

std::string summary(const Board& start, const Board& goal, const Solution& s,
                    const std::optional<Animation>& gif, const OutputFlags& flags,
                    const JobExtras& extras) {
  std::string line =
      fmt::format("{} -> {}: {} move{} ({}) {}", format_board(start), format_board(goal),
                  s.moves.size(), s.moves.size() == 1 ? "" : "s",
                  s.optimal ? "optimal" : "NOT optimal: best found within the budget",
                  s.moves.empty() ? "(already solved)" : moves_to_string(s.moves));
  if (extras.seed) line += fmt::format(" [seed {}]", *extras.seed);
  if (gif && flags.output != "-") {
    line += fmt::format("; wrote {} ({} frames, {} bytes)", flags.output, gif->frames,
                        gif->bytes.size());
  }
  return line;
}

nlohmann::json to_json(const Board& start, const Board& goal, const Solution& s,
                       const std::optional<Animation>& gif, const OutputFlags& flags,
                       const JobExtras& extras) {
  nlohmann::json j = {{"rows", start.rows()},
                      {"cols", start.cols()},
                      {"start", format_board(start)},
                      {"goal", format_board(goal)},
                      {"length", s.moves.size()},
                      {"optimal", s.optimal},
                      {"moves", moves_to_string(s.moves)},
                      {"method", s.method},
                      {"nodes", s.stats.nodes},
                      {"seconds", s.stats.seconds}};
  if (extras.seed) j["seed"] = *extras.seed;
  if (gif) {
    j["file"] = flags.output;
    j["frames"] = gif->frames;
    j["bytes"] = gif->bytes.size();
    j["width"] = gif->width;
    j["height"] = gif->height;
  }
  return j;
}

}  // namespace

std::optional<app::LoadedPdb> pattern_database_for(const Board& goal, const OutputFlags& flags) {
  if (flags.no_pdb || goal.shape() != Shape{4, 4}) return std::nullopt;
  app::ProgressBar bar("building pattern database");
  PdbBuildOptions build;
  build.progress = [&bar](double f) { bar.update(f); };
  return app::load_best_pdb(
      goal, app::default_pdb_dir(flags.pdb_dir), /*build_if_missing=*/true,
      [](const std::string& note) { fmt::print(stderr, "note: {}\n", note); }, build);
}

void solve_and_report(const Board& start, const Board& goal, const OutputFlags& flags,
                      const JobExtras& extras) {
  const auto pdb = pattern_database_for(goal, flags);
  const Solution solution =
      solve(start, goal, solve_options(flags, pdb ? pdb->heuristic.get() : nullptr));
  if (::isatty(STDERR_FILENO) && solution.stats.seconds >= 0.5) fmt::print(stderr, "\r\033[K");
  std::optional<Animation> gif;
  if (!flags.output.empty()) gif = write_animation(start, solution, flags);
  // With the GIF on stdout, the words go to stderr.
  FILE* text = flags.output == "-" ? stderr : stdout;
  if (flags.json) {
    fmt::print(text, "{}\n", to_json(start, goal, solution, gif, flags, extras).dump());
  } else {
    fmt::print(text, "{}\n", summary(start, goal, solution, gif, flags, extras));
  }
}

}  // namespace slidegif::cli
