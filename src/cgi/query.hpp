#pragma once
// QUERY_STRING decoding (application/x-www-form-urlencoded, as browsers send form fields).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cgi/limits.hpp"

namespace slidegif::cgi {

// Pairs in the order given; a name may repeat (the caller decides what that means) and a
// field without '=' has an empty value.
using QueryParams = std::vector<std::pair<std::string, std::string>>;

// '+' is a space and %XX a byte. Throws Error(BadInput) on a truncated or non-hex escape.
std::string url_decode(std::string_view text);
// Splits on '&' (and ';', which older forms use) and decodes names and values.
// Throws Error(BadInput) when the string is longer than `max_bytes` (the server's
// RequestLimits::max_query_bytes) or badly escaped.
QueryParams parse_query(std::string_view query, std::size_t max_bytes = kMaxQueryBytes);

}  // namespace slidegif::cgi
