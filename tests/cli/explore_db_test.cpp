// `explore --db`: the database read back with the real sqlite3 client (not our library).
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "run_binary.hpp"

namespace slidegif {
namespace {

using testing::run_slidegif;
using testing::RunResult;
using testing::TempDir;

std::string sql(const std::string& db, const std::string& query) {
  const RunResult r = testing::run_binary({"/usr/bin/sqlite3", db, query});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(ExploreDb, ThreeByThreeHasEveryStateAndTheTables) {
  TempDir dir;
  const std::string db = dir.file("8puzzle.sqlite");
  const RunResult r = run_slidegif({"explore", "--size", "3", "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("writing " + db + ": 181,440 states, about 8 MB"), std::string::npos)
      << r.err;
  EXPECT_EQ(sql(db, "SELECT count(*), count(DISTINCT board) FROM states"), "181440|181440\n");
  EXPECT_EQ(sql(db, "SELECT sum(count), max(distance) FROM histogram"), "181440|31\n");
  EXPECT_EQ(sql(db, "SELECT count FROM histogram WHERE distance = 30"), "221\n");
  EXPECT_EQ(sql(db, "SELECT count(*) FROM states WHERE distance = 30"), "221\n");
  EXPECT_EQ(sql(db, "SELECT board FROM antipodes ORDER BY board"), "647850321\n867254301\n");
  EXPECT_EQ(sql(db,
                "SELECT value FROM meta WHERE key IN ('shape', 'goal', 'gods_number') "
                "ORDER BY key"),
            "123456780\n31\n3x3\n");
  EXPECT_EQ(sql(db,
                "SELECT distance, blank, optimal_moves, solutions FROM states "
                "WHERE board = '123456780'"),
            "0|8|0|1\n");
  EXPECT_EQ(sql(db, "SELECT distance, blank, optimal_moves FROM states WHERE board = '867254301'"),
            "31|7|3\n");
  // One optimal move from a state at distance 1, and the counts agree with the histogram.
  EXPECT_EQ(sql(db, "SELECT min(solutions), max(solutions) FROM states WHERE distance = 1"),
            "1|1\n");
  const std::string plan = sql(db, "EXPLAIN QUERY PLAN SELECT * FROM states WHERE distance = 20");
  EXPECT_NE(plan.find("USING INDEX states_by_distance"), std::string::npos) << plan;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"8puzzle.sqlite"}) << "no temporary left";
}

TEST(ExploreDb, TwoByTwoCountsItsTwoOptimalSolutions) {
  TempDir dir;
  const std::string db = dir.file("2x2.sqlite");
  const RunResult r = run_slidegif({"explore", "--size", "2x2", "--db", db});
  ASSERT_EQ(r.exit_code, 0);
  // 12 states: the announced size is not rounded down to "about 0 MB".
  EXPECT_NE(r.err.find(": 12 states, under 1 MB"), std::string::npos) << r.err;
  EXPECT_EQ(sql(db,
                "SELECT board, distance, optimal_moves, solutions FROM states "
                "WHERE distance = 6"),
            "0321|6|2|2\n");
  EXPECT_EQ(sql(db, "SELECT count(*) FROM states WHERE solutions = 1"), "11\n");
}

TEST(ExploreDb, AnUnwritablePathFailsBeforeTheSearchAndLeavesNothing) {
  TempDir dir;
  for (const std::string& db : {dir.file("missing/dir/x.sqlite"), std::string("/proc/x.sqlite")}) {
    const RunResult r = run_slidegif({"explore", "--size", "3", "--db", db});
    EXPECT_EQ(r.exit_code, 1) << db;
    EXPECT_TRUE(r.out.empty());
    EXPECT_NE(r.err.find("cannot write " + db), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_TRUE(dir.entries().empty());
}

TEST(ExploreDb, AnExistingDatabaseIsReplacedWhole) {
  TempDir dir;
  const std::string db = dir.file("d.sqlite");
  std::ofstream(db) << "not a database";
  ASSERT_EQ(run_slidegif({"explore", "--size", "2x3", "--db", db}).exit_code, 0);
  EXPECT_EQ(sql(db, "SELECT count(*) FROM states"), "360\n");
}

TEST(ExploreDb, ADeviceOrPipeIsRefusedNotReplaced) {
  // (a FIFO stands for /dev/full, which a rename as root would have replaced by a file)
  TempDir dir;
  const std::string fifo = dir.file("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const RunResult r = run_slidegif({"explore", "--size", "2x3", "--db", fifo});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("cannot write " + fifo + ": not a regular file"), std::string::npos)
      << r.err;
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"fifo"});
}

TEST(ExploreDb, ASymbolicLinkStaysALinkToTheNewDatabase) {
  TempDir dir;
  std::ofstream(dir.file("real.sqlite")) << "old";
  std::filesystem::create_symlink("real.sqlite", dir.file("link.sqlite"));
  ASSERT_EQ(run_slidegif({"explore", "--size", "2x3", "--db", dir.file("link.sqlite")}).exit_code,
            0);
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("link.sqlite")));
  EXPECT_EQ(sql(dir.file("real.sqlite"), "SELECT count(*) FROM states"), "360\n");
}

TEST(ExploreDb, InterruptedWhileWritingLeavesNothing) {
  TempDir dir;
  const std::string db = dir.file("8puzzle.sqlite");
  std::vector<std::string> args = {
      testing::slidegif_binary(), "explore", "--size", "3", "--db", db};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  ASSERT_EQ(::posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ), 0);
  // Wait for the temporary database to fill (the search takes a moment first; the empty
  // probe of writability, named alike, does not count), then stop the program the way Ctrl-C
  // does.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  bool writing = false;
  while (!writing && std::chrono::steady_clock::now() < deadline) {
    for (const std::string& name : dir.entries()) {
      std::error_code ec;
      writing = writing || (name.find(".tmp-") != std::string::npos &&
                            std::filesystem::file_size(dir.file(name), ec) > 0 && !ec);
    }
    if (!writing) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  ::kill(pid, SIGINT);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(writing) << "the database was never being written";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status;
  EXPECT_TRUE(dir.entries().empty()) << "a partial database was left";
}

}  // namespace
}  // namespace slidegif
