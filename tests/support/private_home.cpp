#include "private_home.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "app/data/pdb_location.hpp"
#include "app/data/pdb_store.hpp"
#include "slidegif/board.hpp"

namespace fs = std::filesystem;

namespace slidegif::testing {
namespace {

std::string env_or_throw(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0')
    throw std::runtime_error(std::string(name) + " is not set: tests run from test_main");
  return value;
}

// The small set's file name for the standard 4x4 goal.
std::string small_pdb_name() {
  return app::pdb_file_name(Board::standard_goal({4, 4}), "small");
}

// Copies the fixture's file (not its trust stamp: this copy is checked afresh) into dir, or
// builds it there.
void provide_small_pdb(const fs::path& dir) {
  fs::create_directories(dir);
  const fs::path target = dir / small_pdb_name();
  if (fs::exists(target)) return;
  if (const char* fixtures = std::getenv("SLIDEGIF_TEST_FIXTURES"); fixtures && *fixtures) {
    const fs::path source = fs::path(fixtures) / small_pdb_name();
    if (fs::exists(source)) {
      fs::copy_file(source, target);
      // A file changed within the kernel's clock tick is checked but not stamped (pdb_trust.hpp):
      // past it, the first use stamps the copy, as it would an operator's.
      std::this_thread::sleep_for(std::chrono::milliseconds(60));
      return;
    }
  }
  if (!app::load_best_pdb(Board::standard_goal({4, 4}), dir.string(), true))
    throw std::runtime_error("cannot build the small pattern database in " + dir.string());
}

}  // namespace

PrivateHome::PrivateHome() {
  std::string tmpl = (fs::temp_directory_path() / "slidegif-home-XXXXXX").string();
  if (::mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  root_ = tmpl;
  ::setenv("HOME", root_.c_str(), 1);
  ::setenv("XDG_CACHE_HOME", (root_ + "/.cache").c_str(), 1);
  ::setenv("XDG_CONFIG_HOME", (root_ + "/.config").c_str(), 1);
  ::setenv("XDG_DATA_HOME", (root_ + "/.local/share").c_str(), 1);
  ::unsetenv(app::kPdbDirEnv);
}

PrivateHome::~PrivateHome() {
  std::error_code ec;
  fs::remove_all(root_, ec);
}

std::string private_cache_dir() {
  const fs::path dir = fs::path(env_or_throw("XDG_CACHE_HOME")) / "slidegif";
  fs::create_directories(dir);
  return dir.string();
}

std::string small_pdb_dir() {
  const fs::path dir = fs::path(env_or_throw("HOME")) / "small-pdb";
  provide_small_pdb(dir);
  return dir.string();
}

void install_small_pdb_in_cache() {
  provide_small_pdb(private_cache_dir());
}

}  // namespace slidegif::testing
