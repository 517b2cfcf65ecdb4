// The pieces of the pattern-database store on small synthetic files: the format round trip,
// header checks, trust stamps and file names.
#include "app/data/pdb_format.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/data/pdb_location.hpp"
#include "app/data/pdb_trust.hpp"
#include "app/files/file_header.hpp"
#include "app/files/mapped_file.hpp"
#include "solve/pattern/pattern_table.hpp"

namespace slidegif::app {
namespace {

namespace fs = std::filesystem;

class PdbPieces : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / fmt::format("slidegif-pdb-pieces-{}", ::getpid());
    fs::create_directories(dir);
    path = (dir / "t.pdb").string();
    for (const auto& p : partition) tables.push_back(detail::build_pattern_table(goal, p, {}));
  }
  void TearDown() override { fs::remove_all(dir); }
  std::vector<std::uint8_t> read_all() const {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  std::string problem(const std::vector<std::uint8_t>& bytes) const {
    PdbHeader h;
    return read_pdb_header(bytes, &h);
  }

  Board goal = Board::standard_goal({3, 3});
  detail::Partition partition{{1, 2, 3, 4}, {5, 6, 7}, {8}};
  std::vector<std::vector<std::uint8_t>> tables;
  fs::path dir;
  std::string path;
};

TEST_F(PdbPieces, WrittenFileReadsBack) {
  const PdbHeader written = write_pdb_file(path, goal, "test-set", partition, tables);
  const MappedFile file(path);
  PdbHeader h;
  ASSERT_EQ(read_pdb_header(file.bytes(), &h), "");
  EXPECT_EQ(std::memcmp(&h, &written, sizeof h), 0);
  EXPECT_EQ(h.file_bytes, file.bytes().size());
  EXPECT_EQ(pdb_payload_hash(file.bytes()), h.payload_hash);
  const PdbContents c = pdb_contents(h, file.bytes());
  EXPECT_EQ(c.goal, goal);
  EXPECT_EQ(c.set, "test-set");
  EXPECT_EQ(c.partition, partition);
  ASSERT_EQ(c.tables.size(), tables.size());
  for (std::size_t p = 0; p < tables.size(); ++p) {
    EXPECT_EQ(h.table_offset[p] % 4096, 0u);  // page-aligned, for the memory map
    EXPECT_TRUE(
        std::equal(c.tables[p].begin(), c.tables[p].end(), tables[p].begin(), tables[p].end()));
  }
}

TEST_F(PdbPieces, HeaderProblemsAreNamed) {
  write_pdb_file(path, goal, "a-set-name-longer-than-fifteen", partition, tables);
  auto bytes = read_all();
  PdbHeader h;
  ASSERT_EQ(read_pdb_header(bytes, &h), "");
  EXPECT_EQ(pdb_contents(h, bytes).set, "a-set-name-long");  // 15 characters and a NUL

  auto damaged = bytes;
  damaged[offsetof(PdbHeader, version)] = 2;
  EXPECT_EQ(problem(damaged), "format version 2 (this slidegif reads 1)");
  damaged = bytes;
  damaged[offsetof(PdbHeader, goal)] ^= 1;
  EXPECT_EQ(problem(damaged), "header checksum mismatch");
  damaged = bytes;
  damaged.push_back(0);
  EXPECT_EQ(problem(damaged),
            fmt::format("size {} bytes, header says {}", bytes.size() + 1, bytes.size()));
  EXPECT_EQ(problem({bytes.begin(), bytes.begin() + 4095}), "truncated");
  // A table byte is the payload's business, not the header's.
  damaged = bytes;
  damaged[kPdbHeaderBytes] ^= 1;
  EXPECT_EQ(problem(damaged), "");
  EXPECT_NE(pdb_payload_hash(damaged), h.payload_hash);
}

// Zero-aware tables are a bit an entry (pattern_table.hpp). A file of the earlier layout, 4
// bits an entry, is refused by name, with what to do about it.
TEST_F(PdbPieces, ZeroAwareFilesAreABitAnEntryAndTheOlderLayoutIsNamed) {
  std::vector<std::vector<std::uint8_t>> bits;
  for (const auto& p : partition)
    bits.push_back(detail::build_pattern_table(goal, p, {.zero_aware = true}));
  EXPECT_EQ(bits[0].size(), detail::bit_bytes(9 * 8 * 7 * 6 * 5));  // 3,024 placements, 5 free
  write_pdb_file(path, goal, "zero-aware", partition, bits);
  auto bytes = read_all();
  PdbHeader h;
  ASSERT_EQ(read_pdb_header(bytes, &h), "");
  EXPECT_EQ(h.entry_bits, 1);
  h.entry_bits = 4;
  h.header_hash = header_hash(h);
  std::memcpy(bytes.data(), &h, sizeof h);
  EXPECT_EQ(problem(bytes),
            "an older layout, 4 bits an entry (build it again: slidegif pdb build --set "
            "zero-aware --size 3x3)");
}

TEST_F(PdbPieces, TrustStampsFollowTheFile) {
  write_pdb_file(path, goal, "t", partition, tables);
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  const std::string stamp = trust_stamp(st, 0x1234);
  EXPECT_EQ(trust_stamp_path(path), path + ".ok");
  EXPECT_FALSE(trust_stamp_matches(path, stamp));  // none written yet
  // Changed within the kernel's clock tick: a write in the same tick could keep its ctime, so
  // it is not recorded yet.
  write_trust_stamp(path, st, stamp);
  EXPECT_FALSE(trust_stamp_matches(path, stamp));
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  write_trust_stamp(path, st, stamp);
  EXPECT_TRUE(trust_stamp_matches(path, stamp));
  EXPECT_FALSE(trust_stamp_matches(path, trust_stamp(st, 0x1235)));
  // Touching the file gives it a new mtime, so its stamp no longer matches.
  const timespec times[2] = {{0, UTIME_OMIT}, {st.st_mtim.tv_sec + 10, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
  struct stat touched {};
  ASSERT_EQ(::stat(path.c_str(), &touched), 0);
  EXPECT_FALSE(trust_stamp_matches(path, trust_stamp(touched, 0x1234)));
  // Where no stamp can be written, nothing is thrown: the next load just checks again.
  EXPECT_NO_THROW(write_trust_stamp((dir / "no-such-dir" / "x.pdb").string(), st, stamp));
}

TEST(PdbLocation, FileNamesNameShapeSetAndGoal) {
  EXPECT_EQ(pdb_file_name(Board::standard_goal({4, 4}), "small"), "4x4-small.pdb");
  EXPECT_EQ(pdb_file_name(Board::standard_goal({3, 3}), "large"), "3x3-large.pdb");
  const std::string a = pdb_file_name(parse_board("123456708"), "small");
  const std::string b = pdb_file_name(parse_board("123456078"), "small");
  EXPECT_EQ(a.size(), std::string("3x3-small-12345678.pdb").size());
  EXPECT_EQ(a.rfind("3x3-small-", 0), 0u);
  EXPECT_NE(a, b);
  EXPECT_EQ(a, pdb_file_name(parse_board("123456708"), "small"));  // stable
}

TEST(PdbLocation, BuildCommandsNameWhatTheFileNameDoes) {
  EXPECT_EQ(pdb_build_command(Board::standard_goal({4, 4})), "slidegif pdb build");
  EXPECT_EQ(pdb_build_command(Board::standard_goal({5, 5}), "zero-aware"),
            "slidegif pdb build --set zero-aware --size 5x5");
  EXPECT_EQ(pdb_build_command(parse_board("1,2,3,4/5,0,6,7/8,9,10,11"), "large"),
            "slidegif pdb build --set large --size 3x4 --goal 1,2,3,4/5,0,6,7/8,9,10,11");
}

}  // namespace
}  // namespace slidegif::app
