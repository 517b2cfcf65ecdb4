// Did-you-mean: close misspellings are matched, far ones are not.
#include "cli/suggest.hpp"

#include <gtest/gtest.h>

#include "run_binary.hpp"

namespace slidegif::cli {
namespace {

TEST(Suggest, CloseWordsAreFoundFarOnesAreNot) {
  const std::vector<std::string> commands = {"solve", "random", "check", "explore", "pdb"};
  EXPECT_EQ(closest("sovle", commands), "solve");  // two letters swapped
  EXPECT_EQ(closest("slove", commands), "solve");
  EXPECT_EQ(closest("randm", commands), "random");  // one missing
  EXPECT_EQ(closest("explroe", commands), "explore");
  EXPECT_EQ(closest("pbd", commands), "pdb");
  EXPECT_EQ(closest("bake", commands), std::nullopt);
  EXPECT_EQ(closest("x", commands), std::nullopt);
  EXPECT_EQ(closest("--gaol", {"--goal", "--json"}), "--goal");
  EXPECT_EQ(closest("--tweens", {"--tween", "--theme"}), "--tween");
  EXPECT_EQ(closest("--colour", {"--tween", "--theme"}), std::nullopt);
}

TEST(Suggest, TheProgramSuggestsCommandsAndOptions) {
  auto r = testing::run_slidegif({"sovle", "867254301"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("slidegif: unknown command 'sovle'; did you mean 'solve'?"),
            std::string::npos)
      << r.err;
  r = testing::run_slidegif({"solve", "123456780", "--gaol", "1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean '--goal'?"), std::string::npos) << r.err;
  r = testing::run_slidegif({"pdb", "stauts"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("did you mean 'status'?"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slidegif::cli
