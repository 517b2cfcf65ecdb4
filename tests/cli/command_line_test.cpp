// The command line refuses what it cannot do before doing any work: a format it does not write,
// a seed that is no 64-bit number; and `pdb build` does not rebuild a set that checks out.
#include "cli/command_line.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "private_home.hpp"
#include "run_binary.hpp"

namespace slidegif::cli {
namespace {

using testing::run_slidegif;

TEST(CommandLine, AnOutputNameOfAnotherFormatIsRefusedBeforeAnyWork) {
  testing::TempDir dir;
  for (const char* name : {"x.webp", "x.png"}) {
    const auto r = run_slidegif({"solve", "867254301", "-o", dir.file(name)});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("the output formats are .gif"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(dir.entries().empty());
  const auto upper = run_slidegif({"solve", "12/30", "-o", dir.file("A.GIF")});
  EXPECT_EQ(upper.exit_code, 0) << upper.err;
  EXPECT_EQ(testing::read_file(dir.file("A.GIF")).substr(0, 6), "GIF89a");
}

TEST(CommandLine, SeedsAreWholeNumbersOf64Bits) {
  for (const char* seed : {"-5", "18446744073709551616", "1e3", "seven", ""}) {
    const auto r = run_slidegif({"random", "--seed", seed});
    EXPECT_EQ(r.exit_code, 2) << seed;
    EXPECT_TRUE(r.out.empty()) << seed << ": " << r.out;
    EXPECT_NE(r.err.find("--seed"), std::string::npos) << r.err;
  }
  const auto max = run_slidegif({"random", "--seed", "18446744073709551615", "--json"});
  EXPECT_EQ(max.exit_code, 0) << max.err;
  EXPECT_NE(max.out.find("\"seed\":18446744073709551615"), std::string::npos) << max.out;
}

TEST(CommandLine, PdbBuildLeavesASetThatChecksOutUnlessForced) {
  testing::install_small_pdb_in_cache();
  const std::string file = testing::private_cache_dir() + "/4x4-small.pdb";
  const auto before = std::filesystem::last_write_time(file);
  auto r = run_slidegif({"pdb", "build"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("up to date: " + file + " (5.8 MB; --force builds it again)"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(std::filesystem::last_write_time(file), before);
  r = run_slidegif({"pdb", "build", "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("built " + file), std::string::npos) << r.out;
  EXPECT_NE(std::filesystem::last_write_time(file), before);
}

}  // namespace
}  // namespace slidegif::cli
