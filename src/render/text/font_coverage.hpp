#pragma once
// Which characters of a text a font can draw: what a front end asks before looking for
// fallback fonts (Font::with_fallbacks) for the rest.
//
//   std::u32string lacking = slidegif::detail::missing_characters(font, "八数码 puzzle");
//   // U"八数码" with a Latin-only font

#include <string>
#include <string_view>

#include "slidegif/font.hpp"

namespace slidegif::detail {

// The distinct characters of `utf8` (in order of first appearance) that `font` itself, not its
// fallbacks, has no glyph for; control characters are left out. Throws Error(Render) when the
// font cannot be loaded.
std::u32string missing_characters(const Font& font, std::string_view utf8);

}  // namespace slidegif::detail
