#include "cli/explain_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/explain/explain.hpp"
#include "app/files/atomic_file.hpp"
#include "cli/exit_status.hpp"
#include "cli/number_checks.hpp"
#include "cli/services.hpp"
#include "slidegif/error.hpp"
#include "solve/support/format.hpp"

namespace slidegif::cli {
namespace {

nlohmann::json json_of(const app::Explanation& e, const Board& start, const Board& goal,
                       const std::string& algorithm, const Animation& a) {
  const detail::ClassicResult& r = e.trace.result;
  nlohmann::json frames = nlohmann::json::array();
  for (const detail::ExplainFrame& f : e.script.frames) {
    frames.push_back({{"board", format_board(f.board)},
                      {"caption", f.caption},
                      {"notes", f.notes},
                      {"delay_ms", f.delay_ms}});
  }
  return {{"start", format_board(start)},
          {"goal", format_board(goal)},
          {"algorithm", algorithm},
          {"solved", r.solved},
          {"optimal", r.optimal},
          {"moves", r.solved ? nlohmann::json(r.moves.size()) : nlohmann::json()},
          {"solution", r.solved ? nlohmann::json(moves_to_string(r.moves)) : nlohmann::json()},
          {"expanded", r.expanded},
          {"generated", r.generated},
          {"stopped", r.stopped.empty() ? nlohmann::json() : nlohmann::json(r.stopped)},
          {"stride", e.trace.stride},
          {"expansions_drawn", e.trace.steps.size()},
          {"title", e.script.title},
          {"frames", a.frames},
          {"width", a.width},
          {"height", a.height},
          {"bytes", a.bytes.size()},
          {"script", frames}};
}

// Whether the tree goes out as an SVG (-o NAME.svg) or a PNG (NAME.png, or '-'); refuses any
// other name before the search.
bool tree_is_svg(const std::string& output) {
  if (output == "-") return false;
  std::string ext = std::filesystem::path(output).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".svg") return true;
  if (ext == ".png") return false;
  throw Error(Error::Kind::BadInput,
              fmt::format("-o {}: the tree is a still, a .png or an .svg (by the file's "
                          "extension; '-' writes a PNG)",
                          output));
}

void write_bytes(const std::string& output, const std::vector<std::uint8_t>& bytes) {
  if (output != "-") return app::write_file_atomically(output, bytes);
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() ||
      std::fflush(stdout) != 0) {
    throw std::runtime_error("cannot write the explanation to standard output");
  }
}

}  // namespace

