#include "cgi/etag.hpp"

#include <fmt/format.h>
#include <xxhash.h>

namespace slidegif::cgi {

std::string make_etag(std::string_view canonical) {
  const XXH128_hash_t h = XXH3_128bits(canonical.data(), canonical.size());
  return fmt::format("\"sg-{:016x}{:016x}\"", h.high64, h.low64);
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  std::string_view rest = if_none_match;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
    if (item == "*") return true;
    if (item.starts_with("W/")) item.remove_prefix(2);
    if (!item.empty() && item == etag) return true;
  }
  return false;
}

}  // namespace slidegif::cgi
