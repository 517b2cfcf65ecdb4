#include "cgi/negotiate.hpp"

#include <algorithm>
#include <cctype>

#include "cgi/response.hpp"

namespace slidegif::cgi {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The q parameter of a media range's parameters ("q=0.5;level=1"): 1 when absent; 0 for
// q=0, q=0.0, q=0.000 (RFC 9110 allows three decimals).
bool zero_quality(std::string_view params) {
  while (!params.empty()) {
    const std::size_t semi = params.find(';');
    const std::string_view p = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    if (p.size() < 2 || std::tolower(static_cast<unsigned char>(p[0])) != 'q' || p[1] != '=') {
      continue;
    }
    const std::string_view v = p.substr(2);
    return !v.empty() && v[0] == '0' && v.find_first_not_of("0.", 0) == std::string_view::npos;
  }
  return false;
}

}  // namespace

bool accepts(std::string_view accept, std::string_view mime_type) {
  while (!accept.empty()) {
    const std::size_t comma = accept.find(',');
    const std::string_view range = accept.substr(0, comma);
    accept = comma == std::string_view::npos ? std::string_view{} : accept.substr(comma + 1);
    const std::size_t semi = range.find(';');
    const std::string_view type = trim(range.substr(0, semi));
    if (!iequals(type, mime_type)) continue;
    return semi == std::string_view::npos || !zero_quality(range.substr(semi + 1));
  }
  return false;
}

OutputFormat format_for_accept(std::string_view accept) {
  return accepts(accept, format_info(OutputFormat::Webp).mime_type) ? OutputFormat::Webp
                                                                    : OutputFormat::Gif;
}

}  // namespace slidegif::cgi
