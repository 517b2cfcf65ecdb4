#pragma once
// The published 3x3 distance counts of tests/data/8puzzle_distances.txt (OEIS A089473 and
// A089474), for checking a search against figures it did not produce.

#include <cstdint>
#include <string>
#include <vector>

namespace slidegif::testing {

// How many 3x3 states lie at each distance from `goal` (as "123456780"); empty if the table
// has no row for that goal.
std::vector<std::uint64_t> published_8puzzle_counts(const std::string& goal);

}  // namespace slidegif::testing
