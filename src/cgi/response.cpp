#include "cgi/response.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace slidegif::cgi {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

std::string_view Response::header(std::string_view name) const {
  for (const auto& [k, v] : headers) {
    if (iequals(k, name)) return v;
  }
  return {};
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 405:
      return "Method Not Allowed";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

Response body_response(int status, std::string_view content_type, std::string_view body,
                       std::string_view cache_control) {
  Response r;
  r.status = status;
  r.body.assign(body.begin(), body.end());
  r.headers = {{"Content-Type", std::string(content_type)},
               {"Content-Length", std::to_string(body.size())},
               {"Cache-Control", std::string(cache_control)}};
  return r;
}

Response text_response(int status, std::string_view message) {
  // One line: a control character from a quoted request must not break the text apart.
  std::string line;
  for (const char c : message) {
    const bool control = static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    line += control ? ' ' : c;
  }
  line += '\n';
  Response r = body_response(status, "text/plain; charset=utf-8", line, "no-store");
  // The message may quote the request; never let a browser sniff it as HTML.
  r.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return r;
}

std::string cgi_header_block(const Response& response) {
  std::string out =
      fmt::format("Status: {} {}\r\n", response.status, reason_phrase(response.status));
  for (const auto& [k, v] : response.headers) out += fmt::format("{}: {}\r\n", k, v);
  out += "\r\n";
  return out;
}

bool write_cgi(std::FILE* out, const Response& response, bool head) {
  const std::string header = cgi_header_block(response);
  bool ok = std::fwrite(header.data(), 1, header.size(), out) == header.size();
  if (!head && !response.body.empty()) {
    ok = std::fwrite(response.body.data(), 1, response.body.size(), out) == response.body.size() &&
         ok;
  }
  return std::fflush(out) == 0 && ok;
}

}  // namespace slidegif::cgi
