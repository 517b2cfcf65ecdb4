// The memory a build or search may count on: the machine's, capped by the control groups above
// this process (given here a hierarchy of the test's own) and by the process's own limits (see
// tests/cli/memory_limit_test.cpp, through the binary).
#include "app/machine/memory.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "run_binary.hpp"

namespace slidegif::app {
namespace {

void write_limit(const testing::TempDir& root, const std::string& group, const std::string& text) {
  std::filesystem::create_directories(root.path() + group);
  std::ofstream(root.path() + group + "/memory.max") << text;
}

TEST(Memory, TheLeastLimitOnTheWayToTheRootCounts) {
  testing::TempDir root;
  write_limit(root, "/user.slice", "8589934592\n");
  write_limit(root, "/user.slice/app.scope", "max\n");
  write_limit(root, "/user.slice/app.scope/job", "2147483648\n");
  EXPECT_EQ(cgroup_memory_limit("0::/user.slice/app.scope\n", root.path()), 8589934592U);
  EXPECT_EQ(cgroup_memory_limit("0::/user.slice/app.scope/job\n", root.path()), 2147483648U);
  // A tighter parent holds for the group below it.
  write_limit(root, "/user.slice", "1073741824\n");
  EXPECT_EQ(cgroup_memory_limit("0::/user.slice/app.scope/job\n", root.path()), 1073741824U);
}

TEST(Memory, NoLimitWithoutAGroupThatSetsOne) {
  testing::TempDir root;
  write_limit(root, "/a", "max\n");
  EXPECT_EQ(cgroup_memory_limit("0::/a\n", root.path()), std::nullopt);
  EXPECT_EQ(cgroup_memory_limit("0::/missing/group\n", root.path()), std::nullopt);
  EXPECT_EQ(cgroup_memory_limit("0::/\n", root.path()), std::nullopt);
  // Only cgroup v2 has the "0::" line; a v1 memory controller's line is not read as one.
  write_limit(root, "/b", "4096\n");
  EXPECT_EQ(cgroup_memory_limit("4:memory:/b\n", root.path()), std::nullopt);
  EXPECT_EQ(cgroup_memory_limit("10:cpu,cpuacct:/x\n0::/b\n", root.path()), 4096U);
  EXPECT_EQ(cgroup_memory_limit("", root.path()), std::nullopt);
}

TEST(Memory, AProcessMayUseAtMostTheMachinesMemory) {
  const auto physical = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                        static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  EXPECT_GT(process_memory_bytes(), 0U);
  EXPECT_LE(process_memory_bytes(), machine_memory_bytes());
  EXPECT_LE(machine_memory_bytes(), physical);
}

}  // namespace
}  // namespace slidegif::app
