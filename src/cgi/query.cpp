#include "cgi/query.hpp"

#include <fmt/format.h>

#include "cgi/limits.hpp"
#include "slidegif/error.hpp"

namespace slidegif::cgi {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string url_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      const int hi = i + 1 < text.size() ? hex_value(text[i + 1]) : -1;
      const int lo = i + 2 < text.size() ? hex_value(text[i + 2]) : -1;
      if (hi < 0 || lo < 0) {
        throw Error(Error::Kind::BadInput, "bad percent-escape in the query string");
      }
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

QueryParams parse_query(std::string_view query, std::size_t max_bytes) {
  if (query.size() > max_bytes) {
    throw Error(Error::Kind::BadInput,
                fmt::format("query string too long ({} bytes; limit {})", query.size(), max_bytes));
  }
  QueryParams params;
  while (!query.empty()) {
    const std::size_t end = query.find_first_of("&;");
    const std::string_view field = query.substr(0, end);
    query = end == std::string_view::npos ? std::string_view{} : query.substr(end + 1);
    if (field.empty()) continue;  // "a=1&&b=2"
    const std::size_t eq = field.find('=');
    if (eq == std::string_view::npos) {
      params.emplace_back(url_decode(field), std::string{});
    } else {
      params.emplace_back(url_decode(field.substr(0, eq)), url_decode(field.substr(eq + 1)));
    }
  }
  return params;
}

}  // namespace slidegif::cgi
