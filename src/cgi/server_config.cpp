#include "cgi/server_config.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "app/files/picture_files.hpp"

namespace slidegif::cgi {
namespace {

// A key is a line of text; a file longer than this is not one (and an HMAC key past the
// hash's 64-byte block is hashed down anyway).
constexpr std::size_t kMaxUrlKeyBytes = 4096;

// The key file's bytes into `key`; "" or what is wrong. Only a regular file of at most
// kMaxUrlKeyBytes is read: a directory, a device (/dev/zero) or a FIFO is refused unread, and
// opening does not block, so a FIFO with no writer cannot hang the program.
std::string read_url_key(const std::string& path, std::string& key) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return fmt::format("cannot read the URL key file {}: {}", path, std::strerror(errno));
  struct stat st {};
  std::string problem;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    problem = fmt::format("the URL key file {} is not a regular file", path);
  } else if (st.st_size > static_cast<off_t>(kMaxUrlKeyBytes)) {
    problem = fmt::format("the URL key file {} has {} bytes; a key has at most {}", path,
                          st.st_size, kMaxUrlKeyBytes);
  } else {
    // One byte more than a key may have: a file that grew since fstat is refused too.
    key.resize(kMaxUrlKeyBytes + 1);
    const ssize_t got = ::read(fd, key.data(), key.size());
    if (got < 0) {
      problem = fmt::format("cannot read the URL key file {}: {}", path, std::strerror(errno));
    } else if (static_cast<std::size_t>(got) > kMaxUrlKeyBytes) {
      problem = fmt::format("the URL key file {} has more than {} bytes", path, kMaxUrlKeyBytes);
    }
    key.resize(got < 0 ? 0 : static_cast<std::size_t>(got));
  }
  ::close(fd);
  return problem;
}

}  // namespace

app::DataServices::Options server_data(const std::string& dir) {
  return {.load = app::read_pdbs(dir),
          .tables = {.max_build_bytes = 1'000'000, .build_to_solve = false, .dir = dir},
          .built_in_tables = {},
          .keep_standard_only = true};
}

void serve_pictures(HandlerConfig& config, const std::string& dir) {
  if (dir.empty()) return;
  config.picture_files = [dir] { return app::picture_files(dir); };
  config.picture = [dir](std::string_view name, const RenderLimits& limits) {
    return app::read_named_picture(dir, name, limits);
  };
}

std::string check_cors_origin(const std::string& origin) {
  if (origin.empty() || origin == "*") return {};
  const bool scheme = origin.starts_with("http://") || origin.starts_with("https://");
  const std::string host = origin.substr(origin.find("//") + 2);
  // Printable ASCII without spaces or commas: nothing that could end or split the header.
  const bool clean = std::all_of(origin.begin(), origin.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u > 0x20 && u < 0x7f && c != ',';
  });
  if (!scheme || host.empty() || host.find('/') != std::string::npos || !clean) {
    return fmt::format(
        "the CORS origin \"{}\" is not an origin: give * or one like https://example.org "
        "(a scheme and a host, no path)",
        origin);
  }
  return {};
}

std::string require_signatures(HandlerConfig& config, const std::optional<std::string>& key_file) {
  if (!key_file) return {};
  config.signed_urls = true;  // from here on nothing is served unsigned, whatever goes wrong
  if (key_file->empty()) {
    return "the URL key file is set to an empty name (unset it to serve unsigned URLs)";
  }
  std::string key;
  if (std::string problem = read_url_key(*key_file, key); !problem.empty()) return problem;
  while (!key.empty() && std::isspace(static_cast<unsigned char>(key.back()))) key.pop_back();
  if (key.empty()) return "the URL key file " + *key_file + " is empty";
  config.url_key = std::move(key);
  return {};
}

}  // namespace slidegif::cgi