ExplainCommand::ExplainCommand(CLI::App& app) {
  cmd_ = app.add_subcommand(
      "explain",
      "Draw a classic search (A*, IDA*, BFS...) as it runs: each state it expands with g, h, f "
      "and the counts, then the answer");
  JobFlags& f = args_.flags;
  AnimationOptions& a = f.job.animation;
  const RenderLimits& limits = f.job.limits.render;
  cmd_->add_option("START", args_.start, "The start board (at most 16 cells)")->required();
  cmd_->add_option("--goal", args_.goal, "Goal board (default: 1..N-1 then the blank)");
  cmd_->add_option("--size", f.size, "Board size RxC (default: inferred from START)");
  cmd_->add_option("--algorithm", args_.algorithm,
                   "The search: bfs, bibfs, ucs, astar, idastar, greedy (with Manhattan), or "
                   "astar-misplaced, idastar-lc... (all in 'slidegif help compare')")
      ->capture_default_str();
  cmd_->add_option("-o,--output", f.output,
                   "Write the explanation here ('-' for stdout), in the format its extension "
                   "names")
      ->required();
  std::vector<std::string> names;
  for (const auto& info : kOutputFormats) names.emplace_back(info.name);
  cmd_->add_option("--format", f.format, "Format of -o (default: by -o's extension, else gif)")
      ->check(CLI::IsMember(names));
  cmd_->add_option("--frame", f.frame,
                   "With --format png or -o NAME.png: the frame shown (default 0; -1: the last)")
      ->check(whole_number(-1, limits.max_frames).description(""));
  cmd_->add_flag("--json", f.json,
                 "Print one JSON object: the search's counts and what each frame says");
  cmd_->add_option("--max-nodes", args_.max_nodes,
                   "States the search may expand; past it the drawing shows how far it went")
      ->capture_default_str()
      ->check(whole_number(1ull, 100'000'000ull));
  cmd_->add_option("--max-seconds", args_.max_seconds, "Seconds the search may take")
      ->capture_default_str()
      ->check(decimal_number(0.01, 3600.0));
  cmd_->add_option("--frames", args_.frames,
                   "Expansions drawn, about (between this and twice it; a longer search shows "
                   "every k-th and says how many it skips)")
      ->capture_default_str()
      ->check(whole_number(1u, 800u));
  cmd_->add_flag("--tree", args_.tree,
                 "The search tree instead, for a small search (60 expansions at most): -o "
                 "NAME.png or NAME.svg");
  cmd_->add_option_function<std::string>(
          "--show-heuristic",
          [&a](const std::string& name) { a.tile_note = *tile_note_from_name(name); },
          "Write each tile's share of an estimate in its corner: manhattan or misplaced")
      ->check(CLI::IsMember({"manhattan", "misplaced", "none"}).description(""));
  cmd_->add_option("--font", f.font, "TrueType font for numbers and captions (default: shipped)");
  a.tile_px = 64;
  cmd_->add_option("--tile", a.tile_px, "Tile size in pixels")
      ->capture_default_str()
      ->check(whole_number(limits.min_tile_px, limits.max_tile_px));
  cmd_->add_option("--theme", a.theme, "Colour theme")
      ->capture_default_str()
      ->check(CLI::IsMember(theme_names()));
  cmd_->add_option("--lang", f.lang,
                   "Language of the captions: en, zh (default: from LC_ALL, LC_MESSAGES or LANG, "
                   "else en)");
  cmd_->add_option("--delay", a.delay_ms, "Milliseconds a frame (less for long searches)")
      ->capture_default_str()
      ->check(whole_number(limits.min_delay_ms, limits.max_delay_ms));
  cmd_->add_option("--speed", a.speed, "Play this many times as fast, holds too")
      ->capture_default_str()
      ->check(decimal_number(limits.min_speed, limits.max_speed));
  cmd_->add_option_function<double>(
          "--max-duration",
          [&a](double seconds) {
            a.max_duration_ms = static_cast<int>(std::lround(seconds * 1000));
          },
          "Longest the explanation may play, in seconds (default: 60; 0 = no limit)")
      ->check(decimal_number(1, limits.max_duration_ms / 1000.0, /*zero=*/true));
  cmd_->add_option("--loop", a.loop, "Times to play it (0 = forever)")
      ->capture_default_str()
      ->check(whole_number(0, limits.max_loop));
}

bool ExplainCommand::selected() const {
  return cmd_->parsed();
}

