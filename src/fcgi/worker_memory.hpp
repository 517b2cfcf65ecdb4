#pragma once
// A FastCGI worker's memory, in one place: the defaults of --cache-size and --memory-limit
// (server_options.hpp), what a worker's context keeps (context.hpp), and what one request needs
// beside the caches (check_server_options).

#include <cstddef>

#include "cgi/limits.hpp"

namespace slidegif::fcgi {

// Drawings and coded moves a worker keeps between requests.
inline constexpr unsigned kDefaultCacheMb = 96;
// All the private memory a worker may hold: the CGI's bound.
inline constexpr unsigned kDefaultMemoryMb = cgi::kPrivateMemoryBytes >> 20;
// Beside the caches: the largest request the render limits allow, with room.
inline constexpr unsigned kRequestMemoryMb = 256;

constexpr std::size_t megabytes(unsigned mb) {
  return std::size_t{mb} << 20;
}

}  // namespace slidegif::fcgi
