#include "app/data/pdb_trust.hpp"

#include <fmt/format.h>

#include <chrono>
#include <exception>
#include <fstream>
#include <span>
#include <sstream>
#include <thread>

#include "app/files/atomic_file.hpp"

namespace slidegif::app {
namespace {

std::int64_t nanoseconds(const struct timespec& t) {
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

// Longer than the kernel's coarse clock tick (1 to 10 ms with HZ from 1000 down to 100).
constexpr std::int64_t kRacyNanoseconds = 50'000'000;

std::int64_t now_nanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string trust_stamp_path(const std::string& path) {
  return path + ".ok";
}

std::string trust_stamp(const struct stat& st, std::uint64_t payload_hash) {
  return fmt::format("{} {} {} {} {} {:016x}\n", static_cast<std::uint64_t>(st.st_dev),
                     static_cast<std::uint64_t>(st.st_ino), static_cast<std::uint64_t>(st.st_size),
                     nanoseconds(st.st_mtim), nanoseconds(st.st_ctim), payload_hash);
}

bool trust_stamp_matches(const std::string& path, const std::string& stamp) {
  std::ifstream in(trust_stamp_path(path));
  std::stringstream text;
  text << in.rdbuf();
  return in && text.str() == stamp;
}

void write_trust_stamp(const std::string& path, const struct stat& st, const std::string& stamp) {
  if (now_nanoseconds() - nanoseconds(st.st_ctim) < kRacyNanoseconds) return;
  try {
    write_file_atomically(
        trust_stamp_path(path),
        std::span(reinterpret_cast<const std::uint8_t*>(stamp.data()), stamp.size()));
  } catch (const std::exception&) {
    // A read-only cache (a CGI user) only means the next process checks again.
  }
}

void stamp_written_file(const std::string& path, std::uint64_t payload_hash) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;
  const std::int64_t wait = nanoseconds(st.st_ctim) + kRacyNanoseconds - now_nanoseconds();
  if (wait > 0 && wait <= 2 * kRacyNanoseconds) {
    std::this_thread::sleep_for(std::chrono::nanoseconds(wait + 1'000'000));
  }
  write_trust_stamp(path, st, trust_stamp(st, payload_hash));
}

}  // namespace slidegif::app
