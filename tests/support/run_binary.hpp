#pragma once
// Runs a program the way a user would (argv, stdin, environment) and captures what it printed.

#include <map>
#include <string>
#include <vector>

namespace slidegif::testing {

struct RunResult {
  int exit_code = -1;  // 128 + signal number if it died of a signal
  std::string out;
  std::string err;
};

// argv[0] is the program path. `env` entries are added to (or override) the test's environment.
RunResult run_binary(const std::vector<std::string>& argv, const std::string& stdin_data = {},
                     const std::map<std::string, std::string>& env = {});

// slidegif of the build tree the tests belong to, or of the one -DSLIDEGIF_PROGRAMS names
// (tests/CMakeLists.txt).
std::string slidegif_binary();

// run_binary of slidegif_binary() with these arguments.
RunResult run_slidegif(std::vector<std::string> args, const std::string& stdin_data = {});

// A fresh empty directory under the system temp dir, removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  // Names of the entries in the directory (to prove nothing was left behind).
  std::vector<std::string> entries() const;

 private:
  std::string path_;
};

std::string read_file(const std::string& path);

}  // namespace slidegif::testing
