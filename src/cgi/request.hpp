#pragma once
// From query parameters to the job they describe: syntax, ranges and consistency of every
// known parameter (unknown ones are ignored, so cache-busting parameters work). Drawing the
// boards, solving and drawing the GIF are the job pipeline's (app/job.hpp), as for the CLI.

#include <optional>
#include <string>

#include "app/job/job.hpp"
#include "cgi/query.hpp"
#include "cgi/request_limits.hpp"

namespace slidegif::cgi {

// The CGI's job before any parameter: a 3x3 random puzzle, the server's search settings and
// limits (by default limits.hpp's) and its own rendering defaults. The font is never the
// request's: the server chooses it.
app::Job default_job(const RequestLimits& limits = {});

// The picture a query names (picture=NAME), if any. Throws Error(BadInput) for a name that is
// not 1 to 64 letters, digits, '-' or '_' (nothing in a request may be a path).
std::optional<std::string> picture_name(const QueryParams& query);
// Whether the query is a health check (health=1): answered without solving or drawing.
bool wants_health(const QueryParams& query);
// Whether the query asks for the list of pictures (pictures=1) instead of a GIF.
bool wants_picture_list(const QueryParams& query);

// Throws Error(BadInput), with a message fit for the HTTP client, on a malformed or
// out-of-range value, a known parameter given twice, or contradictory parameters (start with
// random=1, a start that is not `size`). `limits`: the server's (its search budget, its render
// limits), which a request changes only in what it may ask for (metric=).
app::Job parse_job(const QueryParams& query, const RequestLimits& limits = {});
// Whether the query names its format (format=); without, the handler negotiates it.
bool names_format(const QueryParams& query);

}  // namespace slidegif::cgi
