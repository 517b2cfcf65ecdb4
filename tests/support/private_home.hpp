#pragma once
// Every test process runs in a home of its own: tests never read or write the user's home,
// cache or config, and never see what an earlier run left there.
//
// tests/support/test_main.cpp makes one before the first test and removes it after the last;
// ctest runs each test in a process of its own, so each test starts from an empty home.

#include <string>

namespace slidegif::testing {

// Creates an empty directory under the system temp dir and points HOME, XDG_CACHE_HOME,
// XDG_CONFIG_HOME and XDG_DATA_HOME into it; SLIDEGIF_PDB_DIR is unset, so the default
// pattern-database directory is this home's cache. The destructor removes it all.
class PrivateHome {
 public:
  PrivateHome();
  ~PrivateHome();
  PrivateHome(const PrivateHome&) = delete;
  PrivateHome& operator=(const PrivateHome&) = delete;

 private:
  std::string root_;
};

// The directory the program uses by default for its data files in this test
// ($XDG_CACHE_HOME/slidegif), created if missing.
std::string private_cache_dir();

// A directory holding the small 4x4 pattern-database set (6-6-3), ready to use, outside any
// timed part of a test: copied from the set the ctest fixture built for this run
// ($SLIDEGIF_TEST_FIXTURES, see tests/CMakeLists.txt), or built here when the test runs alone.
// Each call returns the same directory of this process.
std::string small_pdb_dir();

// Puts the small 4x4 set into private_cache_dir(), where the program finds it by default,
// so a test of the binary measures its work and not a first-use build.
void install_small_pdb_in_cache();

}  // namespace slidegif::testing
