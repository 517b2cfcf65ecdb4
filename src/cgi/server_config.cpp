#include "cgi/server_config.hpp"

#include "app/files/picture_files.hpp"

namespace slidegif::cgi {

app::TablePolicy server_table_policy(std::string dir) {
  return {.max_build_bytes = 1'000'000, .build_to_solve = false, .dir = std::move(dir)};
}

void serve_pictures(HandlerConfig& config, const std::string& dir) {
  if (dir.empty()) return;
  config.picture_files = [dir] { return app::picture_files(dir); };
  config.picture = [dir](std::string_view name, const RenderLimits& limits) {
    return app::read_named_picture(dir, name, limits);
  };
}

}  // namespace slidegif::cgi
