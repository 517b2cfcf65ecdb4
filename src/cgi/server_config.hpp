#pragma once
// What both servers (slidegif.cgi once per request, slidegif.fcgi once per worker) take from
// their administrator rather than from a request: the distance tables' policy and the pictures.

#include <string>

#include "app/data/distance_tables.hpp"
#include "cgi/handler.hpp"

namespace slidegif::cgi {

// Saved tables from `dir` (SLIDEGIF_PDB_DIR); built in memory only to draw a puzzle of a given
// length (moves=), and never over 1 MB: a 3x3 table costs more than the search it would save.
app::TablePolicy server_table_policy(std::string dir);

// Sets config.picture_files and config.picture to the pictures of `dir` (SLIDEGIF_PICTURE_DIR):
// requests name them, never paths. Leaves them empty (picture= is a 400) when `dir` is empty.
void serve_pictures(HandlerConfig& config, const std::string& dir);

}  // namespace slidegif::cgi
