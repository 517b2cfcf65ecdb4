#pragma once
// The font of the servers (slidegif.cgi, slidegif.fcgi): the built-in font, with a fallback for
// the characters it lacks (Chinese) chosen when the build was configured, since a server cannot
// count on fontconfig when a request comes (src/cgi/CMakeLists.txt).

#include "slidegif/font.hpp"

namespace slidegif::cgi {

Font server_font();

}  // namespace slidegif::cgi
