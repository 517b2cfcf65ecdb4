#include "cgi/server_config.hpp"

#include <cctype>
#include <fstream>
#include <iterator>

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

std::string require_signatures(HandlerConfig& config, const std::string& key_file) {
  if (key_file.empty()) return {};
  config.signed_urls = true;
  std::ifstream in(key_file, std::ios::binary);
  std::string key((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
  if (!in.is_open() || in.bad()) return "cannot read the URL key file " + key_file;
  if (key.empty()) return "the URL key file " + key_file + " is empty";
  config.url_key = std::move(key);
  return {};
}

}  // namespace slidegif::cgi
