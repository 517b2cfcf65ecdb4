#pragma once
// The small 4x4 set, in this test's private home (tests/support/private_home.hpp: copied from
// the set the ctest fixture built for this run, or built when the test runs alone).

#include <stdexcept>
#include <string>

#include "app/data/pdb_store.hpp"
#include "private_home.hpp"

namespace slidegif::testing {

inline app::LoadedPdb load_small_pdb() {
  auto pdb = app::load_best_pdb(Board::standard_goal({4, 4}), small_pdb_dir(), true);
  if (!pdb) throw std::runtime_error("cannot load the small pattern database");
  return std::move(*pdb);
}

}  // namespace slidegif::testing
