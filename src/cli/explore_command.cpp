#include "cli/explore_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/data/data_files.hpp"
#include "app/data/pdb_location.hpp"
#include "app/data/table_file.hpp"
#include "app/files/atomic_file.hpp"
#include "app/files/font_locator.hpp"
#include "app/files/progress.hpp"
#include "app/job/job_json.hpp"
#include "app/machine/memory.hpp"
#include "cli/number_checks.hpp"
#include "cli/state_database.hpp"
#include "render/look/theme.hpp"
#include "render/plot/histogram_plot.hpp"
#include "slidegif/error.hpp"
#include "solve/table/optimal_paths.hpp"

namespace slidegif::cli {
namespace {

Board explore_goal(const ExploreArgs& a) {
  std::optional<Shape> shape;
  if (!a.size.empty()) shape = parse_shape(a.size);
  if (!a.goal.empty()) return parse_board(a.goal, shape);
  return Board::standard_goal(shape.value_or(Shape{3, 3}));
}

// The process's peak resident memory so far, in bytes (Linux reports kilobytes).
std::uint64_t peak_memory_bytes() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

// The antipodes as boards: the last layer's list, at most kListedAntipodes of them (the
// search lists a layer only when it is small; the last layers of every board up to 12 cells
// are).
std::vector<std::string> antipodes(const detail::FullSearch& all) {
  std::vector<std::string> boards;
  if (!all.listed.back()) return boards;
  for (std::uint64_t i : all.lists.back()) {
    if (boards.size() == kListedAntipodes) break;
    boards.push_back(format_board(all.index.board(i)));
  }
  return boards;
}

void print_text(const detail::FullSearch& all, const Board& goal, Metric metric, std::uint64_t peak,
                const std::string& saved) {
  fmt::print("{} from {}: {} states{}\n", format_shape(goal.shape()), format_board(goal),
             detail::reachable_states_text(goal.shape()),
             metric == Metric::MultiTile ? ", multi-tile moves (mtm)" : "");
  fmt::print("God's number: {}\n", all.gods_number());
  fmt::print("distance  states\n");
  for (std::size_t d = 0; d < all.histogram.size(); ++d)
    fmt::print("{:>8}  {}\n", d, all.histogram[d]);
  const std::uint64_t count = all.histogram.back();
  const auto boards = antipodes(all);
  if (boards.size() == count) {
    fmt::print("antipodes ({}): {}\n", count, fmt::join(boards, " "));
  } else {
    fmt::print("antipodes: {} (too many to list)\n", count);
  }
  fmt::print("searched in {:.3f} s ({} thread{}, {:.1f} M states/s), peak memory {:.1f} MB\n",
             all.seconds, all.threads, all.threads == 1 ? "" : "s",
             static_cast<double>(all.index.size()) / all.seconds / 1e6,
             static_cast<double>(peak) / 1e6);
  if (!saved.empty()) {
    std::error_code ec;
    fmt::print("saved {} ({})\n", saved, app::human_size(std::filesystem::file_size(saved, ec)));
  }
}

void print_json(const detail::FullSearch& all, const Board& goal, Metric metric, std::uint64_t peak,
                const std::string& saved) {
  nlohmann::json j = {
      {"rows", goal.shape().rows},        {"cols", goal.shape().cols},
      {"goal", format_board(goal)},       {"states", all.index.size()},
      {"gods_number", all.gods_number()}, {"histogram", all.histogram},
      {"antipodes", antipodes(all)},      {"antipodes_count", all.histogram.back()},
      {"seconds", all.seconds},           {"threads", all.threads},
      {"peak_memory_bytes", peak},        {"metric", metric_name(metric)},
  };
  if (!saved.empty()) j["saved"] = saved;
  fmt::print("{}\n", app::json_line(j));
}

// Boards over 12 cells: 13 and 14 (2x7, 7x2) with --large when this machine's memory holds
// the search, larger ones on several machines (slidegif-mpi). Says why before any allocation.
void check_large(const Board& goal, bool large, detail::DistanceStorage storage) {
  const Shape shape = goal.shape();
  if (goal.cells() <= detail::kMaxFullSearchCells) return;
  // Mod3 marks the newest layer in a bit a state more while searching.
  const double bytes = static_cast<double>(full_search_bytes(shape, storage)) *
                       (storage == detail::DistanceStorage::Mod3 ? 1.5 : 1.0);
  const std::string facts = fmt::format(
      "a {} board has {} states and its search needs {} GB of memory", format_shape(shape),
      detail::reachable_states_text(shape),
      bytes < 100e9 ? fmt::format("{:.1f}", bytes / 1e9) : fmt::format("{:.0f}", bytes / 1e9));
  if (goal.cells() > detail::kMaxLargerFullSearchCells) {
    throw Error(Error::Kind::BadInput,
                fmt::format("{}, more than one machine holds: slidegif-mpi explores it over "
                            "several machines (slidegif-mpi(1))",
                            facts));
  }
  if (!large) {
    throw Error(Error::Kind::BadInput,
                fmt::format("{}, and half an hour or more on two cores: add --large to search "
                            "it",
                            facts));
  }
  const auto memory = static_cast<double>(app::process_memory_bytes());
  if (bytes > memory * 0.9) {
    throw Error(Error::Kind::BadInput,
                fmt::format("{}; this process may use {:.1f} GB: slidegif-mpi explores it over "
                            "several machines",
                            facts, memory / 1e9));
  }
}

// An unwritable output is refused before the search rather than after.
void check_writable(const std::string& path) {
  auto refuse = [&path](int err) {
    throw std::runtime_error(fmt::format("cannot write {}: {}", path, std::strerror(err)));
  };
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) refuse(EISDIR);
  // A device or a pipe is written in place (write_file_atomically), nothing created beside it.
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    if (::access(path.c_str(), W_OK) != 0) refuse(errno);
    return;
  }
  const std::string probe = fmt::format("{}.tmp-{}", path, ::getpid());
  if (FILE* f = std::fopen(probe.c_str(), "wb")) {
    std::fclose(f);
    std::remove(probe.c_str());
  } else {
    refuse(errno);
  }
}