int ExplainCommand::run() const {
  if (args_.tree) return run_tree();
  const JobFlags& flags = args_.flags;
  hand_off_video_if_needed(flags);
  const detail::ClassicMethod method =
      detail::parse_classic_method(args_.algorithm);  // before any work
  app::Job job = base_job(flags);
  const Board start = parse_board(args_.start, job.puzzle.shape);
  const Board goal = args_.goal.empty() ? Board::standard_goal(start.shape())
                                        : parse_board(args_.goal, start.shape());
  if (flags.output == "-" && ::isatty(STDOUT_FILENO)) {
    throw Error(Error::Kind::BadInput, "refusing to write an image to a terminal; redirect stdout");
  }
  app::DataServices data(cli_data(flags.pdb_dir, /*yes=*/false));
  const app::Services services = cli_services(flags, data, /*show_progress=*/false);
  const app::ExplainRequest request{.method = method,
                                    .limits = {.max_seconds = args_.max_seconds,
                                               .max_expanded = args_.max_nodes,
                                               .max_bytes = detail::ClassicLimits{}.max_bytes,
                                               .stop = nullptr},
                                    .search_frames = args_.frames};
  const app::Explanation e = app::explain_search(start, goal, request, job.animation);
  const Animation animation =
      app::render_explained(e, job.animation, services, job.encoding, job.limits.render);
  write_bytes(flags.output, animation.bytes);
  const detail::ClassicResult& r = e.trace.result;
  if (flags.json) {
    fmt::print("{}\n", json_of(e, start, goal, classic_name(method), animation).dump());
  } else {
    const std::string outcome =
        r.solved ? fmt::format("{} move{}{}", r.moves.size(), r.moves.size() == 1 ? "" : "s",
                               r.optimal ? "" : " (not optimal)")
                 : r.stopped;
    // On standard output, unless the image went there.
    fmt::print(flags.output == "-" ? stderr : stdout,
               "{} -> {}: {}: {}, {} expanded, {} generated; drew {} of them{}\n",
               format_board(start), format_board(goal), classic_name(method), outcome,
               detail::with_commas(r.expanded), detail::with_commas(r.generated),
               e.trace.steps.size(),
               flags.output == "-" ? ""
                                   : fmt::format("; wrote {} ({} frames, {} bytes)", flags.output,
                                                 animation.frames, animation.bytes.size()));
  }
  return kOk;  // a stopped search is drawn as far as it went, and says so
}

int ExplainCommand::run_tree() const {
  JobFlags flags = args_.flags;
  const bool svg = tree_is_svg(flags.output);
  if (flags.frame || !flags.format.empty()) {
    throw Error(Error::Kind::BadInput,
                "--tree draws one still: its format is -o's extension (.png or .svg), with no "
                "--format or --frame");
  }
  const detail::ClassicMethod method = detail::parse_classic_method(args_.algorithm);
  const std::string output = flags.output;
  flags.output.clear();  // its extension is the tree's, not an animation's
  const app::Job job = base_job(flags);
  const Board start = parse_board(args_.start, job.puzzle.shape);
  const Board goal = args_.goal.empty() ? Board::standard_goal(start.shape())
                                        : parse_board(args_.goal, start.shape());
  if (output == "-" && ::isatty(STDOUT_FILENO)) {
    throw Error(Error::Kind::BadInput, "refusing to write an image to a terminal; redirect stdout");
  }
  const app::ExplainRequest request{.method = method,
                                    .limits = {.max_seconds = args_.max_seconds,
                                               .max_expanded = args_.max_nodes,
                                               .max_bytes = detail::ClassicLimits{}.max_bytes,
                                               .stop = nullptr}};
  const detail::TreeFigure fig = app::explain_tree(start, goal, request, job.animation.lang).figure;
  app::DataServices data(cli_data(flags.pdb_dir, /*yes=*/false));
  const app::Services services = cli_services(flags, data, /*show_progress=*/false);
  Font font = services.font();
  if (services.complete_font) font = services.complete_font(font, fig.title + fig.legend);
  std::vector<std::uint8_t> bytes;
  if (svg) {
    const std::string text = tree_svg(fig, job.animation.theme, font);
    bytes.assign(text.begin(), text.end());
  } else {
    bytes = tree_png(fig, job.animation.theme, font);
  }
  write_bytes(output, bytes);
  std::size_t expanded = 0;
  for (const detail::TreeFigureNode& n : fig.nodes) expanded += n.expanded ? 1 : 0;
  fmt::print(output == "-" ? stderr : stdout,
             "{} -> {}: {}; the tree has {} states, {} of them expanded{}\n", format_board(start),
             format_board(goal), fig.title, fig.nodes.size(), expanded,
             output == "-" ? "" : fmt::format("; wrote {} ({} bytes)", output, bytes.size()));
  return kOk;
}

}  // namespace slidegif::cli
