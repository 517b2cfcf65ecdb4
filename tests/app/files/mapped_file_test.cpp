// A read-only map of a whole file: its bytes, empty files, missing files, moves, and a searched
// file's map on a 2 MB boundary.
#include "app/files/mapped_file.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "run_binary.hpp"

namespace slidegif::app {
namespace {

using testing::TempDir;

std::string text_of(const MappedFile& f) {
  return {f.bytes().begin(), f.bytes().end()};
}

std::string write(const TempDir& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir.file(name), std::ios::binary) << text;
  return dir.file(name);
}

TEST(MappedFile, SeesTheFilesBytes) {
  TempDir dir;
  std::string big(3 * 4096 + 5, 'a');
  big.back() = 'z';
  const MappedFile f(write(dir, "big", big));
  EXPECT_EQ(text_of(f), big);
}

// The flags the kernel lists for the mapping that starts at `at` (/proc/self/smaps' VmFlags).
std::string vm_flags_at(const void* at) {
  std::ifstream smaps("/proc/self/smaps");
  char start[32];
  std::snprintf(start, sizeof start, "%lx-",
                static_cast<unsigned long>(reinterpret_cast<std::uintptr_t>(at)));
  bool found = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.rfind(start, 0) == 0) found = true;
    if (found && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return {};
}

// A pattern database's map: at a 2 MB boundary (so 2 MB folios of the page cache can be mapped
// whole), every byte the file's, the last partial page too; a file under 2 MB maps as any.
TEST(MappedFile, SearchedFileMapsOnAHugePageBoundary) {
  TempDir dir;
  std::string big((5 << 20) + 123, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7 + i / 4096);
  const std::string path = write(dir, "big", big);
  for (int round = 0; round < 3; ++round) {  // unmapped each time: no slack left to collide
    const MappedFile f(path, MappedFile::Reads::Searched);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(f.bytes().data()) % (2 << 20), 0u);
    EXPECT_EQ(text_of(f), big);
    // Asked for huge pages ("hg"): on ext4 a plain map of 2 MB or more is aligned already, so
    // the alignment alone does not show that the searched map was made.
    if (std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"))
      EXPECT_NE(vm_flags_at(f.bytes().data()).find(" hg"), std::string::npos)
          << vm_flags_at(f.bytes().data());
  }
  // A map for few reads is not asked for huge pages.
  if (std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled")) {
    const MappedFile few(path);
    EXPECT_EQ(vm_flags_at(few.bytes().data()).find(" hg"), std::string::npos);
  }
  EXPECT_EQ(text_of(MappedFile(write(dir, "small", "tiny"), MappedFile::Reads::Searched)), "tiny");
  EXPECT_TRUE(MappedFile(write(dir, "empty", ""), MappedFile::Reads::Searched).bytes().empty());
}

TEST(MappedFile, EmptyFileAndDefaultAreEmpty) {
  TempDir dir;
  EXPECT_TRUE(MappedFile(write(dir, "empty", "")).bytes().empty());
  EXPECT_TRUE(MappedFile().bytes().empty());
}

TEST(MappedFile, MissingFileNamesThePath) {
  TempDir dir;
  try {
    MappedFile f(dir.file("nope"));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(dir.file("nope")), std::string::npos) << e.what();
  }
}

TEST(MappedFile, MovesHandTheMapOver) {
  TempDir dir;
  MappedFile a(write(dir, "a", "first"));
  MappedFile b(std::move(a));
  EXPECT_TRUE(a.bytes().empty());  // NOLINT(bugprone-use-after-move): the moved-from state
  EXPECT_EQ(text_of(b), "first");
  MappedFile c(write(dir, "c", "second"));
  c = std::move(b);  // unmaps "second"
  EXPECT_EQ(text_of(c), "first");
  c = MappedFile();
  EXPECT_TRUE(c.bytes().empty());
}

}  // namespace
}  // namespace slidegif::app
