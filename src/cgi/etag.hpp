#pragma once
// Strong entity tags for deterministic answers, and the If-None-Match test (RFC 9110 13.1.2).

#include <string>
#include <string_view>

namespace slidegif::cgi {

// "\"sg-<32 hex digits>\"": XXH3-128 of the request's canonical text (app::job_key, which names
// the program version). A hash rather than the text itself keeps the header short and opaque.
std::string make_etag(std::string_view canonical);

// True when the If-None-Match field value lists `etag` or is "*". Uses the weak comparison
// the RFC prescribes for this field, so a "W/" prefix added by a proxy still matches.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace slidegif::cgi
