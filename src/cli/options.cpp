#include "cli/options.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>
#include <thread>

#include "app/files/picture_files.hpp"
#include "cli/language_choice.hpp"
#include "cli/number_checks.hpp"
#include "cli/video_handoff.hpp"
#include "render/text/language.hpp"
#include "slidegif/error.hpp"
#include "slidegif/format.hpp"

namespace slidegif::cli {

void add_job_flags(CLI::App& cmd, JobFlags& f) {
  auto& a = f.job.animation;
  const RenderLimits& limits = f.job.limits.render;  // the command line's
  cmd.add_option("-o,--output", f.output,
                 "Write the animation here ('-' for stdout), in the format its extension names")
      ->check([](const std::string& name) {
        return name.empty() ? std::string("-o needs a file name ('-' for standard output)")
                            : std::string();
      });
  std::vector<std::string> names;
  for (const auto& info : kOutputFormats) names.emplace_back(info.name);
  cmd.add_option("--format", f.format,
                 fmt::format("Format of -o: {} (default: by -o's extension, else gif)",
                             fmt::join(names, ", ")))
      ->check(CLI::IsMember(names));
  cmd.add_option("--frame", f.frame,
                 "With --format png or -o NAME.png: the frame shown, from 0 (default 0, the "
                 "start; -1: the last)")
      ->check(whole_number(-1, limits.max_frames).description(""));  // one line
  cmd.add_flag("--json", f.json, "Print one JSON object instead of the summary line");
  // Named, the budget is all the near-optimal search's too (boards over 16 cells, or past the
  // optimal search): a larger one buys a shorter answer. Unnamed, that search stops at
  // fallback_seconds, so a 5x5 answers in 2 s rather than 5.
  cmd.add_option_function<double>(
         "--max-seconds",
         [&f](double seconds) {
           f.job.solve.max_seconds = seconds;
           f.job.solve.fallback_seconds = seconds;
         },
         fmt::format("Search budget in seconds, 0.01 to 86400 (default: {}, or {} on boards over "
                     "16 cells)",
                     f.job.solve.max_seconds, f.job.solve.fallback_seconds))
      ->check(decimal_number(0.01, 86400.0).description(""));  // the range is in the text
  f.job.solve.threads = 0;                                     // base_job(): all cores
  cmd.add_option("--threads", f.job.solve.threads,
                 "Threads one optimal search uses, 1 to 256 (default: all cores; 1 a line with "
                 "--batch); the answer is the same")
      ->check(whole_number(1, 256).description(""));  // the range is in the text: one line
  cmd.add_option_function<std::string>(
         "--metric",
         [&f](const std::string& name) { f.job.solve.metric = *metric_from_name(name); },
         "How moves count: stm, a tile a move (default), or mtm, a line of tiles a move")
      ->check(CLI::IsMember({"stm", "mtm"}).description(""));
  cmd.add_option("--algorithm", f.algorithm,
                 "Solve with a classic search instead: bfs, astar-lc, idastar-manhattan... (all "
                 "in 'slidegif help compare')");
  cmd.add_option("--size", f.size, "Board size: 3, 4 or RxC (needed for rectangular boards)");
  cmd.add_option("--pdb-dir", f.pdb_dir,
                 "Pattern databases (default: $SLIDEGIF_PDB_DIR, else the cache dir)");
  cmd.add_flag_callback(
      "--no-pdb", [&f] { f.job.solve.use_pdb = false; }, "Do not use (or build) pattern databases");
  cmd.add_flag("-y,--yes", f.yes,
               "Build the pattern database a board needs first however long it takes (without "
               "it: asked on a terminal, refused elsewhere, over 30 CPU-seconds or 100 MB; a "
               "multi-tile solve then searches without)");
  cmd.add_option("--font", f.font, "TrueType font for numbers and captions (default: shipped)");
  // Unless --tile is given, large boards and long animations get smaller tiles.
  a.fit_tile = true;
  cmd.add_option("--tile", a.tile_px,
                 fmt::format("Tile size in pixels, {} to {} (default: {}, less when the board is "
                             "over {} px or the animation too large)",
                             limits.min_tile_px, limits.max_tile_px, a.tile_px, kFitBoardPx))
      ->each([&a](const std::string&) { a.fit_tile = false; })
      ->check(whole_number(limits.min_tile_px, limits.max_tile_px)
                  .description(""));  // the range is in the text: one line
  cmd.add_option("--theme", a.theme, "Colour theme")
      ->capture_default_str()
      ->check(CLI::IsMember(theme_names()));
  cmd.add_option("--title", a.title, "A title line above the board");
  cmd.add_option("--lang", f.lang,
                 fmt::format("Language of the captions: {} (default: from LC_ALL, LC_MESSAGES "
                             "or LANG, else en)",
                             fmt::join(detail::language_codes(), ", ")));
  cmd.add_option(
      "--image", f.image,
      "A picture puzzle: each tile shows its part of this PNG, JPEG, WebP or GIF picture");
  cmd.add_option_function<std::string>(
         "--show-heuristic",
         [&a](const std::string& name) { a.tile_note = *tile_note_from_name(name); },
         "Write each tile's share of an estimate in its corner: manhattan (its distance from "
         "home) or misplaced (1 when away)")
      ->check(CLI::IsMember({"manhattan", "misplaced", "none"}).description(""));
  cmd.add_flag("--numbers", a.numbers, "With --image: small tile numbers on the tiles");
  cmd.add_flag("--dither", a.dither, "With --image: dither the picture onto its palette");
  cmd.add_option("--delay", a.delay_ms,
                 "Milliseconds per move (less for long solutions: see --max-duration)")
      ->capture_default_str()
      ->check(whole_number(limits.min_delay_ms, limits.max_delay_ms));
  cmd.add_option("--speed", a.speed, "Play this many times as fast, holds too")
      ->capture_default_str()
      ->check(decimal_number(limits.min_speed, limits.max_speed));
  cmd.add_option_function<double>(
         "--max-duration",
         [&a](double seconds) {
           a.max_duration_ms = static_cast<int>(std::lround(seconds * 1000));
         },
         fmt::format("Longest the animation may play, in seconds: long solutions get shorter "
                     "moves (default: {}; 0 = no limit)",
                     a.max_duration_ms / 1000))
      ->check(decimal_number(1, limits.max_duration_ms / 1000.0, /*zero=*/true));
  cmd.add_flag_callback(
      "--no-captions", [&a] { a.captions = false; },
      "No caption band (and no goal frame): the board alone");
  cmd.add_flag_callback(
      "--no-mark", [&a] { a.mark_moving = false; }, "Do not outline the tile that moves");
  a.fit_tween = true;
  cmd.add_option("--tween", a.tween,
                 fmt::format("Intermediate sliding frames per move (default: {}, fewer for short "
                             "moves or when there would be over {} frames)",
                             a.tween, limits.max_frames))
      ->each([&a](const std::string&) { a.fit_tween = false; })
      ->check(whole_number(0, limits.max_tween));
  cmd.add_option("--moves-per-frame", a.moves_per_frame,
                 fmt::format("Moves each frame shows, 1 to {}, without sliding frames (default: "
                             "1, more when a long answer would pass {} frames or --max-duration)",
                             kMaxMovesPerFrame, limits.max_frames))
      ->check(whole_number(1, kMaxMovesPerFrame).description(""));
  cmd.add_option("--loop", a.loop, "Times to play the animation (0 = forever)")
      ->capture_default_str()
      ->check(whole_number(0, limits.max_loop));
}

Encoding output_encoding(const JobFlags& flags) {
  const bool named = !flags.output.empty() && flags.output != "-" &&
                     std::filesystem::path(flags.output).has_extension();
  // A name's extension decides, unless --format says otherwise: then they must agree.
  Encoding encoding{named ? format_of_output_name(flags.output) : OutputFormat::Gif};
  if (!flags.format.empty()) {
    const OutputFormat asked = format_named(flags.format);
    if (named && asked != encoding.format) {
      throw Error(Error::Kind::BadInput,
                  fmt::format("-o {} is {}, but --format says {}: give one or make them agree",
                              flags.output, format_info(encoding.format).name, flags.format));
    }
    encoding.format = asked;
  }
  if (flags.frame) {
    if (encoding.format != OutputFormat::Png) {
      throw Error(Error::Kind::BadInput,
                  fmt::format("--frame {}: only a still has one frame (--format png, or -o "
                              "NAME.png); this is {}",
                              *flags.frame, format_info(encoding.format).name));
    }
    encoding.frame = *flags.frame;
  }
  return encoding;
}

void hand_off_video_if_needed(const JobFlags& flags) {
  // Without -o nothing is drawn (solve --batch only names the format in its JSON).
  if (!flags.output.empty() && !can_write(output_encoding(flags).format)) throw HandOffVideo{};
}

app::Job base_job(const JobFlags& flags) {
  app::Job job = flags.job;
  if (job.solve.threads == 0)
    job.solve.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // Before any work: a name asking for a format we do not write is refused, and so is a link
  // to a file that does not exist (cp will not write through one either).
  job.encoding = output_encoding(flags);
  if (!flags.output.empty() && flags.output != "-") {
    std::error_code ec;
    if (std::filesystem::is_symlink(flags.output, ec) && !std::filesystem::exists(flags.output, ec))
      throw Error(
          Error::Kind::BadInput,
          fmt::format("-o {}: a symbolic link to {}, which does not exist; not writing "
                      "through it",
                      flags.output, std::filesystem::read_symlink(flags.output, ec).string()));
  }
  if (!flags.size.empty()) job.puzzle.shape = parse_shape(flags.size);
  job.animation.lang = choose_language(flags.lang, locale_env(), [](const std::string& note) {
    fmt::print(stderr, "note: {}\n", note);
  });
  if (!flags.image.empty()) job.animation.picture = read_picture(flags.image, job.limits.render);
  return job;
}

}  // namespace slidegif::cli
