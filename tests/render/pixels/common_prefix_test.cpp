// common_prefix and common_suffix against a byte-by-byte count, for every length to 40 and a
// difference at every place (and none), inside and across their eight-byte words.
#include "render/pixels/common_prefix.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace slidegif::detail {
namespace {

TEST(CommonPrefix, AgreesWithAByteByByteCount) {
  for (int n = 0; n <= 40; ++n) {
    for (int at = -1; at < n; ++at) {  // -1: the rows agree everywhere
      std::vector<std::uint8_t> a(static_cast<std::size_t>(n) + 8, 7), b = a;
      if (at >= 0) b[static_cast<std::size_t>(at)] = 9;
      b[static_cast<std::size_t>(n)] = 1;  // past the end: never looked at
      int prefix = 0, suffix = 0;
      while (prefix < n &&
             a[static_cast<std::size_t>(prefix)] == b[static_cast<std::size_t>(prefix)])
        ++prefix;
      while (suffix < n && a[static_cast<std::size_t>(n - 1 - suffix)] ==
                               b[static_cast<std::size_t>(n - 1 - suffix)]) {
        ++suffix;
      }
      EXPECT_EQ(common_prefix(a.data(), b.data(), n), prefix) << n << " " << at;
      EXPECT_EQ(common_suffix(a.data(), b.data(), n), suffix) << n << " " << at;
    }
  }
}

}  // namespace
}  // namespace slidegif::detail
