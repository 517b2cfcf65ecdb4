#pragma once
// Fonts for the characters the chosen font lacks, found through fontconfig when the command
// line runs (a Chinese title behind the Latin default font, say). The CGI cannot count on
// fontconfig at request time and gets its fallback built in instead (src/cgi/CMakeLists.txt).

#include <functional>
#include <string>
#include <string_view>

#include "slidegif/font.hpp"

namespace slidegif::cli {

// `font` with fallbacks, in fontconfig's order of preference, covering as many characters of
// `text` it lacks as the system's fonts do (bold faces preferred, to match the default font).
// Characters no font has are named through `note` (their boxes are drawn). Unchanged when
// nothing is missing; fontconfig is not started then.
Font with_system_fallbacks(const Font& font, std::string_view text,
                           const std::function<void(const std::string&)>& note = {});

}  // namespace slidegif::cli
