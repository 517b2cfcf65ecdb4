#pragma once
// The shipped font, read once per test process.

#include "app/files/font_locator.hpp"
#include "slidegif/font.hpp"

namespace slidegif::testing {

inline const char* const kTestFontPath = SLIDEGIF_SOURCE_DIR "/fonts/DejaVuSans-Bold.ttf";

inline Font test_font() {
  static const Font font = load_font(kTestFontPath);
  return font;
}

}  // namespace slidegif::testing
