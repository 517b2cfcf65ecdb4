#include "cgi/response.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace slidegif::cgi {
bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

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
    case 204:
      return "No Content";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 503:
      return "Service Unavailable";
    default:
      return "Unknown";
  }
}

Response json_response(std::string_view text) {
  Response r;
  r.status = 200;
  r.body.assign(text.begin(), text.end());
  r.headers = {{"Content-Type", "application/json"},
               {"Content-Length", std::to_string(text.size())}};
  return r;
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

namespace {

// The length of the well-formed UTF-8 sequence at the start of `text` (RFC 3629: no overlong
// forms, no surrogates, nothing past U+10FFFF), 0 when there is none.
std::size_t utf8_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char b = byte(0);
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xBF;  // the second byte's range
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF)
    n = 2;
  else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    if (b == 0xE0) low = 0xA0;
    if (b == 0xED) high = 0x9F;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    if (b == 0xF0) low = 0x90;
    if (b == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (text.size() < n || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < n; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return n;
}

}  // namespace

Response text_response(int status, std::string_view message) {
  // One line of UTF-8, as the Content-Type says, whatever the message quotes from a request: a
  // control character would break the text apart, a byte that is not UTF-8 shows as U+FFFD.
  std::string line;
  while (!message.empty()) {
    const std::size_t n = utf8_length(message);
    const unsigned char c = static_cast<unsigned char>(message[0]);
    if (n == 0) {
      line += "\xEF\xBF\xBD";
    } else if (c < 0x20 || c == 0x7f) {
      line += ' ';
    } else {
      line.append(message.substr(0, n));
    }
    message.remove_prefix(n == 0 ? 1 : n);
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
