#pragma once
// The three 3x3 distance tables (distances mod 3, 45 KB each) built into the command line at
// build time (src/generate/make_tables.cpp, cmake/EmbedFile.cmake): one for each class of
// the goal's blank cell. A 3x3 solve or batch uses them instead of building the table it needs
// (about 7 ms each, more than the rest of a 10,000-line batch on two cores).

#include <cstdint>
#include <span>
#include <vector>

namespace slidegif::embedded {

std::span<const std::uint8_t> table_3x3_corner();
std::span<const std::uint8_t> table_3x3_edge();
std::span<const std::uint8_t> table_3x3_centre();

}  // namespace slidegif::embedded

namespace slidegif::cli {

inline std::vector<std::span<const std::uint8_t>> built_in_tables() {
  return {embedded::table_3x3_corner(), embedded::table_3x3_edge(), embedded::table_3x3_centre()};
}

}  // namespace slidegif::cli
