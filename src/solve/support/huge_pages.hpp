#pragma once
// A large table read at random (the full search's store, a pattern database) misses the TLB
// on almost every lookup with 4 KB pages; on 2 MB pages its translations mostly stay cached.
// Linux gives a range huge pages when asked before the range is first touched, so the vector
// is reserved, advised, then filled.
//
// A page's first touch costs more than its fill: the kernel backs it then, and under a
// hypervisor so does the host (a fresh 10.9 GB 2x7 store took 43 s to fill on one thread).
// With threads > 1 the range is backed by that many threads at once before the fill.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solve/support/parallel_blocks.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace slidegif::detail {

template <class T>
void fill_on_huge_pages(std::vector<T>& table, std::size_t size, T value, int threads = 1) {
  table.clear();
  table.reserve(size);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(table.data());
  const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t last = (begin + size * sizeof(T)) & ~(kHuge - 1);
  // Only advice: where the kernel has no huge pages the table works as before.
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#if defined(MADV_POPULATE_WRITE)
  // Only advice too: before Linux 5.14 it fails, and the fill backs the pages.
  const auto pages = static_cast<std::uintptr_t>(last > first ? (last - first) / kHuge : 0);
  const auto parts = static_cast<std::uintptr_t>(std::max(1, threads));
  if (parts > 1 && pages >= parts) {
    sum_over_blocks(parts, threads, [&](int, std::uint64_t part) {
      const std::uintptr_t from = first + pages * part / parts * kHuge;
      const std::uintptr_t to = first + pages * (part + 1) / parts * kHuge;
      ::madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);
      return std::uint64_t{0};
    });
  }
#endif
#endif
  table.assign(size, value);
}

}  // namespace slidegif::detail
