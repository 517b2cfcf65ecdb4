#pragma once
// A read-only memory map of a whole file. Pages come from the page cache on first touch, so a
// process that maps a 290 MB pattern database pays only for the entries it reads.

#include <cstdint>
#include <span>
#include <string>

namespace slidegif::app {

class MappedFile {
 public:
  // How the file will be read: a few scattered entries (a table's descent), or entries all
  // over it again and again (a search's pattern database). A searched file is mapped on a 2 MB
  // boundary and asked for huge pages: where the file system keeps it in 2 MB folios, a lookup
  // then needs one TLB entry per 2 MB rather than per 4 KB, and a miss reads 2 MB.
  enum class Reads { Few, Searched };

  MappedFile() = default;
  // Throws std::runtime_error naming the path and the system error.
  explicit MappedFile(const std::string& path, Reads reads = Reads::Few);
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::span<const std::uint8_t> bytes() const { return {data_, size_}; }

 private:
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace slidegif::app
