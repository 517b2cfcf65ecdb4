#pragma once
// The small 4x4 set, built once into the build tree and shared by the tests that need it
// (every test runs in its own process; the file write is atomic, so racing builders are safe).

#include <string>

#include "app/pdb_store.hpp"

namespace slidegif::testing {

inline std::string small_pdb_dir() {
  return std::string(SLIDEGIF_BINARY_DIR) + "/pdb-test-cache";
}

inline app::LoadedPdb load_small_pdb() {
  auto pdb = app::load_best_pdb(Board::standard_goal({4, 4}), small_pdb_dir(), true);
  if (!pdb) throw std::runtime_error("cannot build the small pattern database");
  return std::move(*pdb);
}

}  // namespace slidegif::testing
