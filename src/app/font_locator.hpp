#pragma once
// The front ends' fonts: the default one, built into the program, and a TrueType file read
// when one is named (--font). The shipped font's file is also looked for next to the executable
// in the build tree (build/slidegif -> fonts/), under the install prefix (bin/slidegif ->
// share/slidegif/fonts/), then the configured data directory. The rendering library is handed
// the bytes (slidegif::Font) and never opens a file itself.

#include <string>
#include <vector>

#include "slidegif/font.hpp"

namespace slidegif::app {

inline constexpr const char* kDefaultFontFile = "DejaVuSans-Bold.ttf";

// The default font (kDefaultFontFile), built into the program: never fails, reads no file.
Font default_font();

// The places looked in, in order, for the running executable.
std::vector<std::string> font_search_path();
// `path` if non-empty (Error(BadInput) when it is not a readable file), else the first hit of
// font_search_path() (Error(Render) naming where it looked).
std::string locate_font(const std::string& path = {});
// The font at locate_font(path), read into memory. Throws as locate_font, or Error(Render)
// when the file cannot be read.
Font load_font(const std::string& path = {});

}  // namespace slidegif::app
