#include "app/data/pdb_trust.hpp"

#include <fmt/format.h>

#include <exception>
#include <fstream>
#include <span>
#include <sstream>

#include "app/files/atomic_file.hpp"

namespace slidegif::app {

std::string trust_stamp_path(const std::string& path) {
  return path + ".ok";
}

std::string trust_stamp(const struct stat& st, std::uint64_t payload_hash) {
  return fmt::format("{} {} {} {:016x}\n", static_cast<std::uint64_t>(st.st_size),
                     static_cast<std::uint64_t>(st.st_ino),
                     static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                     payload_hash);
}

bool trust_stamp_matches(const std::string& path, const std::string& stamp) {
  std::ifstream in(trust_stamp_path(path));
  std::stringstream text;
  text << in.rdbuf();
  return in && text.str() == stamp;
}

void write_trust_stamp(const std::string& path, const std::string& stamp) {
  try {
    write_file_atomically(
        trust_stamp_path(path),
        std::span(reinterpret_cast<const std::uint8_t*>(stamp.data()), stamp.size()));
  } catch (const std::exception&) {
    // A read-only cache (a CGI user) only means the next process checks again.
  }
}

}  // namespace slidegif::app
