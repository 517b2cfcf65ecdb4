#include "app/data/pdb_store.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "app/data/pdb_cost.hpp"
#include "slidegif/error.hpp"
#include "solve/board/goal_framing.hpp"
#include "solve/pattern/partition_presets.hpp"

namespace slidegif::app {

namespace fs = std::filesystem;
static_assert(kPdbSets[0] == detail::kZeroAwareSet);

// What building 5x5's set costs, as measured (README, scripts/bench).
constexpr std::string_view kLargeBuildCost = "4-5 CPU-minutes and 2.1 GB of memory";

namespace {

// The end of a first use: says what is built (`what`, by `command` ahead of time), builds
// `set` for `base` into dir and loads it.
std::optional<LoadedPdb> build_and_load(const std::string& dir, const Board& base,
                                        std::string_view set, bool rebuilding,
                                        const std::string& what, const std::string& command,
                                        const std::function<void(const std::string&)>& note,
                                        const detail::PdbBuildOptions& build_options) {
  if (note)
    note(fmt::format("{} the {} for {} in {} (once; '{}' does it ahead of time)",
                     rebuilding ? "rebuilding" : "building", what, format_shape(base.shape()), dir,
                     command));
  const std::string path = build_pdb_file(dir, base, set, build_options);
  std::string why;
  auto pdb = load_pdb_file(path, PdbVerify::Once, &why);
  if (!pdb && note) note(fmt::format("cannot use {}: {}", path, why));
  return pdb;
}

}  // namespace

std::string_view first_use_set(Shape shape) {
  if (shape == detail::kLargePresetShape) return "";
  return shape == Shape{4, 4} ? "small" : "large";
}

Board pdb_base_goal(const Board& goal) {
  const Board standard = Board::standard_goal(goal.shape());
  return detail::GoalFraming::serves(goal, standard) ? standard : goal;
}

bool has_multi_tile_set(Shape shape) {
  return detail::has_preset_partitions(shape) && shape.cells() <= detail::kMaxPresetCells;
}

std::vector<PdbFileStatus> pdb_status(const std::string& dir, const Board& goal) {
  std::vector<PdbFileStatus> out;
  const Board base = pdb_base_goal(goal);
  std::vector<std::string_view> sets(std::begin(kPdbSets), std::end(kPdbSets));
  if (has_multi_tile_set(goal.shape())) sets.push_back(detail::kMultiTileSet);
  for (auto set : sets) {
    PdbFileStatus s;
    s.set = set;
    s.path = (fs::path(dir) / pdb_file_name(base, set)).string();
    std::error_code ec;
    s.present = fs::exists(s.path, ec);
    if (s.present) {
      s.bytes = fs::file_size(s.path, ec);
      s.trusted = load_pdb_file(s.path, PdbVerify::Full, &s.problem).has_value();
    } else {
      s.problem = "missing";
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::optional<LoadedPdb> load_best_pdb(
    const Board& goal, const std::string& dir, bool build_if_missing,
    const std::function<void(const std::string&)>& note,
    const detail::PdbBuildOptions& build_options,
    const std::function<bool(const std::string& cost)>& confirm) {
  if (!detail::has_preset_partitions(goal.shape())) return std::nullopt;
  const Board base = pdb_base_goal(goal);
  const std::string_view first = first_use_set(goal.shape());
  bool first_damaged = false;
  for (auto set : kPdbSets) {
    const std::string path = (fs::path(dir) / pdb_file_name(base, set)).string();
    std::string why;
    if (auto pdb = load_pdb_file(path, PdbVerify::Once, &why)) return pdb;
    if (why != "missing") {
      if (note) note(fmt::format("ignoring {}: {}", path, why));
      if (set == first) first_damaged = true;
    }
  }
  if (!build_if_missing) return std::nullopt;
  if (first.empty()) {
    if (note)
      note(fmt::format(
          "answers on {} are shorter with its pattern databases: '{}' builds them into {} (once: "
          "{})",
          format_shape(goal.shape()), pdb_build_command(base), dir, kLargeBuildCost));
    return std::nullopt;
  }
  const std::string command = pdb_build_command(base);
  if (const PdbBuildCost cost = pdb_build_cost(base, first);
      cost.is_long() && confirm && !confirm(describe(cost))) {
    throw Error(Error::Kind::BadInput,
                fmt::format("solving {} optimally needs its pattern database first ({}): "
                            "'{}' builds it, or add --yes",
                            format_shape(goal.shape()), describe(cost), command));
  }
  return build_and_load(dir, base, first, first_damaged, fmt::format("{} pattern database", first),
                        command, note, build_options);
}

std::optional<LoadedPdb> load_multi_tile_pdb(
    const Board& goal, const std::string& dir, bool build_if_missing,
    const std::function<void(const std::string&)>& note,
    const detail::PdbBuildOptions& build_options,
    const std::function<bool(const std::string& cost)>& confirm) {
  if (!has_multi_tile_set(goal.shape())) return std::nullopt;
  const Board base = pdb_base_goal(goal);
  const std::string path = (fs::path(dir) / pdb_file_name(base, detail::kMultiTileSet)).string();
  std::string why;
  if (auto pdb = load_pdb_file(path, PdbVerify::Once, &why)) return pdb;
  const bool damaged = why != "missing";
  if (damaged && note) note(fmt::format("ignoring {}: {}", path, why));
  if (!build_if_missing) return std::nullopt;
  const std::string command = pdb_build_command(base, detail::kMultiTileSet);
  // Declined, the search goes on without it (the walking distance): slower, still optimal.
  if (const PdbBuildCost cost = pdb_build_cost(base, detail::kMultiTileSet);
      cost.is_long() && confirm && !confirm(describe(cost))) {
    if (note)
      note(
          fmt::format("multi-tile answers on {} are proven far faster with its pattern "
                      "database: '{}' builds it ({})",
                      format_shape(goal.shape()), command, describe(cost)));
    return std::nullopt;
  }
  return build_and_load(dir, base, detail::kMultiTileSet, damaged, "multi-tile pattern database",
                        command, note, build_options);
}

}  // namespace slidegif::app
