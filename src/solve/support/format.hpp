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

// 20922789888000 -> "20,922,789,888,000": counts of states, for people. (Built from the back:
// GCC 12 warns falsely of string::insert.)
inline std::string with_commas(unsigned long long n) {
  std::string out;
  for (int digits = 0; n > 0 || digits == 0; ++digits, n /= 10) {
    if (digits > 0 && digits % 3 == 0) out += ',';
    out += static_cast<char>('0' + n % 10);
  }
  return {out.rbegin(), out.rend()};
}

}  // namespace slidegif::detail
