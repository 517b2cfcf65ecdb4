// A build or search larger than the memory this process may use (here `ulimit -d`) is refused
// before it allocates, with its cost and the limit in the message, and writes nothing; a job
// within the limit still runs.
#include <gtest/gtest.h>

#include "run_binary.hpp"

namespace slidegif::cli {
namespace {

using testing::RunResult;

// slidegif run by sh under `ulimit -d kilobytes`.
RunResult run_limited(const std::string& kilobytes, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"/bin/sh", "-c", "ulimit -d " + kilobytes + " && exec \"$@\"",
                                   "sh", testing::slidegif_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return testing::run_binary(argv);
}

TEST(MemoryLimit, APatternDatabaseBuildTooLargeIsRefused) {
  testing::TempDir dir;
  const RunResult r = run_limited(
      "1048576", {"pdb", "build", "--size", "4x4", "--set", "large", "--dir", dir.path()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("the large set for 4x4 needs 288.3 MB on disk"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("this process may use 1.1 GB"), std::string::npos) << r.err;
  EXPECT_TRUE(dir.entries().empty());
  // Within the limit the same command builds a smaller set.
  const RunResult small = run_limited(
      "1048576", {"pdb", "build", "--size", "3x4", "--set", "small", "--dir", dir.path()});
  EXPECT_EQ(small.exit_code, 0) << small.err;
  EXPECT_NE(small.out.find("3x4-small.pdb"), std::string::npos) << small.out;
}

TEST(MemoryLimit, AnExplorationTooLargeIsRefused) {
  const RunResult r = run_limited("2097152", {"explore", "--size", "2x7", "--large"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("10.9 GB"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("this process may use 2.1 GB"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slidegif::cli
