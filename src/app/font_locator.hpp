#pragma once
// Finds the shipped TrueType font for the front ends: next to the executable in the build tree
// (build/slidegif -> fonts/), under the install prefix (bin/slidegif -> share/slidegif/fonts/),
// then the configured data directory.

#include <string>
#include <vector>

namespace slidegif::app {

inline constexpr const char* kDefaultFontFile = "DejaVuSans-Bold.ttf";

// The places looked in, in order, for the running executable.
std::vector<std::string> font_search_path();
// `override_path` if non-empty (it must be a readable file), else the first hit of
// font_search_path(). Throws slidegif::Error(Render) naming where it looked.
std::string locate_font(const std::string& override_path = {});

}  // namespace slidegif::app
