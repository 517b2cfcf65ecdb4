#pragma once
// The front ends' fonts: the default one, built into the program (so a program built or copied
// anywhere draws text without finding a file), and a TrueType file read when one is named
// (--font). The rendering library is handed the bytes (slidegif::Font) and never opens a file.

#include <string>

#include "slidegif/font.hpp"
#include "slidegif/render.hpp"  // load_font

namespace slidegif::app {

inline constexpr const char* kDefaultFontFile = "DejaVuSans-Bold.ttf";

// The default font (kDefaultFontFile), built into the program: never fails, reads no file.
Font default_font();

// load_font(path), or default_font() when path is empty.
Font font_or_default(const std::string& path);

}  // namespace slidegif::app
