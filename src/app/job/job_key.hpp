#pragma once
// The cache key of a job's GIF (the CGI's ETag is its hash): the normalised job, every field
// of it walked through job_fields.hpp's lists, with the program version. Requests that must
// give the same bytes share a key: boards written in another notation, a seed on a puzzle that
// draws nothing, a seeded draw and the boards it gave, parameters the job does not hold
// (cache-busters). Any field that differs gives another key, including one added later.

#include <string>

#include "app/job/job.hpp"

namespace slidegif::app {

// The job with its puzzle as resolved: the boards themselves, nothing left to draw.
Job normalise(const Job& job, const Puzzle& puzzle);

// One line of canonical JSON: {"job":{...every field...},"program":"slidegif 0.5.0"}.
std::string job_key(const Job& job, const Puzzle& puzzle);

}  // namespace slidegif::app
