// Pattern database files: header and checksum rejection, directory resolution.

#include "app/data/pdb_store.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "pdb_fixture.hpp"
#include "run_binary.hpp"

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;

class PdbFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    source = testing::load_small_pdb().path;
    dir = fs::temp_directory_path() / fmt::format("slidegif-pdb-{}", ::getpid());
    fs::create_directories(dir);
    copy = (dir / fs::path(source).filename()).string();
    fs::copy_file(source, copy, fs::copy_options::overwrite_existing);
  }
  // A file changed within the kernel's clock tick is not stamped (pdb_trust.hpp): a test that
  // wants the stamp written waits that out first.
  static void wait_past_racy_window() {
    std::this_thread::sleep_for(std::chrono::milliseconds(60));
  }
  void TearDown() override { fs::remove_all(dir); }
  void poke(std::uint64_t offset) {
    std::fstream f(copy, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(offset));
    char c = 0;
    f.read(&c, 1);
    c = static_cast<char>(c ^ 0x5A);
    f.seekp(static_cast<std::streamoff>(offset));
    f.write(&c, 1);
  }
  std::string why(PdbVerify v) {
    std::string reason;
    EXPECT_FALSE(load_pdb_file(copy, v, &reason).has_value());
    return reason;
  }
  std::string source, copy;
  fs::path dir;
};

TEST_F(PdbFiles, IntactCopyLoadsAndIsRecorded) {
  wait_past_racy_window();
  auto pdb = load_pdb_file(copy, PdbVerify::Once);
  ASSERT_TRUE(pdb);
  EXPECT_EQ(pdb->set, "small");
  EXPECT_EQ(pdb->heuristic->partition().size(), 3u);
  EXPECT_TRUE(fs::exists(copy + ".ok"));
  EXPECT_TRUE(load_pdb_file(copy, PdbVerify::Once));
}

TEST_F(PdbFiles, DamagedTableIsRejectedEvenAfterARecord) {
  ASSERT_TRUE(load_pdb_file(copy, PdbVerify::Once));  // writes the .ok record
  poke(fs::file_size(copy) / 2);                      // new mtime: the record no longer matches
  EXPECT_EQ(why(PdbVerify::Once), "checksum mismatch");
  EXPECT_EQ(why(PdbVerify::Full), "checksum mismatch");
}

TEST_F(PdbFiles, FreshlyChangedFileIsCheckedButNotRecorded) {
  // Changed a moment ago (its times set to now, which sets its ctime): a write in the same clock
  // tick would leave the ctime as recorded. The load takes a few milliseconds of the 50.
  const struct timespec now[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
  ASSERT_EQ(::utimensat(AT_FDCWD, copy.c_str(), now, 0), 0);
  ASSERT_TRUE(load_pdb_file(copy, PdbVerify::Once));
  EXPECT_FALSE(fs::exists(copy + ".ok"));
}

// The probe's case: bytes changed in place after a trusted load, with the size, inode and
// mtime put back. The change time, which only the kernel sets, gives the write away.
TEST_F(PdbFiles, InPlaceWriteWithMtimeRestoredIsNotTrusted) {
  wait_past_racy_window();
  ASSERT_TRUE(load_pdb_file(copy, PdbVerify::Once));
  ASSERT_TRUE(fs::exists(copy + ".ok"));
  struct stat before {};
  ASSERT_EQ(::stat(copy.c_str(), &before), 0);
  for (std::uint64_t at = 4096; at < fs::file_size(copy); at += 65536) poke(at);
  const struct timespec times[2] = {before.st_atim, before.st_mtim};
  ASSERT_EQ(::utimensat(AT_FDCWD, copy.c_str(), times, 0), 0);
  struct stat after {};
  ASSERT_EQ(::stat(copy.c_str(), &after), 0);
  ASSERT_EQ(after.st_ino, before.st_ino);
  ASSERT_EQ(after.st_size, before.st_size);
  ASSERT_EQ(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
  ASSERT_EQ(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
  EXPECT_EQ(why(PdbVerify::Once), "checksum mismatch");
}

TEST_F(PdbFiles, DamagedHeaderTruncationAndForeignFilesAreRejected) {
  poke(20);  // the board size
  EXPECT_EQ(why(PdbVerify::Once), "header checksum mismatch");
  fs::copy_file(source, copy, fs::copy_options::overwrite_existing);
  fs::resize_file(copy, fs::file_size(copy) - 4096);
  EXPECT_NE(why(PdbVerify::Once).find("size"), std::string::npos);
  poke(0);
  EXPECT_EQ(why(PdbVerify::Once), "not a slidegif pattern database");
  fs::remove(copy);
  EXPECT_EQ(why(PdbVerify::Once), "missing");
}

TEST_F(PdbFiles, BestPdbIgnoresDamageWithoutBuilding) {
  poke(fs::file_size(copy) - 100);
  std::vector<std::string> notes;
  auto pdb = load_best_pdb(Board::standard_goal({4, 4}), dir.string(), false,
                           [&](const std::string& n) { notes.push_back(n); });
  EXPECT_FALSE(pdb);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("checksum mismatch"), std::string::npos);
  // Goals with the blank in a corner are served by the standard-goal files.
  EXPECT_EQ(pdb_base_goal(parse_board("0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15")),
            Board::standard_goal({4, 4}));
  EXPECT_FALSE(load_best_pdb(Board::standard_goal({3, 3}), dir.string(), true));
}

// Sets an environment variable for one test and puts back what was there (the private home
// test_main made) when it ends.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(PdbDir, Precedence) {
  // Paths under a temporary directory: the resolution is of names only, nothing is created.
  const testing::TempDir dir;
  ScopedEnv env("SLIDEGIF_PDB_DIR", dir.file("env"));
  ScopedEnv xdg("XDG_CACHE_HOME", dir.file("xdg"));
  ScopedEnv home("HOME", dir.file("home"));
  EXPECT_EQ(default_pdb_dir(dir.file("flag")), dir.file("flag"));
  EXPECT_EQ(default_pdb_dir(), dir.file("env"));
  ::unsetenv("SLIDEGIF_PDB_DIR");
  EXPECT_EQ(default_pdb_dir(), (fs::path(dir.file("xdg")) / "slidegif").string());
  ::unsetenv("XDG_CACHE_HOME");  // then the XDG default under the (temporary) home
  EXPECT_EQ(default_pdb_dir(), (fs::path(dir.file("home")) / ".cache" / "slidegif").string());
  EXPECT_TRUE(dir.entries().empty());
}

}  // namespace
}  // namespace slidegif::app
