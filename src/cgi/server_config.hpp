#pragma once
// What both servers (slidegif.cgi once per request, slidegif.fcgi once per worker) take from
// their administrator rather than from a request: the databases and tables, the pictures and the
// key of signed URLs.

#include <optional>
#include <string>

#include "app/data/data_services.hpp"
#include "cgi/handler.hpp"

namespace slidegif::cgi {

// The pattern databases of `dir` (SLIDEGIF_PDB_DIR), read, never built, the standard goal's
// kept; saved tables from `dir`, built in memory only to draw a puzzle of a given length
// (moves=), and never over 1 MB: a 3x3 table costs more than the search it would save.
app::DataServices::Options server_data(const std::string& dir);

// Sets config.picture_files and config.picture to the pictures of `dir` (SLIDEGIF_PICTURE_DIR):
// requests name them, never paths. Leaves them empty (picture= is a 400) when `dir` is empty.
void serve_pictures(HandlerConfig& config, const std::string& dir);

// With a key file (SLIDEGIF_URL_KEY_FILE set), config answers signed URLs only (signature.hpp),
// the key being the file's bytes without trailing white space. A setting that is empty, a file
// that cannot be read, is not a regular file of at most 4 KB, or holds nothing, leaves the key
// empty (every request 500) and returns what is wrong. No setting (nullopt): unsigned URLs.
std::string require_signatures(HandlerConfig& config, const std::optional<std::string>& key_file);

// What is wrong with a cross-origin setting (HandlerConfig::cors_origin), "" when it is usable:
// empty (none), "*", or one origin, http:// or https:// and a host, nothing that could end the
// header (no spaces, control characters, commas or path).
std::string check_cors_origin(const std::string& origin);

}  // namespace slidegif::cgi
