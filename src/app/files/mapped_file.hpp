#pragma once
// A read-only memory map of a whole file. Pages come from the page cache on first touch, so a
// process that maps a 290 MB pattern database pays only for the entries it reads.

#include <cstdint>
#include <span>
#include <string>

namespace slidegif::app {

class MappedFile {
 public:
  MappedFile() = default;
  // Throws std::runtime_error naming the path and the system error.
  explicit MappedFile(const std::string& path);
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