// Says before the search what the database will hold and about how big it will be.
void announce_database(const std::string& path, Shape shape, bool rows) {
  const auto bytes =
      static_cast<double>(estimated_database_bytes(detail::reachable_states(shape), shape.cells()));
  const std::string size = bytes < 1e6   ? std::string("under 1 MB")
                           : bytes < 1e9 ? fmt::format("about {:.0f} MB", bytes / 1e6)
                                         : fmt::format("about {:.0f} GB", bytes / 1e9);
  if (rows) {
    fmt::print(stderr, "writing {}: {} states, {}\n", path, detail::reachable_states_text(shape),
               size);
  } else {
    fmt::print(stderr,
               "writing {}: histogram, antipodes and meta only ({} states are over {} M; every "
               "state would take {}: add --all-states)\n",
               path, detail::reachable_states_text(shape), kMaxDatabaseStates / 1'000'000, size);
  }
}

// Whether --plot names an SVG (else a PNG); refuses any other extension, before the search.
bool plot_is_svg(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".svg") return true;
  if (ext == ".png") return false;
  throw Error(
      Error::Kind::BadInput,
      fmt::format("--plot {}: the plot is a .png or an .svg (by the file's extension)", path));
}

void write_plot(const ExploreArgs& a, const detail::FullSearch& all, const Board& goal) {
  detail::PlotOptions options;
  options.font = app::font_or_default(a.font);
  options.theme = a.theme;
  options.log_scale = a.log_scale;
  const std::string title =
      fmt::format("{} from {}: {} states by distance", format_shape(goal.shape()),
                  format_board(goal), detail::reachable_states_text(goal.shape()));
  if (plot_is_svg(a.plot)) {
    const std::string svg = render_histogram_svg(all.histogram, title, antipodes(all), options);
    app::write_file_atomically(a.plot, std::vector<std::uint8_t>(svg.begin(), svg.end()));
  } else {
    app::write_file_atomically(a.plot,
                               render_histogram_png(all.histogram, title, antipodes(all), options));
  }
}

}  // namespace

