// A read-only map of a whole file: its bytes, empty files, missing files, moves.
#include "app/files/mapped_file.hpp"

#include <gtest/gtest.h>

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
