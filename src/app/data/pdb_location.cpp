#include "app/data/pdb_location.hpp"

#include <fmt/format.h>
#include <xxhash.h>

#include <cstdlib>
#include <filesystem>

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;

std::string hex_of_goal(const Board& goal) {
  return fmt::format(
      "{:08x}", static_cast<std::uint32_t>(XXH3_64bits(goal.tiles().data(), goal.tiles().size())));
}

}  // namespace

std::string default_pdb_dir(const std::string& explicit_dir) {
  if (!explicit_dir.empty()) return explicit_dir;
  if (const char* env = std::getenv(kPdbDirEnv); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return (fs::path(xdg) / "slidegif").string();
  const char* home = std::getenv("HOME");
  return (fs::path(home && *home ? home : ".") / ".cache" / "slidegif").string();
}

std::string pdb_file_name(const Board& goal, std::string_view set) {
  const std::string shape = format_shape(goal.shape());
  if (goal == Board::standard_goal(goal.shape())) return fmt::format("{}-{}.pdb", shape, set);
  return fmt::format("{}-{}-{}.pdb", shape, set, hex_of_goal(goal));
}

std::string pdb_build_command(const Board& goal, std::string_view set) {
  std::string command = "slidegif pdb build";
  if (!set.empty()) command += fmt::format(" --set {}", set);
  if (goal.shape() != Shape{4, 4}) command += " --size " + format_shape(goal.shape());
  if (goal != Board::standard_goal(goal.shape())) command += " --goal " + format_board(goal);
  return command;
}

}  // namespace slidegif::app