ExploreCommand::ExploreCommand(CLI::App& app) {
  cmd_ = app.add_subcommand(
      "explore", "Search a board's whole state space: God's number, distances, antipodes");
  cmd_->add_option("--size", args_.size,
                   "Board size: 3 or RxC, up to 12 cells, 14 with --large (default: 3)");
  cmd_->add_option("--goal", args_.goal, "Goal board (default: 1..N-1 then the blank)");
  cmd_->add_flag("--json", args_.json, "Print one JSON object");
  cmd_->add_option("--threads", args_.threads, "Threads (default: all cores for large boards)")
      ->check(whole_number(1, 256));
  cmd_->add_flag("--save", args_.save,
                 "Save the distance table (2 bits a state) where the pattern databases are: "
                 "solve and random --moves then use it");
  cmd_->add_option("--dir,--pdb-dir", args_.dir,
                   fmt::format("Directory for --save (default: ${}, else the cache directory)",
                               app::kPdbDirEnv));
  cmd_->add_option("--db", args_.db,
                   "Write the state space to an SQLite database (every state up to 20 M states; "
                   "else histogram, antipodes and meta)");
  cmd_->add_option("--plot", args_.plot,
                   "Draw the distance histogram as a PNG or an SVG (by the file's extension)");
  cmd_->add_flag("--log-scale", args_.log_scale,
                 "With --plot: a logarithmic count axis (the smallest layers show)");
  cmd_->add_option("--theme", args_.theme, "Colour theme of the plot")
      ->capture_default_str()
      ->check(CLI::IsMember(theme_names()));
  cmd_->add_option("--font", args_.font, "TrueType font for the plot (default: shipped)");
  cmd_->add_flag("--all-states", args_.all_states, "With --db: every state, however many");
  cmd_->add_option_function<std::string>(
          "--metric", [this](const std::string& name) { args_.metric = *metric_from_name(name); },
          "How moves count: stm, a tile a move (default), or mtm, a line of tiles a move "
          "(one thread; not with --save or --db)")
      ->check(CLI::IsMember({"stm", "mtm"}).description(""));
  cmd_->add_flag("--large", args_.large,
                 "Explore boards of 13 and 14 cells (2x7: 10.9 GB of memory, 16.3 GB with "
                 "--save; half an hour or more)");
  cmd_->add_flag("--progress", args_.progress,
                 "Draw the progress bar even when stderr is not a terminal");
}

bool ExploreCommand::selected() const {
  return cmd_->parsed();
}

int ExploreCommand::run() const {
  const Board goal = explore_goal(args_);
  if (!args_.size.empty() && goal.shape() != parse_shape(args_.size)) {
    throw Error(Error::Kind::BadInput, fmt::format("the goal is a {} board, not {}",
                                                   format_shape(goal.shape()), args_.size));
  }
  const bool rows =
      !args_.db.empty() &&
      (detail::reachable_states(goal.shape()) <= kMaxDatabaseStates || args_.all_states);
  if (args_.metric == Metric::MultiTile && (args_.save || !args_.db.empty())) {
    // The saved tables and the database's path counts are single-tile distances.
    throw Error(Error::Kind::BadInput,
                "--save and --db keep single-tile distances: leave them out with --metric mtm");
  }
  // The search keeps distances only for what needs them: the database's rows need exact
  // ones (one byte a state) for their path counts, --save the table's distances mod 3.
  detail::DistanceStorage storage = detail::DistanceStorage::None;
  if (rows)
    storage = detail::DistanceStorage::Exact;
  else if (args_.save)
    storage = detail::DistanceStorage::Mod3;
  if (args_.metric == Metric::SingleTile) check_large(goal, args_.large, storage);
  if (args_.log_scale && args_.plot.empty())
    throw Error(Error::Kind::BadInput, "--log-scale is for the plot: add --plot FILE");
  if (!args_.db.empty()) check_database_target(args_.db);
  for (const std::string& path : {args_.plot, args_.db})
    if (!path.empty()) check_writable(path);
  if (!args_.plot.empty()) plot_is_svg(args_.plot);
  if (!args_.db.empty()) announce_database(args_.db, goal.shape(), rows);
  app::ProgressBar bar(fmt::format("explore {}", format_shape(goal.shape())), args_.progress);
  detail::FullSearchOptions options;
  options.threads = args_.threads;
  options.metric = args_.metric;
  options.allow_larger = args_.large;
  options.storage = storage;
  options.progress = [&bar](double f) { bar.update(f); };
  const detail::FullSearch all = full_search(goal, options);
  bar.finish();
  // Saved before anything is printed: a failure leaves neither a file nor a report.
  if (!args_.plot.empty()) write_plot(args_, all, goal);
  if (!args_.db.empty()) {
    const detail::OptimalPaths paths = rows ? optimal_paths(all) : detail::OptimalPaths{};
    write_state_database(args_.db, all, rows ? &paths : nullptr);
  }
  std::string saved;
  if (args_.save) saved = app::save_table_file(app::default_pdb_dir(args_.dir), all);
  const std::uint64_t peak = peak_memory_bytes();
  if (args_.json)
    print_json(all, goal, args_.metric, peak, saved);
  else
    print_text(all, goal, args_.metric, peak, saved);
  return 0;
}

}  // namespace slidegif::cli
