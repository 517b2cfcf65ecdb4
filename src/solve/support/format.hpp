#pragma once
// Message formatting for the solving library, which depends on the standard library alone
// (GCC 12 has no <format>): format("tile {} appears twice", t) replaces each "{}" in turn by
// the next argument as an ostream prints it. Only "{}" is understood; that is all messages need.

#include <sstream>
#include <string>
#include <string_view>

namespace slidegif::detail {

inline void format_rest(std::ostringstream& out, std::string_view pattern) {
  out << pattern;
}

template <class First, class... Rest>
void format_rest(std::ostringstream& out, std::string_view pattern, const First& first,
                 const Rest&... rest) {
  const auto at = pattern.find("{}");
  if (at == std::string_view::npos) {
    out << pattern;
    return;
  }
  out << pattern.substr(0, at) << first;
  format_rest(out, pattern.substr(at + 2), rest...);
}

template <class... Args>
std::string format(std::string_view pattern, const Args&... args) {
  std::ostringstream out;
  format_rest(out, pattern, args...);
  return out.str();
}

}  // namespace slidegif::detail
