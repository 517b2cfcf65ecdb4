#pragma once
// The endpoints' classic searches: `explain=ALGORITHM` (the search drawn as it runs, in the
// request's format and look, or format=json: its counts and what each frame says) and
// `compare=1` (every classic search and the server's own on the puzzle, as JSON). The puzzle is
// the request's as for a solution (start=, goal=, random=1, seed=, size=, moves=). The work is
// bounded: a search past kExplainNodes expansions or kExplainSeconds is refused with 400 naming
// the limit; each compared search stops at kCompareNodes or kCompareSeconds and says so in its
// row.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "app/job/job.hpp"
#include "cgi/query.hpp"
#include "cgi/response.hpp"
#include "solve/classic/classic.hpp"

namespace slidegif::cgi {

inline constexpr std::uint64_t kExplainNodes = 200'000;  // all of a 3x3 BFS (181,440 states)
inline constexpr double kExplainSeconds = 2.0;
inline constexpr std::size_t kExplainFrames = 100;  // frames= at most: 100 to 200 drawn
inline constexpr std::uint64_t kCompareNodes = 200'000;
inline constexpr double kCompareSeconds = 0.25;  // each: 13 searches in about 3 s at most
inline constexpr std::uint64_t kSearchBytes = 64ull << 20;

struct SearchQuery {
  enum class Kind { None, Explain, Compare } kind = Kind::None;
  detail::ClassicMethod method;  // explain's
  std::size_t frames = 60;
  bool json = false;    // format=json: taken out of the query the job is parsed from
  bool boards = false;  // boards=1: a JSON solution lists the boards along the way
};

// explain=, compare=, frames=, boards= and format=json (with neither explain= nor compare=: the
// solution as JSON). Throws Error(BadInput) for an unknown algorithm, frames out of 1 to
// kExplainFrames, both explain= and compare=, compare=1 with another format than json, boards=
// without format=json.
SearchQuery parse_search_query(const QueryParams& query);
// The query without its format= (for a JSON answer: the job keeps its default format).
QueryParams without_format(const QueryParams& query);
// What the answer depends on besides the job (for its ETag).
std::string search_key(const SearchQuery& search);

// The answer to a search query on `puzzle` (resolved from `job`), with the services' font.
// Throws Error(BadInput) for a search past its limits or a board over 16 cells.
Response search_response(const SearchQuery& search, const app::Job& job, const Puzzle& puzzle,
                         const app::Services& services);

}  // namespace slidegif::cgi
