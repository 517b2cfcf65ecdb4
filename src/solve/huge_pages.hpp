#pragma once
// A large table read at random (the full search's store, a pattern database) misses the TLB
// on almost every lookup with 4 KB pages; on 2 MB pages its translations mostly stay cached.
// Linux gives a range huge pages when asked before the range is first touched, so the vector
// is reserved, advised, then filled.

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace slidegif::detail {

template <class T>
void fill_on_huge_pages(std::vector<T>& table, std::size_t size, T value) {
  table.clear();
  table.reserve(size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(table.data());
  const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t last = (begin + size * sizeof(T)) & ~(kHuge - 1);
  // Only advice: where the kernel has no huge pages the table works as before.
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
  table.assign(size, value);
}

}  // namespace slidegif::detail
