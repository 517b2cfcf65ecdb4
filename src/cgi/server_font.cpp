#include "cgi/server_font.hpp"

#include <cstdint>
#include <span>

#include "app/files/font_locator.hpp"

namespace slidegif::embedded {
// Chosen when the build was configured (src/cgi/CMakeLists.txt); empty when none was found.
std::span<const std::uint8_t> cgi_fallback_font();
}  // namespace slidegif::embedded

namespace slidegif::cgi {

// The fallback's bytes are only opened for a character the font lacks.
Font server_font() {
  const Font font = app::default_font();
  const auto fallback = embedded::cgi_fallback_font();
  if (fallback.empty()) return font;
  return font.with_fallbacks({Font::built_in(SLIDEGIF_CGI_FALLBACK_FONT_NAME, fallback)
                                  .with_face_index(SLIDEGIF_CGI_FALLBACK_FONT_INDEX)});
}

}  // namespace slidegif::cgi
