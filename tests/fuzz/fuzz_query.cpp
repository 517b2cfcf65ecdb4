// libFuzzer target: the CGI's query parsing (parse_query, then parse_job) on an arbitrary
// QUERY_STRING, and the puzzle resolution that follows it. Seeds: tests/fuzz/corpus/query.
//
// Checks: bad input fails with slidegif::Error only, and a query that parses gives a job the
// pipeline accepts as far as the parser can know: every rendering option within the limits
// (check_animation agrees for an animation with no moves), boards of one shape, and a cache
// key (job_key) for any bytes a title may hold.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/job/job.hpp"
#include "app/job/job_key.hpp"
#include "cgi/query.hpp"
#include "cgi/request.hpp"
#include "slidegif/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view query(reinterpret_cast<const char*>(data), size);
  slidegif::app::Job job;
  try {
    job = slidegif::cgi::parse_job(slidegif::cgi::parse_query(query));
  } catch (const slidegif::Error&) {
    return 0;
  }
  const slidegif::PuzzleSpec& p = job.puzzle;
  if (p.start && p.goal && p.start->shape() != p.goal->shape()) __builtin_trap();
  if (p.goal && p.random_goal) __builtin_trap();
  try {
    slidegif::detail::check_animation(job.animation, {2, 2}, 0, job.limits.render);
  } catch (const slidegif::Error&) {
    __builtin_trap();  // the parser let an option through that the limits refuse
  }
  try {
    slidegif::app::Services services;
    services.entropy = [] { return std::uint64_t{1}; };
    const slidegif::Puzzle puzzle = slidegif::app::resolve_job(job, services);
    if (puzzle.start.shape() != puzzle.goal.shape()) __builtin_trap();
    if (puzzle.start.cells() > job.limits.max_cells) __builtin_trap();
    // The cache key of whatever parsed: any exception from it escapes and is a finding.
    if (slidegif::app::job_key(job, puzzle).empty()) __builtin_trap();
  } catch (const slidegif::Error&) {
  }
  return 0;
}
