#include "app/files/mapped_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace slidegif::app {

namespace {

constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;

// The file mapped at a 2 MB boundary (its offset 0 too), so that the kernel can map each 2 MB
// folio of the page cache with one page-table entry; MAP_FAILED as mmap.
void* map_on_huge_boundary(int fd, std::size_t size) {
  // Reserve room for any alignment, map the file over the aligned part, free the rest.
  void* area = ::mmap(nullptr, size + kHugePage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED) return area;
  const auto begin = reinterpret_cast<std::uintptr_t>(area);
  const std::uintptr_t aligned = (begin + kHugePage - 1) & ~(kHugePage - 1);
  void* p =
      ::mmap(reinterpret_cast<void*>(aligned), size, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0);
  if (p == MAP_FAILED) {
    const int err = errno;  // the caller reports mmap's error, not munmap's
    ::munmap(area, size + kHugePage);
    errno = err;
    return p;
  }
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const std::uintptr_t mapped_end = aligned + ((size + page - 1) & ~(page - 1));
  const std::uintptr_t area_end = begin + size + kHugePage;
  if (aligned > begin) ::munmap(area, aligned - begin);
  if (area_end > mapped_end) ::munmap(reinterpret_cast<void*>(mapped_end), area_end - mapped_end);
  // Only advice: without huge pages for files the mapping works as before.
  ::madvise(p, size, MADV_HUGEPAGE);
  return p;
}

}  // namespace

MappedFile::MappedFile(const std::string& path, Reads reads) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::runtime_error(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    throw std::runtime_error(fmt::format("cannot stat {}: {}", path, std::strerror(err)));
  }
  size_ = static_cast<std::size_t>(st.st_size);
  if (size_ > 0) {
    void* p = reads == Reads::Searched && size_ >= kHugePage
                  ? map_on_huge_boundary(fd, size_)
                  : ::mmap(nullptr, size_, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) {
      const int err = errno;
      ::close(fd);
      throw std::runtime_error(fmt::format("cannot map {}: {}", path, std::strerror(err)));
    }
    // Search reads scattered entries: read-ahead would only pull in pages nobody asked for.
    ::madvise(p, size_, MADV_RANDOM);
    data_ = static_cast<const std::uint8_t*>(p);
  }
  ::close(fd);  // the mapping keeps the file alive
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

}  // namespace slidegif::app
