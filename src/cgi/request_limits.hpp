#pragma once
// The bounds on one request that the operator may change, by name: slidegif.fcgi's
// --limit NAME=VALUE and slidegif.cgi's SLIDEGIF_LIMITS="NAME=VALUE,...". Their defaults are
// limits.hpp's; SERVING.md's "Limits" table lists them (tests/cgi/request_limits_test.cpp
// keeps it true).
//
//   RequestLimits limits;
//   if (auto problem = set_limits(limits, "max-tile=120,search-seconds=1"); !problem.empty())
//     ... refuse to start, saying `problem`

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cgi/limits.hpp"

namespace slidegif::cgi {

struct RequestLimits {
  std::size_t max_query_bytes = kMaxQueryBytes;
  SolveOptions solve = kSolveSettings;
  RenderLimits render = kRenderLimits;
  unsigned cpu_seconds = kCpuSeconds;  // the process backstop (RLIMIT_CPU) behind the above
};

struct LimitInfo {
  std::string name;     // as set_limits takes it, e.g. "max-tile"
  std::string meaning;  // for --help and the man page
  std::string value;    // in `limits`, as a user writes it ("160", "0.5")
};

// Every limit an operator may set, with its value in `limits`.
std::vector<LimitInfo> describe_limits(const RequestLimits& limits);

// Sets the limits `spec` names ("NAME=VALUE", several split by commas; empty: none) and returns
// "", or leaves `limits` as it was and returns what is wrong: an unknown name, a value that is
// not a number, one outside what the programs can do (a tile over 256 pixels, say), or a search
// budget that the CPU backstop would cut short (search-seconds + 1 over cpu-seconds).
std::string set_limits(RequestLimits& limits, std::string_view spec);

}  // namespace slidegif::cgi
