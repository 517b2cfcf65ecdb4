#pragma once
// An HTTP answer as data, and its CGI encoding (RFC 3875 section 6): header lines, a blank
// line, then the body, which HEAD leaves out while keeping every header.

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace slidegif::cgi {

struct Response {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;  // in output order
  std::vector<std::uint8_t> body;

  // The value of the first header with this name (case-insensitive), or "" if none.
  std::string_view header(std::string_view name) const;
  std::string body_text() const { return {body.begin(), body.end()}; }
};

// "OK", "Not Modified", ... for the statuses the handler uses.
std::string_view reason_phrase(int status);

// ASCII letters compared without case: header names, media types.
bool iequals(std::string_view a, std::string_view b);

// An answer of `body` as `content_type`, with its Content-Length and Cache-Control.
Response body_response(int status, std::string_view content_type, std::string_view body,
                       std::string_view cache_control);

// A 200 application/json answer of `text` (one JSON document and a newline), without
// Cache-Control: the handler says how long it keeps, as for an image.
Response json_response(std::string_view text);

// A short text/plain answer: an error message, one line plus a newline.
Response text_response(int status, std::string_view message);

// The header lines a CGI program writes before the body, and the blank line after them.
// "Status" goes first; Content-Length is written as given (the handler sets it to the full body
// size also for HEAD).
std::string cgi_header_block(const Response& response);
// The whole answer to `out` (the body left out for HEAD) in one buffered write, flushed: the
// server reads it as one response. False when writing failed.
bool write_cgi(std::FILE* out, const Response& response, bool head);

}  // namespace slidegif::cgi
