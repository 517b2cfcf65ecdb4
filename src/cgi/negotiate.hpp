#pragma once
// Content negotiation: without format=, the request's Accept header picks the format, as the
// image services people deploy do (imgproxy, thumbor): WebP where the client says it takes it,
// else GIF, which every client plays.
//
//   format_for_accept("image/avif,image/webp,*/*")  // OutputFormat::Webp

#include <string_view>

#include "slidegif/format.hpp"

namespace slidegif::cgi {

// Whether `accept` (an HTTP Accept header) names `mime_type` itself with a quality above 0.
// Wildcards (image/*, */*) do not count: old clients send them without playing WebP.
bool accepts(std::string_view accept, std::string_view mime_type);

// WebP when `accept` accepts image/webp, else GIF.
OutputFormat format_for_accept(std::string_view accept);

}  // namespace slidegif::cgi
