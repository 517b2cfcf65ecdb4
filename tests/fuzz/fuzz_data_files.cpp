// libFuzzer target: the readers of the data files a server or a user points slidegif at, which
// a stranger may have replaced: a distance table's bytes (view_table_bytes: header, sizes,
// checksums, lists) and a pattern-database file (load_pdb_file: header, partition, tables,
// hashes), the input written to one file in a private directory and loaded from there. Seeds:
// tests/fuzz/corpus/data_files (a whole 2x3 table, a 4x4 database's header).
//
// Checks: bad input fails with slidegif::Error or a refusal (nullopt) only; a table accepted
// answers a distance for its goal.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "app/data/pdb_file.hpp"
#include "app/data/table_file.hpp"
#include "slidegif/error.hpp"

namespace {

const std::string& scratch_file() {
  static const std::string path = [] {
    char dir[] = "/tmp/slidegif-fuzz-data.XXXXXX";
    if (::mkdtemp(dir) == nullptr) std::abort();
    return std::string(dir) + "/4x4-small.pdb";
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  try {
    const auto table = slidegif::app::view_table_bytes(bytes, "fuzz");
    if (!table) __builtin_trap();
  } catch (const slidegif::Error&) {
  }
  FILE* f = std::fopen(scratch_file().c_str(), "wb");
  if (f == nullptr) std::abort();
  if (size > 0 && std::fwrite(data, 1, size, f) != size) std::abort();
  std::fclose(f);
  try {
    std::string why;
    (void)slidegif::app::load_pdb_file(scratch_file(), slidegif::app::PdbVerify::Full, &why);
  } catch (const slidegif::Error&) {
  }
  return 0;
}
