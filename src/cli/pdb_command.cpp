#include "cli/pdb_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <optional>

#include "app/data/data_files.hpp"
#include "app/data/pdb_cost.hpp"
#include "app/data/pdb_store.hpp"
#include "app/files/progress.hpp"
#include "app/machine/memory.hpp"
#include "cli/number_checks.hpp"
#include "slidegif/board.hpp"
#include "slidegif/error.hpp"
#include "solve/pattern/partition_presets.hpp"

namespace slidegif::cli {
PdbCommand::PdbCommand(CLI::App& app) {
  cmd_ = app.add_subcommand(
      "pdb", "Build or inspect the pattern databases (boards of 12-16 cells, and 5x5)");
  cmd_->require_subcommand(1);
  build_ = cmd_->add_subcommand(
      "build", "Build a pattern database set (default: the one built on first use)");
  build_
      ->add_option("--set", set_,
                   "small (4x4: 6-6-3, ~6 MB, the default), large (4x4: 7-8, ~290 MB; "
                   "5x5: 6-6-6-6, ~255 MB, minutes; other shapes: 7-tile blocks, the default), "
                   "zero-aware (large's tables with an entry per blank cell, 12-16 cells and "
                   "5x5; 4x4: ~580 MB, 3 GB of memory to build; 5x5: ~1.2 GB, 3.7 GB), mtm (the "
                   "multi-tile metric's, 12-16 "
                   "cells; 4x4: rows 6-6-3 with the blank, ~115 MB) or all (but zero-aware)")
      ->check(CLI::IsMember(std::vector<std::string>{
          "small", "large", std::string(detail::kZeroAwareSet), "mtm", "all"}));
  status_ = cmd_->add_subcommand(
      "status",
      "List every data file (databases, tables, the pieces file) with its size and whether it "
      "checks out, then the sets of one shape");
  clean_ = cmd_->add_subcommand(
      "clean", "Remove every data file slidegif made in the directory (nothing else)");
  clean_->add_option("--dir,--pdb-dir", dir_,
                     fmt::format("Directory (default: ${}, else $XDG_CACHE_HOME/slidegif, else "
                                 "~/.cache/slidegif)",
                                 app::kPdbDirEnv));
  for (auto* c : {build_, status_}) {
    c->add_option("--dir,--pdb-dir", dir_,
                  fmt::format("Directory (default: ${}, else $XDG_CACHE_HOME/slidegif, else "
                              "~/.cache/slidegif)",
                              app::kPdbDirEnv));
    c->add_option("--size", size_, "Board size: 4, 5 or RxC, 12 to 16 cells (default: 4x4)");
    c->add_option("--goal", goal_,
                  "Goal board the databases are for (default: 1..N-1 then the blank)");
  }
  // Bounded as explore's: 0 or -1 meant the default silently, and nothing bounded a large count.
  build_->add_option("--threads", threads_, "Threads (default: 1 for small, all cores for large)")
      ->check(whole_number(1, 256));
  build_->add_flag("--force", force_, "Build again even when the set is there and checks out");
  build_->add_flag("--progress", progress_,
                   "Draw the progress bar even when stderr is not a terminal");
}

bool PdbCommand::selected() const {
  return cmd_->parsed();
}

int PdbCommand::run() const {
  if (build_->parsed()) return build();
  if (clean_->parsed()) return clean();
  return status();
}

Board PdbCommand::goal() const {
  // A goal without --size tells its own shape (rows split by '/', or a square).
  const std::optional<Shape> shape =
      size_.empty() ? std::nullopt : std::optional<Shape>(parse_shape(size_));
  const Board goal =
      goal_.empty() ? Board::standard_goal(shape.value_or(Shape{4, 4})) : parse_board(goal_, shape);
  if (!detail::has_preset_partitions(goal.shape())) {
    throw Error(Error::Kind::BadInput,
                fmt::format("pattern databases are for boards of {} to {} cells and {}; {} has {}",
                            detail::kMinPresetCells, detail::kMaxPresetCells,
                            format_shape(detail::kLargePresetShape), format_shape(goal.shape()),
                            goal.cells()));
  }
  return goal;
}

namespace {

// A build the machine cannot hold would end in the kernel's out-of-memory killer, after
// minutes: said at once instead.
void check_memory(const Board& base, std::string_view set) {
  const app::PdbBuildCost cost = app::pdb_build_cost(base, set);
  const std::uint64_t memory = app::process_memory_bytes();
  if (static_cast<double>(cost.memory_bytes) > static_cast<double>(memory) * 0.9)
    throw Error(
        Error::Kind::BadInput,
        fmt::format("the {} set for {} needs {}; this process may use {}", set,
                    format_shape(base.shape()), app::describe(cost), app::human_size(memory)));
}

}  // namespace

int PdbCommand::build() const {
  const std::string dir = app::default_pdb_dir(dir_);
  const Board base = app::pdb_base_goal(goal());
  // 5x5 builds nothing on first use; asked, its large set is the one worth having.
  const std::string_view first = app::first_use_set(base.shape());
  const std::string_view wanted = !set_.empty() ? set_ : first.empty() ? "large" : first;
  for (const std::string_view set : {std::string_view("small"), std::string_view("large"),
                                     detail::kZeroAwareSet, detail::kMultiTileSet}) {
    if (wanted != set && (wanted != "all" || set == detail::kZeroAwareSet)) continue;
    if (wanted == "all" && set == detail::kMultiTileSet && !app::has_multi_tile_set(base.shape()))
      continue;
    // Like make: a set that is there and checks out (its trust stamp, else its checksum) is
    // up to date; the large ones take minutes and gigabytes to build again.
    const std::string existing = dir + "/" + app::pdb_file_name(base, set);
    if (std::string why; !force_ && app::load_pdb_file(existing, app::PdbVerify::Once, &why)) {
      std::error_code ec;
      fmt::print("up to date: {} ({}; --force builds it again)\n", existing,
                 app::human_size(std::filesystem::file_size(existing, ec)));
      continue;
    }
    check_memory(base, set);
    app::ProgressBar bar(fmt::format("{} set", set), progress_);
    detail::PdbBuildOptions options;
    // The small tables fit the caches well enough that a second thread mostly contends; the
    // others are far larger than the caches.
    options.threads = threads_ > 0 ? threads_ : (set == "small" ? 1 : 0);
    options.progress = [&bar](double f) { bar.update(f); };
    const auto started = std::chrono::steady_clock::now();
    const std::string path = app::build_pdb_file(dir, base, set, options);
    bar.update(1.0);
    bar.finish();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    fmt::print("built {} in {:.1f} s\n", path, seconds);
  }
  return 0;
}

namespace {

std::string_view kind_name(app::DataFile::Kind kind) {
  switch (kind) {
    case app::DataFile::Kind::PatternDatabase:
      return "pattern database";
    case app::DataFile::Kind::DistanceTable:
      return "distance table";
    case app::DataFile::Kind::MovePieces:
      return "move pieces";
    case app::DataFile::Kind::TrustStamp:
      return "trust stamp";
    case app::DataFile::Kind::Leftover:
      return "left by an interrupted build (pdb clean removes it)";
  }
  return "";
}

// What becomes of a set that is there but does not check out (`command` builds it). The
// first-use set and the multi-tile one are built again when a solve next needs them; a solve
// ignores the others, and only `pdb build` replaces them. A problem that names its own command
// (an older layout) is not told twice.
std::string damaged_note(const app::PdbFileStatus& s, std::string_view first_use,
                         const std::string& command) {
  if (s.problem.find("slidegif pdb build") != std::string::npos) return "";
  if (s.set == first_use || s.set == detail::kMultiTileSet)
    return fmt::format(" (built again when a solve next needs it, or now by: {})", command);
  return fmt::format(" (solves ignore it; {} builds it again)", command);
}

}  // namespace

int PdbCommand::status() const {
  const std::string dir = app::default_pdb_dir(dir_);
  const auto files = app::list_data_files(dir);
  fmt::print("data files in {}:{}\n", dir, files.empty() ? " none" : "");
  std::uint64_t total = 0;
  for (const auto& f : files) {
    total += f.bytes;
    const std::string name = std::filesystem::path(f.path).filename();
    const bool checked =
        f.kind != app::DataFile::Kind::TrustStamp && f.kind != app::DataFile::Kind::Leftover;
    fmt::print("  {:<32} {:>10}  {}{}\n", name, app::human_size(f.bytes), kind_name(f.kind),
               !checked    ? ""
               : f.trusted ? ", ok"
                           : fmt::format(", damaged: {}", f.problem));
  }
  if (!files.empty()) fmt::print("  {:<32} {:>10}\n", "total", app::human_size(total));
  const Board goal = this->goal();
  fmt::print("{} sets:\n", format_shape(goal.shape()));
  // The files serve this goal's base (a relabelling of the standard goal where one leads
  // there); the commands name its size and goal, as given with --size or only with --goal.
  const Board base = app::pdb_base_goal(goal);
  const std::string_view first_use = app::first_use_set(goal.shape());
  for (const auto& s : app::pdb_status(dir, goal)) {
    const std::string command = app::pdb_build_command(base, s.set);
    if (!s.present)
      fmt::print("  {:<10} missing   ({})\n", s.set, command);
    else if (s.trusted)
      fmt::print("  {:<10} ok        {} ({})\n", s.set, s.path, app::human_size(s.bytes));
    else
      fmt::print("  {:<10} damaged   {}: {}{}\n", s.set, s.path, s.problem,
                 damaged_note(s, first_use, command));
  }
  return 0;
}

int PdbCommand::clean() const {
  const std::string dir = app::default_pdb_dir(dir_);
  const app::Removed removed = app::remove_data_files(dir);
  fmt::print("removed {} file{} ({}) from {}\n", removed.files, removed.files == 1 ? "" : "s",
             app::human_size(removed.bytes), dir);
  return 0;
}

}  // namespace slidegif::cli
